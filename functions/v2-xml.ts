/**
 * POST /api/v2/xml: invoice JSON -> validated EN 16931 XML, Factur-X CII (default) or UBL 2.1 (`"syntax": "ubl"` or
 * `?syntax=ubl`; a CreditNote for credit-note type codes); `rules` (JSON or `?rules=`) adds BR-FR, XRechnung (an
 * XRechnung 3.0 invoice) or Peppol BIS Billing (a Peppol UBL invoice); 422 with official rule ids when invalid (an
 * absent mandatory term included: BR-02, BR-06, BR-16, BR-DE-15, ...); 400 only for what cannot be read.
 */
import { generateInvoiceXml } from '../lib/generate.js';
import { parsePartialInvoiceInput } from '../lib/input/partial.js';
import { parseBody, requestRules, requestSyntax } from './_shared/body.js';
import { jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint('v2', (req) => {
  const input = parseBody(parsePartialInvoiceInput, req.body);
  const { xml, syntax, documentType, profile, validation, unmapped } = generateInvoiceXml(input, { syntax: requestSyntax(req), rules: requestRules(req) });
  return { data: { xml, syntax, profile, validation, ...(syntax === 'ubl' ? { documentType, unmapped } : {}) } };
});
