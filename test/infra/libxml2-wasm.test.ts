/**
 * The core layer's build takes libxml2-wasm's WebAssembly module out of its
 * JavaScript glue (infra/bundling/libxml2-wasm.ts): the module must be valid,
 * the rewritten glue must no longer carry it, and the glue must still start
 * libxml2 from the file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { externalizeLibxml2Wasm, LIBXML2_WASM_FILE } from '../../infra/bundling/libxml2-wasm.js';

const require = createRequire(import.meta.url);
/** The runtime's WebAssembly (the project's TypeScript libs leave out the DOM, which declares it). */
const Wasm = (globalThis as unknown as { WebAssembly: { Module: { new (bytes: Uint8Array): object; exports(m: object): Array<{ name: string }> } } }).WebAssembly;
const GLUE = join(require.resolve('libxml2-wasm/package.json'), '..', 'lib', 'libxml2raw.mjs');

describe('libxml2-wasm module out of its glue', () => {
  const source = readFileSync(GLUE, 'utf8');
  const { code, wasm } = externalizeLibxml2Wasm(source, `@facturx-test/core/${LIBXML2_WASM_FILE}`);
  const dir = mkdtempSync(join(tmpdir(), 'facturx-libxml2-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a valid WebAssembly module with libxml2 in it, and leaves none in the glue', () => {
    expect([...wasm.subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
    const exports = Wasm.Module.exports(new Wasm.Module(wasm)).map((e) => e.name);
    expect(exports.some((name) => name.includes('xmlCtxtReadMemory'))).toBe(true);
    expect(code.length).toBeLessThan(source.length - wasm.length / 2);
    expect(code).not.toContain('\0asm');
  });

  it('still starts libxml2, reading the module from the file', async () => {
    const pkg = join(dir, 'node_modules', '@facturx-test', 'core');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{"name":"@facturx-test/core","type":"module"}');
    writeFileSync(join(pkg, LIBXML2_WASM_FILE), wasm);
    writeFileSync(join(pkg, 'glue.mjs'), code);
    const { default: start } = (await import(pathToFileURL(join(pkg, 'glue.mjs')).href)) as { default: () => Promise<Record<string, unknown>> };
    const libxml2 = await start();
    expect(typeof libxml2._xmlCtxtReadMemory).toBe('function');
  });

  it('refuses a glue without an inlined module', () => {
    expect(() => externalizeLibxml2Wasm('export default async function Module() {}', 'x/y.wasm')).toThrow(/not found/);
  });
});
