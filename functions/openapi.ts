/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the valibot schemas the handlers use. */
import { getEndpoint, jsonResult } from './_shared/http.js';
import { buildOpenApi } from './_shared/openapi.js';

/** Built on first use and kept: the document depends only on the code. */
let document: ReturnType<typeof buildOpenApi> | undefined;

export const handler = getEndpoint(() => jsonResult(200, (document ??= buildOpenApi()), { 'Cache-Control': 'public, max-age=300' }));
