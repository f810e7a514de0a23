/**
 * The API page (GET /api/docs): a small HTML page that loads Swagger UI and
 * its stylesheet from this server (GET /api/docs/{asset}, ./swagger-ui.ts)
 * and points it at /api/openapi.json. Every URL is relative to the page, so
 * it works at the root of the local server and behind an API Gateway stage
 * (`/prod/api/docs`) alike; the Content-Security-Policy lets the page reach
 * this server only.
 */
import swaggerUiPackage from 'swagger-ui-dist/package.json' with { type: 'json' };
import { DOCS_SCRIPT_ASSET, SWAGGER_UI_PACKAGE } from './swagger-ui.js';
import { SERVICE_VERSION } from './version.js';

/** The Swagger UI version served (from the installed package). */
export const SWAGGER_UI_VERSION: string = swaggerUiPackage.version;

/**
 * What the page may load: scripts, styles and data from this server only
 * (Swagger UI sets inline styles; its icons are data: URLs). "Try it out"
 * sends requests to this server (connect-src 'self').
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Asset URLs carry the versions, so a browser may keep the files (./docs-assets.ts) and still gets new ones after an upgrade. */
const QUERY = `?v=${encodeURIComponent(`${SWAGGER_UI_VERSION}-${SERVICE_VERSION}`)}`;

/** The page, relative to /api/docs. */
export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Factur-X / EN 16931 conversion API</title>
<link rel="stylesheet" href="docs/swagger-ui.css${QUERY}">
<style>body{margin:0}.fx-note{font:13px/1.5 system-ui,sans-serif;color:#3b4151;max-width:1460px;margin:0 auto;padding:0 20px 2rem}</style>
</head>
<body>
<noscript><p class="fx-note">This page needs JavaScript. The API description is <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p></noscript>
<div id="swagger-ui"></div>
<p class="fx-note">The machine-readable description: <a href="openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Viewer: Swagger UI ${SWAGGER_UI_VERSION} (${SWAGGER_UI_PACKAGE}, Apache-2.0: <a href="docs/swagger-ui-LICENSE.txt">licence</a>, <a href="docs/swagger-ui-NOTICE.txt">notice</a>, <a href="docs/swagger-ui-bundle.js.LICENSE.txt">bundled components</a>), served by this API.</p>
<script src="docs/swagger-ui-bundle.js${QUERY}"></script>
<script src="docs/${DOCS_SCRIPT_ASSET}${QUERY}"></script>
</body>
</html>
`;

/**
 * The page's script: Swagger UI over the document of the API the page belongs
 * to. The API root is the page's path less `/api/docs` (empty locally,
 * `/prod` behind the API Gateway stage); the document's server is relative
 * too, so "Try it out" calls this same server. No validator badge (it would
 * send the document to validator.swagger.io) and no `?url=` override.
 */
export const DOCS_SCRIPT = `(function () {
  'use strict';
  var root = window.location.pathname.replace(/\\/api\\/docs\\/?$/, '');
  window.ui = SwaggerUIBundle({
    url: root + '/api/openapi.json',
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: false,
    queryConfigEnabled: false,
    requestSnippetsEnabled: true,
    tryItOutEnabled: false,
    validatorUrl: null
  });
})();
`;
