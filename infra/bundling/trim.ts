/**
 * Cold-start trimming: dependencies of our dependencies that sit on code paths
 * the service never takes, replaced in the Lambda bundles by small modules
 * that fail loudly if one is ever reached. Each costs parse time at every
 * cold start (measured with `npm run bench`: fontkit's brotli dictionary is a
 * 122 KB array literal, pdf-lib's SVG and XFA support pulls in an HTML parser,
 * an entity table and a colour library).
 *
 * - `brotli/decompress.js` (fontkit): only WOFF2 fonts need it; we embed
 *   TrueType fonts (DejaVu) only.
 * - `node-html-better-parser` (pdf-lib): only drawSvg / embedSvg and XFA forms
 *   use it; lib/pdf draws no SVG and never opens a form.
 * - `culori` (pdf-lib): only CSS colour strings (SVG) use it.
 * - `html-entities` (pdf-lib): `encode` escapes pdf-lib's own XMP and XFA
 *   text; the replacement does exactly what its default mode does (the five
 *   XML special characters), so behaviour is unchanged.
 *
 * Local runs (`npm start`, the tests) use the real packages; test/infra
 * renders and embeds through the synthesized bundles to prove the trimmed
 * build still works.
 */
import type { Plugin } from 'esbuild';

const unsupported = (what: string): string =>
  `const fail = () => { throw new Error(${JSON.stringify(`${what} is not part of the Lambda build (infra/bundling/trim.ts).`)}); };`;

/** Replacement module source per import specifier. */
export const TRIMMED_MODULES: Readonly<Record<string, string>> = Object.freeze({
  'brotli/decompress.js': `${unsupported('WOFF2 font decompression')}\nexport default fail;`,
  'node-html-better-parser': `${unsupported('SVG / XFA parsing')}\nexport const NodeType = Object.freeze({ ELEMENT_NODE: 1, TEXT_NODE: 3, COMMENT_NODE: 8 });\nexport const parse = fail;\nexport class HTMLElement { constructor() { fail(); } }`,
  culori: `${unsupported('CSS colour parsing')}\nexport const converter = () => fail;`,
  'html-entities': `const XML = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };\nexport const encode = (text) => (text == null ? '' : String(text).replace(/[&<>"']/g, (c) => XML[c]));\nexport const decode = () => { throw new Error('html-entities decode is not part of the Lambda build (infra/bundling/trim.ts).'); };`,
});

const NAMESPACE = 'facturx-trimmed';

/** esbuild plugin serving {@link TRIMMED_MODULES} instead of the packages. */
export function trimPlugin(): Plugin {
  const names = Object.keys(TRIMMED_MODULES);
  const filter = new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'facturx-trim',
    setup(b) {
      b.onResolve({ filter }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: TRIMMED_MODULES[args.path] ?? '', loader: 'js' }));
    },
  };
}
