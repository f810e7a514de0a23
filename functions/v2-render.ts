/**
 * POST /api/v2/render: a CII XML invoice (raw text/xml or application/xml body, or {"xml": "..."}) -> a readable
 * invoice PDF; a Factur-X PDF/A-3 with the XML embedded when the XML is a valid EN 16931 invoice.
 */
import { renderInvoicePdf } from '../lib/pdf/render/render.js';
import { contentDisposition, headerList, headerValue, pdfResult } from './_shared/binary.js';
import { bodyProblem, requestXml } from './_shared/body.js';
import { elapsedMs, jsonEndpoint } from './_shared/http.js';
import { validateXml } from './_shared/xml.js';

export const handler = jsonEndpoint(
  'v2',
  async (req) => {
    const text = requestXml(req);
    if (text === undefined) throw bodyProblem('xml', 'is required: send the CII XML as the body (text/xml) or as {"xml": "..."}');
    const verdict = validateXml(text);
    const embeddable = verdict.valid && verdict.profile !== 'UNKNOWN';
    const pdf = await renderInvoicePdf(verdict.invoice, embeddable ? { xml: text, xmlProfile: verdict } : {});
    return {
      http: pdfResult(pdf, {
        'Content-Disposition': contentDisposition(verdict.invoice.number || 'invoice'),
        'X-Invoice-Number': headerValue(verdict.invoice.number),
        'X-Facturx': embeddable ? 'embedded' : 'not-embedded',
        'X-Validation': verdict.valid ? 'valid' : headerList('invalid; ', [...new Set(verdict.errors.map((e) => e.rule))]),
        'X-Processing-Time-Ms': String(elapsedMs(req.startedAt)),
      }),
    };
  },
  { acceptXml: true },
);
