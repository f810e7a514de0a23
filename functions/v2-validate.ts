/**
 * POST /api/v2/validate: validates invoice JSON against EN 16931 without producing XML,
 * or a CII XML invoice (raw body with Content-Type application/xml or text/xml, or JSON {"xml": "..."}).
 * 200 whatever the verdict.
 */
import { checkInvoiceInput } from '../lib/generate.js';
import { parseInvoiceInput } from '../lib/input/schema.js';
import { publicXmlValidation, validateCiiXml } from '../lib/validate-xml.js';
import { parseBody, xmlField } from './_shared/body.js';
import { config } from './_shared/config.js';
import { jsonEndpoint } from './_shared/http.js';

export const handler = jsonEndpoint(
  'v2',
  ({ body, xml }) => {
    const text = xml ?? xmlField(body);
    if (text !== undefined) return { data: publicXmlValidation(validateCiiXml(text, { schemaDir: config.schemaDir })) };
    return { data: checkInvoiceInput(parseBody(parseInvoiceInput, body)) };
  },
  { acceptXml: true },
);
