/**
 * libxml2-wasm ships its WebAssembly module inside its JavaScript glue
 * (`libxml2raw.mjs`) as an 843 KB string literal that is turned into bytes one
 * character at a time. At every cold start V8 must scan that literal and the
 * loop must run: about 20 ms of each import of a function that validates XML.
 *
 * For the core layer, this plugin takes the module out of the glue at build
 * time: the literal is evaluated (exactly, by V8), checked to be a valid
 * WebAssembly module, handed to the layer build to be written as
 * `libxml2raw.wasm` in the core package, and the expression is replaced by a
 * read of that file. The WebAssembly module the runtime instantiates is the
 * same, byte for byte (test/infra/core-layer.test.ts compares them).
 */
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

/** The runtime's WebAssembly (the project's TypeScript libs leave out the DOM, which declares it). */
const wasmApi = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly;

/** The glue file of libxml2-wasm. */
const GLUE = /[\\/]libxml2-wasm[\\/]lib[\\/]libxml2raw\.mjs$/;

/** The call that turns the literal into bytes: `<decoder>('\0asm…')`. */
const CALL_START = /([A-Za-z_$][\w$]*)\('\0asm/;

/** Name of the file written next to the core modules. */
export const LIBXML2_WASM_FILE = 'libxml2raw.wasm';

/** The WebAssembly module inlined in a libxml2-wasm glue source, and the source with the module read from `wasmSpecifier` instead. */
export function externalizeLibxml2Wasm(source: string, wasmSpecifier: string): { code: string; wasm: Uint8Array } {
  const call = CALL_START.exec(source);
  if (call === null) throw new Error('libxml2-wasm glue: the inlined WebAssembly module was not found (has the package changed its build?).');
  const quote = call.index + call[1]!.length + 1;
  let end = quote + 1;
  while (source[end] !== "'") {
    if (end >= source.length) throw new Error('libxml2-wasm glue: unterminated WebAssembly literal.');
    end += source[end] === '\\' ? 2 : 1;
  }
  if (source[end + 1] !== ')') throw new Error('libxml2-wasm glue: the WebAssembly literal is not a single call argument.');
  const text = runInNewContext(source.slice(quote, end + 1)) as string;
  const wasm = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new Error('libxml2-wasm glue: the WebAssembly literal holds a character above U+00FF.');
    wasm[i] = c;
  }
  if (!wasmApi.validate(wasm)) throw new Error('libxml2-wasm glue: the inlined module is not valid WebAssembly.');
  // The call sits in the glue's async instantiation function (an `await` follows it), so a dynamic import is allowed there.
  const read = `(await import("node:fs")).readFileSync((await import("node:module")).createRequire(import.meta.url).resolve(${JSON.stringify(wasmSpecifier)}))`;
  return { code: source.slice(0, call.index) + read + source.slice(end + 2), wasm };
}

/** esbuild plugin applying {@link externalizeLibxml2Wasm}; `onWasm` receives the module to write as `wasmSpecifier` resolves it. */
export function libxml2WasmPlugin(wasmSpecifier: string, onWasm: (wasm: Uint8Array) => void): Plugin {
  return {
    name: 'facturx-libxml2-wasm',
    setup(b) {
      b.onLoad({ filter: GLUE }, (args) => {
        const { code, wasm } = externalizeLibxml2Wasm(readFileSync(args.path, 'utf8'), wasmSpecifier);
        onWasm(wasm);
        return { contents: code, loader: 'js' };
      });
    },
  };
}
