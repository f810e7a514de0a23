/**
 * POST /api/v2/xml: invoice JSON -> validated Factur-X EN 16931 CII XML (422 with official rule ids when invalid,
 * an absent mandatory term included: BR-02, BR-06, BR-16, ...; 400 only for what cannot be read).
 */
import { generateFacturXml } from '../lib/generate.js';
import { parsePartialInvoiceInput } from '../lib/input/partial.js';
import { parseBody } from './_shared/body.js';
import { jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint('v2', ({ body }) => {
  const input = parseBody(parsePartialInvoiceInput, body);
  const { xml, profile, validation } = generateFacturXml(input);
  return { data: { xml, profile, validation } };
});
