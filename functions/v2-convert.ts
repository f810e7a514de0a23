/**
 * POST /api/v2/convert: an EN 16931 invoice in CII D16B or UBL 2.1 (raw application/xml or text/xml body, or
 * {"xml": "...", "to": "ubl"}) -> the same invoice in the other syntax (or `to` / `?to=`), with the verdict on it and
 * `unmapped`: what of the source the converted document does not carry (lib/convert/convert.ts). A document that is
 * neither, or not a valid EN 16931 invoice, is a 422. Large XML is converted in the isolation pool.
 */
import { convertInvoiceXml, publicConversion } from '../lib/convert/convert.js';
import { CONVERT_BUDGET_MS, INLINE_XML_BYTES } from '../lib/isolate/budgets.js';
import { bodyProblem, requestRules, requestSyntax, requestXml } from './_shared/body.js';
import { config } from './_shared/config.js';
import { jsonEndpoint } from './_shared/http.js';
import { runIsolated } from './_shared/isolate.js';

export const handler = jsonEndpoint(
  'v2',
  async (req) => {
    const xml = requestXml(req);
    if (xml === undefined) throw bodyProblem('xml', 'is required: send the CII or UBL XML as the body (application/xml, text/xml) or as {"xml": "...", "to": "ubl"}');
    const to = requestSyntax(req, 'to');
    const rules = requestRules(req);
    const options = { ...(config.schemaDir ? { schemaDir: config.schemaDir } : {}), ...(to ? { to } : {}), ...(rules ? { rules } : {}) };
    const data =
      xml.length <= INLINE_XML_BYTES
        ? publicConversion(convertInvoiceXml(xml, options))
        : await runIsolated('convertXml', { xml, ...options }, { timeoutMs: CONVERT_BUDGET_MS, what: 'converting the invoice', context: req.context });
    return { data };
  },
  { acceptXml: true },
);
