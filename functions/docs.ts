/**
 * GET /api/docs: the API page, Swagger UI over /api/openapi.json with "Try it out" against this server
 * (functions/_shared/docs-page.ts). A small page: Swagger UI's files come from GET /api/docs/{asset}.
 */
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_PAGE_HTML } from './_shared/docs-page.js';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { getEndpoint } from './_shared/http.js';

export const handler = getEndpoint((event): APIGatewayProxyResult => {
  // The page's URLs are relative to /api/docs: from /api/docs/ they would miss, so that form is sent to the other.
  if (event.path.endsWith('/')) return { statusCode: 301, headers: { Location: '../docs', 'Cache-Control': 'public, max-age=300' }, body: '' };
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
    body: DOCS_PAGE_HTML,
  };
});
