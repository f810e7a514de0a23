/** POST /api/v2/xml: invoice JSON -> validated Factur-X EN 16931 CII XML (422 with official rule ids when invalid). */
import { generateFacturXml } from '../lib/generate.js';
import { parseInvoiceInput } from '../lib/input/schema.js';
import { parseBody } from './_shared/body.js';
import { jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint('v2', ({ body }) => {
  const input = parseBody(parseInvoiceInput, body);
  const { xml, profile, validation } = generateFacturXml(input);
  return { data: { xml, profile, validation } };
});
