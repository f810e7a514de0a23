/**
 * JSON Schema of the v2 invoice input, generated from the same valibot schema
 * the handlers parse with (DECISIONS.md: OpenAPI generated from the valibot
 * schemas), for `GET /api/openapi.json`.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import { InvoiceInputSchema } from './schema.js';

/** JSON Schema drafts @valibot/to-json-schema can target (OpenAPI 3.1 uses draft 2020-12). */
export type JsonSchemaTarget = 'draft-07' | 'draft-2020-12' | 'openapi-3.0';

/**
 * The JSON Schema of what a client sends as the v2 invoice input (the input
 * side of {@link InvoiceInputSchema}: amounts as number or decimal string,
 * defaults shown, checks that only the service runs left out).
 */
export function invoiceInputJsonSchema(target: JsonSchemaTarget = 'draft-2020-12'): JsonSchema {
  return toJsonSchema(InvoiceInputSchema, { typeMode: 'input', target });
}
