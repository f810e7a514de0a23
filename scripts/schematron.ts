/**
 * What the generators of code-list modules (scripts/gen-codelists.ts,
 * scripts/gen-codelists-ubl.ts) share: their `--name value` arguments, and the
 * `test` of every assertion of an official schematron file by id.
 */

/** `--name value` pairs, as an object; stops at anything else. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key?.startsWith('--') || value === undefined) throw new Error(`Bad arguments near ${key ?? '(end)'}`);
    out[key.slice(2)] = value;
  }
  return out;
}

/** The `test` attribute of every `<assert>` with an id, keyed by id, its XML entities decoded. */
export function readAssertTests(sch: string): Map<string, string> {
  const tests = new Map<string, string>();
  for (const m of sch.matchAll(/<assert\b([^>]*)>/g)) {
    const attrs = new Map<string, string>();
    for (const a of (m[1] ?? '').matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attrs.set(a[1] ?? '', a[2] ?? '');
    const id = attrs.get('id');
    const test = attrs.get('test');
    if (id && test) tests.set(id, test.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  }
  return tests;
}
