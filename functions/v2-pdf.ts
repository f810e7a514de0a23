/**
 * POST /api/v2/pdf: {invoiceData, pdfBase64} -> the client's PDF as a Factur-X PDF/A-3b file with the
 * validated EN 16931 XML embedded (422 with the official rule ids when the invoice is invalid; nothing produced).
 */
import { generateFacturXml } from '../lib/generate.js';
import { embedFacturX } from '../lib/pdf/embed.js';
import { contentDisposition, headerValue, pdfResult } from './_shared/binary.js';
import { parseBody, parsePdfBody } from './_shared/body.js';
import { elapsedMs, jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint('v2', async ({ body, startedAt }) => {
  const { invoice, pdf } = parseBody(parsePdfBody, body);
  const { xml, invoice: model } = generateFacturXml(invoice);
  const result = await embedFacturX(pdf, xml, { profile: 'EN 16931' });
  return {
    http: pdfResult(result.pdf, {
      'Content-Disposition': contentDisposition(model.number),
      'X-Invoice-Number': headerValue(model.number),
      'X-Conversion-Method': result.method,
      'X-Processing-Time-Ms': String(elapsedMs(startedAt)),
    }),
  };
});
