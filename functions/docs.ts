/** GET /api/docs: a human-readable page of the API (every endpoint, its fields, an example request and response). */
import { renderDocsPage } from './_shared/docs-page.js';
import { getEndpoint } from './_shared/http.js';

export const handler = getEndpoint(() => ({
  statusCode: 200,
  headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  body: renderDocsPage(),
}));
