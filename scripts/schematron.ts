/**
 * What the generators of code-list modules (scripts/gen-codelists.ts,
 * scripts/gen-codelists-ubl.ts) share: their `--name value` arguments, and the
 * `test` of every assertion of an official schematron file by id.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** `--name value` pairs and bare `--flag`s (value `true`), as an object; stops at anything else. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (!key?.startsWith('--')) throw new Error(`Bad arguments near ${key ?? '(end)'}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) out[key.slice(2)] = 'true';
    else {
      out[key.slice(2)] = value;
      i++;
    }
  }
  return out;
}

/** The official artefacts the official validator runs (../shared/official-validator), where the generators read by default. */
export const EN16931_ARTEFACTS = resolve(import.meta.dirname, '..', '..', 'shared', 'official-validator', 'artefacts', 'en16931');

/**
 * Writes generated modules, or with `check` compares them with the files in the
 * repository: `check()` then says which differ, so a test can prove the
 * committed code lists are exactly what the official artefact gives.
 */
export class Output {
  private readonly stale: string[] = [];
  constructor(private readonly checkOnly: boolean) {}

  write(path: string, content: string): void {
    if (!this.checkOnly) {
      writeFileSync(path, content);
      return;
    }
    let current: string | undefined;
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      current = undefined;
    }
    if (current !== content) this.stale.push(path);
  }

  /** Ends the run: in check mode, exits 1 naming the stale files. */
  finish(): void {
    if (!this.checkOnly) return;
    if (this.stale.length > 0) {
      console.error(`not what the official artefact gives: ${this.stale.join(', ')}`);
      process.exit(1);
    }
    console.log('up to date with the official artefact');
  }
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
