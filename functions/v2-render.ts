/**
 * POST /api/v2/render: a CII XML invoice (raw text/xml or application/xml body, or {"xml": "..."}) -> a readable
 * invoice PDF; a Factur-X PDF/A-3 with the XML embedded when the XML is a valid EN 16931 invoice.
 */
import { InputError } from '../lib/errors.js';
import { renderInvoicePdf } from '../lib/pdf/render/render.js';
import { validateCiiXml } from '../lib/validate-xml.js';
import { contentDisposition, headerValue, pdfResult } from './_shared/binary.js';
import { xmlField } from './_shared/body.js';
import { config } from './_shared/config.js';
import { elapsedMs, jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint(
  'v2',
  async ({ body, xml, startedAt }) => {
    const text = xml ?? xmlField(body);
    if (text === undefined) throw new InputError('The body has 1 problem.', [{ path: 'xml', message: 'is required: send the CII XML as the body (text/xml) or as {"xml": "..."}' }]);
    const verdict = validateCiiXml(text, { schemaDir: config.schemaDir });
    const embeddable = verdict.valid && verdict.profile !== 'UNKNOWN';
    const pdf = await renderInvoicePdf(verdict.invoice, embeddable ? { xml: text, xmlProfile: verdict } : {});
    return {
      http: pdfResult(pdf, {
        'Content-Disposition': contentDisposition(verdict.invoice.number || 'invoice'),
        'X-Invoice-Number': headerValue(verdict.invoice.number),
        'X-Facturx': embeddable ? 'embedded' : 'not-embedded',
        'X-Validation': verdict.valid ? 'valid' : `invalid; ${[...new Set(verdict.errors.map((e) => e.rule))].slice(0, 20).join(' ')}`,
        'X-Processing-Time-Ms': String(elapsedMs(startedAt)),
      }),
    };
  },
  { acceptXml: true },
);
