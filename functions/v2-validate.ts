/**
 * POST /api/v2/validate: validates invoice JSON against EN 16931 without producing XML,
 * or an XML invoice, CII or UBL 2.1 Invoice / CreditNote (raw body with Content-Type application/xml or text/xml, or JSON {"xml": "..."}).
 * 200 whatever the verdict, an absent mandatory term being a finding with its official id (BR-02, BR-06, BR-16, ...).
 */
import { checkInvoiceInput } from '../lib/generate.js';
import { parsePartialInvoiceInput } from '../lib/input/partial.js';
import { parseBody, requestRules, requestSyntax, requestXml } from './_shared/body.js';
import { jsonEndpoint } from './_shared/http.js';
import { validateXmlVerdict } from './_shared/xml.js';

export const handler = jsonEndpoint(
  'v2',
  async (req) => {
    const text = requestXml(req);
    const rules = requestRules(req);
    if (text !== undefined) return { data: await validateXmlVerdict(text, req.context, rules) };
    return { data: checkInvoiceInput(parseBody(parsePartialInvoiceInput, req.body), { rules, syntax: requestSyntax(req) }) };
  },
  { acceptXml: true },
);
