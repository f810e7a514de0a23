/**
 * The OpenAPI 3.1 document of the API (GET /api/openapi.json, shown by
 * GET /api/docs): one operation per route of functions/routes.ts
 * (./openapi/paths.ts), the request bodies generated from the same valibot
 * schemas the handlers parse with (./openapi/schemas.ts), the error envelope
 * with every code (./openapi/errors.ts). test/openapi/ validates it against
 * the official OpenAPI 3.1 schema, runs Redocly's recommended rules on it,
 * and fails when a route is not documented.
 */
import { ROUTES } from '../routes.js';
import { EXAMPLES } from './openapi/examples.js';
import { operations, TAGS } from './openapi/paths.js';
import { componentSchemas, HEADERS } from './openapi/schemas.js';
import { SERVICE_VERSION } from './version.js';

export { IDEMPOTENCY_KEY_PARAMETER, MISSING_DATA } from './openapi/schemas.js';

type JsonObject = Record<string, unknown>;

/** The overview shown at the top of /api/docs (Markdown). */
const OVERVIEW = `Turns invoice data into EN 16931 XML in either syntax (Factur-X CII or UBL 2.1) and converts between them, validates CII and UBL invoices against the EN 16931 business rules (the official rule ids of the CEN artefacts 1.3.16) and, as \`rules\` asks, the French BR-FR, German XRechnung 3.0 and Peppol BIS Billing 3.0 rules (BR-FR by default for French sellers), embeds the XML into PDF/A-3 files and renders invoices as PDF; v1 also reads invoices from PDF, images, Excel and Word.

**Answers.** Every JSON answer is \`{"success": true, "data": ..., "meta": {"processingTimeMs", "apiVersion"}}\` (v1 validate: \`validation\` instead of \`data\`). Every failure, on every endpoint, is \`{"success": false, "error": {"code", "message", "details?"}}\` (schema \`Error\`, with each code), never a stack trace. Each operation lists the codes it answers.

**Missing data is a finding, not a 400.** An absent mandatory business term gets its official EN 16931 rule id (BR-02, BR-06, BR-16, BR-22, ...): the validate endpoints answer 200 with \`valid: false\`, \`/api/v2/xml\` and \`/api/v2/pdf\` 422 \`VALIDATION_FAILED\`. 400 is for what cannot be read.

**Codes and amounts.** Codes of numeric code lists (documentType, paymentMeans.typeCode, taxPointDateCode, allowance reason codes, ISO 6523 / EAS schemes) may be JSON numbers or strings; amounts, quantities and rates (vatRate included) JSON numbers or decimal strings ("12.50").

**Authentication.** v2, health and the docs: none. v1: \`X-API-Key: <key>\` or \`Authorization: Bearer <key>\`; \`npm start\` prints a development key at its first start. Use **Authorize** on this page before trying a v1 operation.

**Limits.** Bodies up to 6 MB (413). 60 requests a minute per client address (v2) or per API key (v1), else 429 with \`Retry-After\`. v1 plans: free 100, starter 1,000, business 10,000 conversions a month (429 \`QUOTA_EXCEEDED\`).

**Any path.** An unknown path is 404 \`NOT_FOUND\`, a known one with another method 405 \`METHOD_NOT_ALLOWED\` (with \`Allow\`); the local server answers 504 \`REQUEST_TIMEOUT\` after 30 s.`;

/** Builds the OpenAPI 3.1 document (pure; cached by the caller). */
export function buildOpenApi(): JsonObject {
  const described = operations();
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of ROUTES) {
    const key = `${route.method} ${route.path}`;
    const op = described[key];
    // An undocumented route is left out here; test/openapi/document.test.ts names it.
    if (op === undefined) continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = { summary: route.summary, ...op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Factur-X / EN 16931 conversion API',
      version: SERVICE_VERSION,
      description: OVERVIEW,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: '..',
        description: 'This server: the API root of /api/openapi.json (local, or the API Gateway stage)',
      },
    ],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The v1 API key.' },
        BearerKey: { type: 'http', scheme: 'bearer', description: 'The same API key as `Authorization: Bearer <key>`.' },
      },
      schemas: componentSchemas(),
      headers: { ...HEADERS },
      examples: { ...EXAMPLES },
    },
  };
}
