/**
 * The synthesized bundles (real esbuild bundling, as `cdk synth` does): lib/
 * lives in the core layer only, function bundles import it from /opt, stay
 * within the size budget, and actually run: a fresh Node process loads a
 * function bundle with the layer folder mounted at /opt and answers the
 * recorded API Gateway events.
 */
import { App } from 'aws-cdk-lib';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { SWAGGER_UI_PACKAGE, SWAGGER_UI_RUNTIME_FILES } from '../../functions/_shared/swagger-ui.js';
import type { ApiFunction } from '../../infra/api-function.js';
import { CORE_IMPORT_BASE, LAYER_CORE_DIR } from '../../infra/bundling/core-paths.js';
import { runInFreshNode, stageForDirectImport } from '../../infra/bundling/emulate.js';
import { LIBXML2_WASM_FILE } from '../../infra/bundling/libxml2-wasm.js';
import { TRIMMED_MODULES } from '../../infra/bundling/trim.js';
import { REPO_ROOT, resolveDeployConfig } from '../../infra/config.js';
import { BUNDLE_BUDGET } from '../../infra/measure-bundles.js';
import type { RouteLike } from '../../infra/route-settings.js';
import { FacturXStack } from '../../infra/stack.js';
import { requireShared } from '../shared-path.js';

/** A v1 route (so the authorizer is built too), served by an existing handler. */
const V1_PROBE: RouteLike = { method: 'POST', path: '/api/v1/probe', name: 'v1-probe', entry: 'functions/health.ts' };

type ProxyResult = { statusCode: number; headers?: Record<string, string>; body: string };

function readEvent(...parts: string[]): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, 'events', ...parts), 'utf8')) as Record<string, unknown>;
}

/** Every file of an asset folder with `suffix`, as absolute paths. */
function filesOf(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((p) => join(dir, String(p)))
    .filter((p) => p.endsWith(suffix));
}

/** The `/opt/...` core specifiers a function's code (entry and chunks) imports. */
function coreImports(bundleDir: string): string[] {
  const text = filesOf(bundleDir, '.mjs')
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const escaped = CORE_IMPORT_BASE.replace(/[/.@]/g, (c) => `\\${c}`);
  return [...new Set([...text.matchAll(new RegExp(`["'](${escaped}/[^"']+)["']`, 'g'))].map((m) => m[1] as string))];
}

describe('core layer and function bundles', () => {
  let outdir: string;
  let stack: FacturXStack;
  let layerDir: string;
  const bundleOf = (fn: ApiFunction): string => {
    const dir = fn.bundleDir;
    if (dir === undefined) throw new Error('not bundled');
    return join(dir, 'index.mjs');
  };
  const fn = (name: string): ApiFunction => {
    const f = stack.functions.get(name);
    if (f === undefined) throw new Error(`no function ${name}`);
    return f;
  };

  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'facturx-bundles-'));
    const app = new App({ outdir });
    const context: Record<string, unknown> = {};
    const config = resolveDeployConfig((k) => context[k], {});
    stack = new FacturXStack(app, 'Bundles', { env: { region: 'eu-west-3', account: '123456789012' }, config, routes: [...ROUTES, V1_PROBE] });
    app.synth();
    const dir = stack.coreLayer.assetDir;
    if (dir === undefined) throw new Error('layer not bundled');
    layerDir = dir;
  }, 300_000);

  afterAll(() => {
    if (outdir !== undefined) rmSync(outdir, { recursive: true, force: true });
  });

  it('builds the layer as the @facturx/core ES module package with the XSD schemas', () => {
    const pkg = JSON.parse(readFileSync(join(layerDir, LAYER_CORE_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: '@facturx/core', type: 'module' });
    expect(pkg.exports).toBeUndefined();
    expect(existsSync(join(layerDir, 'schemas', 'cii-d16b-uncoupled'))).toBe(true);
    expect(existsSync(join(layerDir, 'schemas', 'facturx-1.09'))).toBe(true);
    expect(fn('v2-validate').runtimeEnvironment.SCHEMA_DIR).toBe('/opt/schemas');
  });

  it('keeps lib/ out of every function bundle: the source maps list no lib file, only edge code', () => {
    for (const [name, f] of stack.functions) {
      const sources = filesOf(dirname(bundleOf(f)), '.mjs.map').flatMap((mapFile) =>
        (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources.map((s) => relative(REPO_ROOT, resolve(dirname(mapFile), s)).split(sep).join('/')),
      );
      expect(sources.filter((s) => s.startsWith('lib/')), name).toEqual([]);
      expect(sources, name).toContain(ROUTES.find((r) => r.name === name)?.entry ?? V1_PROBE.entry);
    }
  });

  it('imports the core from /opt, and every module imported exists in the layer', () => {
    for (const [name, f] of stack.functions) {
      const imports = coreImports(dirname(bundleOf(f)));
      expect(imports.length, name).toBeGreaterThan(0);
      for (const spec of imports) {
        expect(existsSync(join(layerDir, spec.slice('/opt/'.length))), `${name}: ${spec}`).toBe(true);
      }
    }
  });

  it('leaves out the dependencies trimmed for cold start (infra/bundling/trim.ts): no layer source map lists them', () => {
    const sources = filesOf(join(layerDir, LAYER_CORE_DIR), '.mjs.map').flatMap((mapFile) => (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((s) => s.includes('node_modules/@cantoo/pdf-lib/')), 'pdf-lib itself is in').toBe(true);
    expect(sources.some((s) => s.includes('node_modules/@cantoo/fontkit/')), 'fontkit itself is in').toBe(true);
    for (const pkg of Object.keys(TRIMMED_MODULES).map((m) => m.split('/')[0])) {
      expect(sources.filter((s) => s.includes(`node_modules/${pkg}/`)), pkg).toEqual([]);
    }
  });

  it('ships libxml2 as a WebAssembly file beside the core, not inside its JavaScript', () => {
    const wasm = readFileSync(join(layerDir, LAYER_CORE_DIR, LIBXML2_WASM_FILE));
    expect([...wasm.subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
    for (const file of filesOf(join(layerDir, LAYER_CORE_DIR), '.mjs')) expect(readFileSync(file, 'latin1').includes('\0asm'), file).toBe(false);
  });

  it('embeds an invoice into a PDF through the v2-pdf bundle built without them', () => {
    const run = runInFreshNode({ bundleFile: bundleOf(fn('v2-pdf')), layerDir, environment: { ...fn('v2-pdf').runtimeEnvironment }, event: readEvent('v2-pdf', 'valid.json') });
    expect(run.error).toBeUndefined();
    const result = run.result as ProxyResult & { isBase64Encoded?: boolean };
    expect(result.statusCode, result.body.slice(0, 500)).toBe(200);
    const pdf = Buffer.from(result.body, 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('factur-x.xml');
  });

  it('keeps every function bundle within 1.5 MB and reports the sizes', () => {
    const rows: string[] = [];
    const codeBytes = (dir: string): number => filesOf(dir, '.mjs').reduce((n, p) => n + statSync(p).size, 0);
    for (const [name, f] of stack.functions) {
      const bytes = codeBytes(dirname(bundleOf(f)));
      rows.push(`${name.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(8)} KB`);
      expect(bytes, name).toBeLessThanOrEqual(BUNDLE_BUDGET.bytes);
    }
    const layerBytes = codeBytes(join(layerDir, LAYER_CORE_DIR));
    rows.push(`${'core layer'.padEnd(14)} ${(layerBytes / 1024).toFixed(1).padStart(8)} KB (code, without maps and schemas)`);
    console.info(`Bundle sizes (code: index.mjs and its lazy chunks):\n${rows.join('\n')}`);
    expect(layerBytes).toBeGreaterThan(Math.max(...[...stack.functions.values()].map((f) => codeBytes(dirname(bundleOf(f))))));
  });

  it('answers events/v2-xml/valid.json from the v2-xml bundle with the layer mounted at /opt', () => {
    const event = readEvent('v2-xml', 'valid.json');
    const input = JSON.parse(event.body as string) as { invoiceNumber: string };
    const run = runInFreshNode({ bundleFile: bundleOf(fn('v2-xml')), layerDir, environment: { ...fn('v2-xml').runtimeEnvironment }, event });
    expect(run.error).toBeUndefined();
    const result = run.result as ProxyResult;
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body) as { success: boolean; data: { xml: string; validation: { valid: boolean } } };
    expect(body.success).toBe(true);
    expect(body.data.validation.valid).toBe(true);
    expect(body.data.xml).toContain('CrossIndustryInvoice');
    expect(body.data.xml).toContain(input.invoiceNumber);
  });

  it('answers the failure envelope from the layer (class identity holds across core modules)', () => {
    const event = readEvent('v2-xml', 'invalid-rules.json');
    const run = runInFreshNode({ bundleFile: bundleOf(fn('v2-xml')), layerDir, environment: { ...fn('v2-xml').runtimeEnvironment }, event });
    const result = run.result as ProxyResult;
    expect(result.statusCode).toBe(422);
    expect(JSON.parse(result.body)).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('validates raw XML against the XSD schemas shipped in the layer (SCHEMA_DIR)', () => {
    const run = runInFreshNode({
      bundleFile: bundleOf(fn('v2-validate')),
      layerDir,
      environment: { ...fn('v2-validate').runtimeEnvironment },
      event: readEvent('v2-validate', 'xml-raw.json'),
    });
    const result = run.result as ProxyResult;
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body) as { data: { xsd: { ran: boolean } } };
    expect(body.data.xsd.ran).toBe(true);
  });

  it.skipIf(!ROUTES.some((r) => r.name === 'v2-render'))('renders a PDF from the v2-render bundle: the fonts ship in the layer', () => {
    const base = readEvent('v2-validate', 'xml-raw.json');
    const event = {
      ...base,
      resource: '/api/v2/render',
      path: '/api/v2/render',
      headers: { ...(base.headers as Record<string, string>), Accept: 'application/pdf' },
    };
    const run = runInFreshNode({ bundleFile: bundleOf(fn('v2-render')), layerDir, environment: { ...fn('v2-render').runtimeEnvironment }, event });
    expect(run.error).toBeUndefined();
    const result = run.result as ProxyResult & { isBase64Encoded?: boolean };
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(existsSync(join(layerDir, 'nodejs', 'node_modules', 'dejavu-fonts-ttf', 'LICENSE'))).toBe(true);
  });

  it.skipIf(!ROUTES.some((r) => r.name === 'v1-validate'))('loads the v1-validate bundle (core from the layer, AWS SDK left to the runtime) and refuses a request the authorizer did not describe', () => {
    const base = readEvent('v2-validate', 'valid.json');
    const event = { ...base, resource: '/api/v1/validate', path: '/api/v1/validate', body: JSON.stringify({ invoiceData: JSON.parse(base.body as string) }) };
    const f = fn('v1-validate');
    expect(f.runtimeEnvironment.CREDITS_TABLE).toBeDefined();
    expect(filesOf(dirname(bundleOf(f)), '.mjs').some((file) => /@aws-sdk\//.test(readFileSync(file, 'utf8')))).toBe(true);
    const run = runInFreshNode({ bundleFile: bundleOf(f), layerDir, environment: { ...f.runtimeEnvironment }, event });
    const result = run.result as ProxyResult;
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body)).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it.skipIf(!existsSync(join(REPO_ROOT, 'lib/extract/local/pdf-text.ts')))('ships pdf.js as a package beside the core: its worker and data files load from the layer, with or without the native canvas', () => {
    const core = join(layerDir, LAYER_CORE_DIR);
    const pdfText = join(core, 'extract', 'local', 'pdf-text.mjs');
    expect(existsSync(pdfText)).toBe(true);
    expect(existsSync(join(layerDir, 'nodejs/node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs'))).toBe(true);
    // A probe standing in for a handler: reads a PDF's text layer through the core module.
    const probe = join(outdir, 'probe', 'index.mjs');
    mkdirSync(dirname(probe), { recursive: true });
    writeFileSync(
      probe,
      `import { readFileSync } from 'node:fs';\nimport { readPdfText } from '/opt/${LAYER_CORE_DIR}/extract/local/pdf-text.mjs';\n` +
        `export const handler = async (e) => (await readPdfText(new Uint8Array(readFileSync(e.file)))).pageCount;\n`,
    );
    const event = { file: requireShared('conformance', 'pdf', 'XML-Rechnung__FX__EN16931_Innergemeinschaftliche_Lieferungen.pdf') };
    // Without @napi-rs/canvas (Lambda arm64 here), our 2-D DOMMatrix stand-in lets pdf.js load and read the text layer.
    const bare = runInFreshNode({ bundleFile: probe, layerDir, event });
    expect(bare.error).toBeUndefined();
    expect(bare.result).toBeGreaterThan(0);
    // The locally installed canvas stands in for the linux-arm64 one the layer ships when installed.
    const canvasDir = join(outdir, 'canvas-path');
    mkdirSync(join(canvasDir, '@napi-rs'), { recursive: true });
    for (const name of readdirSync(join(REPO_ROOT, 'node_modules', '@napi-rs'))) {
      symlinkSync(join(REPO_ROOT, 'node_modules', '@napi-rs', name), join(canvasDir, '@napi-rs', name));
    }
    const run = runInFreshNode({ bundleFile: probe, layerDir, event, environment: { NODE_PATH: canvasDir } });
    expect(run.error).toBeUndefined();
    expect(run.result).toBeGreaterThan(0);
  });

  it('answers from a bundle staged for direct import (how import times are measured: no resolve hook), libxml2 read from its file', () => {
    const staged = stageForDirectImport(bundleOf(fn('v2-validate')), layerDir);
    try {
      expect(readFileSync(staged.bundleFile, 'utf8')).not.toMatch(/["']\/opt\//);
      const event = readEvent('v2-validate', 'xml-raw.json');
      const run = runInFreshNode({ bundleFile: staged.bundleFile, layerDir, environment: { ...fn('v2-validate').runtimeEnvironment }, event, hook: false });
      expect(run.error).toBeUndefined();
      const result = run.result as ProxyResult;
      expect(result.statusCode).toBe(200);
      expect((JSON.parse(result.body) as { data: { xsd: { ran: boolean } } }).data.xsd.ran).toBe(true);
      expect(run.importMs).toBeGreaterThan(0);
    } finally {
      staged.cleanup();
    }
    expect(existsSync(staged.bundleFile)).toBe(false);
  });

  it('serves Swagger UI from the files the docs-assets function ships beside its bundle, and the page from the docs bundle', () => {
    const assets = fn('docs-assets');
    const shipped = join(dirname(bundleOf(assets)), 'node_modules', SWAGGER_UI_PACKAGE);
    for (const file of SWAGGER_UI_RUNTIME_FILES) expect(existsSync(join(shipped, file)), file).toBe(true);
    // Only this function carries them: not the layer, not the page.
    expect(existsSync(join(layerDir, 'nodejs', 'node_modules', SWAGGER_UI_PACKAGE))).toBe(false);
    expect(existsSync(join(dirname(bundleOf(fn('docs'))), 'node_modules'))).toBe(false);
    const run = runInFreshNode({ bundleFile: bundleOf(assets), layerDir, environment: { ...assets.runtimeEnvironment }, event: readEvent('docs-assets', 'swagger-ui-css.json') });
    expect(run.error).toBeUndefined();
    const css = run.result as ProxyResult;
    expect(css.statusCode).toBe(200);
    expect(css.headers?.['Content-Type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(readFileSync(join(REPO_ROOT, 'node_modules', SWAGGER_UI_PACKAGE, 'swagger-ui.css'), 'utf8'));
    const page = runInFreshNode({ bundleFile: bundleOf(fn('docs')), layerDir, environment: { ...fn('docs').runtimeEnvironment }, event: readEvent('docs', 'page.json') });
    const html = page.result as ProxyResult;
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('docs/swagger-ui-bundle.js?v=');
  });

  it('cannot run a function bundle without the layer (the core is not inside it)', () => {
    expect(existsSync('/opt/nodejs/node_modules/@facturx/core')).toBe(false);
    expect(() => runInFreshNode({ bundleFile: bundleOf(fn('v2-xml')), environment: {}, event: readEvent('v2-xml', 'valid.json') })).toThrow(/ERR_MODULE_NOT_FOUND|Cannot find/);
  });

  it('runs the authorizer bundle: no key is Unauthorized, a key without readable plans is a server failure', () => {
    const auth = stack.authorizerFunction;
    if (auth === undefined) throw new Error('no authorizer');
    const bundleFile = bundleOf(auth);
    expect(auth.usesCoreLayer).toBe(false);
    const event = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures', 'authorizer-request.json'), 'utf8')) as Record<string, unknown>;
    const environment = { ...auth.runtimeEnvironment };
    const missing = runInFreshNode({ bundleFile, environment, event: { ...event, headers: {}, multiValueHeaders: {} } });
    expect(missing.error).toBe('Unauthorized');
    // No AWS credentials here: the usage plans cannot be read, which is a server failure, not a 401.
    const present = runInFreshNode({ bundleFile, environment, event: { ...event, headers: { 'X-API-Key': 'k'.repeat(40) } } });
    expect(present.error).toBe('Key directory unavailable');
  });
});
