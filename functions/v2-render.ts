/**
 * POST /api/v2/render: an XML invoice, CII or UBL 2.1 (raw text/xml or application/xml body, or {"xml": "..."}) -> a readable
 * invoice PDF; a Factur-X PDF/A-3 with the XML embedded when the XML is a valid EN 16931 invoice: the CII itself
 * (`X-Facturx: embedded`), or the CII conversion of a UBL invoice (`X-Facturx: embedded-converted-from-ubl`, with
 * `X-Conversion-Unmapped`: how many items of the UBL the CII does not carry, see POST /api/v2/convert).
 * Large XML is validated and rendered in the isolation pool (a time budget, memory limits).
 */
import { INLINE_XML_BYTES, RENDER_BUDGET_MS } from '../lib/isolate/budgets.js';
import { renderXml } from '../lib/isolate/tasks.js';
import { contentDisposition, headerList, headerValue, pdfResult } from './_shared/binary.js';
import { bodyProblem, requestRules, requestXml } from './_shared/body.js';
import { config } from './_shared/config.js';
import { elapsedMs, jsonEndpoint } from './_shared/http.js';
import { runIsolated } from './_shared/isolate.js';

export const handler = jsonEndpoint(
  'v2',
  async (req) => {
    const xml = requestXml(req);
    if (xml === undefined) throw bodyProblem('xml', 'is required: send the XML (CII or UBL) as the body (text/xml) or as {"xml": "..."}');
    const rules = requestRules(req);
    const options = { ...(config.schemaDir ? { schemaDir: config.schemaDir } : {}), ...(rules ? { rules } : {}) };
    const rendered =
      xml.length <= INLINE_XML_BYTES
        ? await renderXml(xml, options)
        : await runIsolated('renderXml', { xml, ...options }, { timeoutMs: RENDER_BUDGET_MS, what: 'rendering the invoice', context: req.context });
    return {
      http: pdfResult(rendered.pdf, {
        'Content-Disposition': contentDisposition(rendered.invoiceNumber || 'invoice'),
        'X-Invoice-Number': headerValue(rendered.invoiceNumber),
        // A UBL invoice is embedded as its CII conversion (Factur-X carries CII): said so, with what CII could not carry.
        'X-Facturx': !rendered.embedded ? 'not-embedded' : rendered.convertedFrom === 'ubl' ? 'embedded-converted-from-ubl' : 'embedded',
        ...(rendered.convertedFrom === 'ubl' ? { 'X-Conversion-Unmapped': String(rendered.unmapped ?? 0) } : {}),
        'X-Validation': rendered.valid ? 'valid' : headerList('invalid; ', rendered.errorRules),
        'X-Processing-Time-Ms': String(elapsedMs(req.startedAt)),
      }),
    };
  },
  { acceptXml: true },
);
