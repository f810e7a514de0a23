/**
 * POST /api/v2/pdf: {invoiceData, pdfBase64} -> the client's PDF as a Factur-X PDF/A-3b file with the
 * validated EN 16931 XML embedded (422 with the official rule ids when the invoice is invalid; nothing produced).
 * The client's PDF is read in the isolation pool (memory limits, a time budget).
 */
import { generateFacturXml } from '../lib/generate.js';
import { EMBED_BUDGET_MS } from '../lib/isolate/budgets.js';
import { contentDisposition, headerValue, pdfResult } from './_shared/binary.js';
import { parseBody, parsePdfBody, requestRules } from './_shared/body.js';
import { elapsedMs, jsonEndpoint } from './_shared/http.js';
import { runIsolated } from './_shared/isolate.js';

export const handler = jsonEndpoint('v2', async (req) => {
  const { body, context, startedAt } = req;
  const { invoice, pdf } = parseBody(parsePdfBody, body);
  const { xml, invoice: model } = generateFacturXml(invoice, { rules: requestRules(req) });
  const result = await runIsolated('embed', { pdf, xml, profile: 'EN 16931' }, { timeoutMs: EMBED_BUDGET_MS, what: 'converting the PDF', context });
  return {
    http: pdfResult(result.pdf, {
      'Content-Disposition': contentDisposition(model.number),
      'X-Invoice-Number': headerValue(model.number),
      'X-Conversion-Method': result.method,
      'X-Processing-Time-Ms': String(elapsedMs(startedAt)),
    }),
  };
});
