/**
 * The files of the API page (GET /api/docs/{asset}): Swagger UI from the
 * swagger-ui-dist package (Apache-2.0) as installed with the service, never
 * from a CDN, and the page's own script. The Lambda of /api/docs/{asset}
 * ships these package files beside its bundle (infra/route-settings.ts), and
 * the local server reads them from node_modules: one list for both.
 */

/** The npm package Swagger UI is served from. */
export const SWAGGER_UI_PACKAGE = 'swagger-ui-dist';

/** Media types of the files served. */
const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** Asset name (the last segment of /api/docs/{asset}) -> file of the package and media type. */
export const SWAGGER_UI_ASSETS: Readonly<Record<string, { file: string; type: string }>> = Object.freeze({
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: JS },
  'swagger-ui.css': { file: 'swagger-ui.css', type: CSS },
  // Apache-2.0 asks that a redistribution carries the licence and the NOTICE; the bundle's own notices name what it bundles.
  'swagger-ui-LICENSE.txt': { file: 'LICENSE', type: TEXT },
  'swagger-ui-NOTICE.txt': { file: 'NOTICE', type: TEXT },
  'swagger-ui-bundle.js.LICENSE.txt': { file: 'swagger-ui-bundle.js.LICENSE.txt', type: TEXT },
});

/** The page's script (./docs-page.ts): it starts Swagger UI on /api/openapi.json. */
export const DOCS_SCRIPT_ASSET = 'docs.js';

/** Every asset name of /api/docs/{asset}. */
export const DOCS_ASSET_NAMES: readonly string[] = Object.freeze([...Object.keys(SWAGGER_UI_ASSETS), DOCS_SCRIPT_ASSET]);

/** The package files the /api/docs/{asset} function needs at run time (package.json first: it locates the package). */
export const SWAGGER_UI_RUNTIME_FILES: readonly string[] = Object.freeze(['package.json', ...new Set(Object.values(SWAGGER_UI_ASSETS).map((a) => a.file))]);
