/** POST /api/v2/validate: checks invoice JSON against EN 16931 without producing XML; 200 whatever the verdict. */
import { checkInvoiceInput } from '../lib/generate.js';
import { parseInvoiceInput } from '../lib/input/schema.js';
import { parseBody } from './_shared/body.js';
import { jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint('v2', ({ body }) => {
  const input = parseBody(parseInvoiceInput, body);
  return { data: checkInvoiceInput(input) };
});
