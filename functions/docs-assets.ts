/**
 * GET /api/docs/{asset}: the files of the API page. Swagger UI comes from the swagger-ui-dist package as installed
 * (node_modules locally; on Lambda the package files ship beside this function's bundle, infra/route-settings.ts),
 * never from a CDN; the page script from functions/_shared/docs-page.ts. Each file is read once, with an ETag.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOCS_SCRIPT } from './_shared/docs-page.js';
import { getEndpoint, jsonResult } from './_shared/http.js';
import { DOCS_SCRIPT_ASSET, SWAGGER_UI_ASSETS, SWAGGER_UI_PACKAGE } from './_shared/swagger-ui.js';

interface Asset {
  body: string;
  type: string;
  etag: string;
}

const loaded = new Map<string, Asset>();

function asset(name: string): Asset | undefined {
  const known = loaded.get(name);
  if (known) return known;
  let body: string;
  let type: string;
  if (name === DOCS_SCRIPT_ASSET) {
    body = DOCS_SCRIPT;
    type = 'text/javascript; charset=utf-8';
  } else {
    const entry = Object.hasOwn(SWAGGER_UI_ASSETS, name) ? SWAGGER_UI_ASSETS[name] : undefined;
    if (entry === undefined) return undefined;
    const dir = dirname(createRequire(import.meta.url).resolve(`${SWAGGER_UI_PACKAGE}/package.json`));
    body = readFileSync(join(dir, entry.file), 'utf8');
    type = entry.type;
  }
  const made = { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  loaded.set(name, made);
  return made;
}

export const handler = getEndpoint((event): APIGatewayProxyResult => {
  const name = event.pathParameters?.asset ?? '';
  const found = asset(name);
  if (found === undefined) {
    return jsonResult(404, { success: false, error: { code: 'NOT_FOUND', message: `No file ${JSON.stringify(name.slice(0, 80))} on the API page.` } });
  }
  // A day: the page asks for the files with the versions in the query, so an upgrade is seen at once.
  const headers = { 'Cache-Control': 'public, max-age=86400', ETag: found.etag };
  if (event.headers?.['if-none-match'] === found.etag) return { statusCode: 304, headers, body: '' };
  return { statusCode: 200, headers: { ...headers, 'Content-Type': found.type, 'X-Content-Type-Options': 'nosniff' }, body: found.body };
});
