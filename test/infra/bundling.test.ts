/**
 * The core-layer bundling scheme on a tiny project: lib/ imports of a handler
 * become /opt imports, the layer gets exactly the modules the handlers import,
 * with shared code split out once, and data files stay in the bundle.
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunction, buildLayer, findCoreImports } from '../../infra/bundling/build.js';
import { coreExternalPlugin } from '../../infra/bundling/core-external.js';
import { coreModuleName, isCoreSource, LAYER_CORE_DIR } from '../../infra/bundling/core-paths.js';

describe('core paths', () => {
  it.each([
    ['/r/lib/generate.ts', 'generate.mjs'],
    ['/r/lib/input/schema.js', 'input/schema.mjs'],
    ['/r/lib/rules/br/BR-01.ts', 'rules/br/BR-01.mjs'],
    ['/r/functions/v2-xml.ts', undefined],
    ['/r/library/x.ts', undefined],
  ])('names %s in the core as %s', (file, expected) => {
    expect(coreModuleName('/r/lib', file)).toBe(expected);
  });

  it.each([
    ['generate.ts', true],
    ['input/address.test.ts', false],
    ['model/invoice.d.ts', false],
    ['rules/fixtures/case.ts', false],
    ['data.json', false],
  ])('treats %s as a core source: %s', (rel, expected) => {
    expect(isCoreSource(rel)).toBe(expected);
  });
});

describe('bundling scheme', () => {
  let root: string;
  const file = (rel: string, text: string): void => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'facturx-scheme-'));
    file('lib/errors.ts', 'export class CoreError extends Error { readonly marker = "core-error-class"; }\n');
    file('lib/used.ts', 'import { CoreError } from "./errors.js";\nexport const fail = () => new CoreError("x");\n');
    file('lib/unused.ts', 'export const unused = "never-imported-marker";\n');
    file('lib/table.json', '{"marker":"json-data-marker"}\n');
    file('lib/data.ts', 'import table from "./table.json" with { type: "json" };\nexport const data = table.marker;\n');
    file('functions/_shared/edge.ts', 'import { CoreError } from "../../lib/errors.js";\nexport const isCore = (e: unknown) => e instanceof CoreError;\n');
    file('functions/handler.ts', 'import { fail } from "../lib/used.js";\nimport { isCore } from "./_shared/edge.js";\nexport const handler = async () => isCore(fail());\n');
    file('functions/json.ts', 'import table from "../lib/table.json" with { type: "json" };\nexport const handler = async () => table.marker;\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('rewrites every lib/ import of a handler, direct or through functions/_shared, to the layer', async () => {
    const out = join(root, 'out-fn');
    await buildFunction({ kind: 'function', entry: join(root, 'functions/handler.ts'), outDir: out, coreLibDir: join(root, 'lib') });
    const code = readFileSync(join(out, 'index.mjs'), 'utf8');
    expect(code).toContain('/opt/nodejs/node_modules/@facturx/core/used.mjs');
    expect(code).toContain('/opt/nodejs/node_modules/@facturx/core/errors.mjs');
    expect(code).not.toContain('core-error-class');
  });

  it('keeps data files imported from lib/ inside the bundle', async () => {
    const result = await build({
      entryPoints: [join(root, 'functions/json.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      plugins: [coreExternalPlugin({ libDir: join(root, 'lib') })],
    });
    expect(result.outputFiles[0]?.text).toContain('json-data-marker');
  });

  it('finds the lib modules handlers import, and builds the layer from exactly those, shared code once', async () => {
    const consumers = [join(root, 'functions/handler.ts')];
    expect(await findCoreImports(join(root, 'lib'), consumers)).toEqual([join(root, 'lib/errors.ts'), join(root, 'lib/used.ts')]);
    const out = join(root, 'out-layer');
    await buildLayer({ kind: 'layer', libDir: join(root, 'lib'), outDir: out, version: '1.2.3', consumers });
    const core = join(out, LAYER_CORE_DIR);
    expect(existsSync(join(core, 'used.mjs'))).toBe(true);
    expect(existsSync(join(core, 'errors.mjs'))).toBe(true);
    expect(existsSync(join(core, 'unused.mjs'))).toBe(false);
    const everything = readdirSync(core, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(core, f), 'utf8'))
      .join('\n');
    expect(everything.split('core-error-class').length - 1).toBe(1);
    expect(JSON.parse(readFileSync(join(core, 'package.json'), 'utf8'))).toMatchObject({ name: '@facturx/core', version: '1.2.3', type: 'module' });
  });
});
