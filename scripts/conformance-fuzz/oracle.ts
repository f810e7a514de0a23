/**
 * The official EN 16931 validator as a long-lived process: one
 * `en16931-check --stream` (see ../shared/official-validator/README.md) per
 * run, fed file paths on stdin, answering one JSON line per file. Used by the
 * differential tester and by tests that prove agreement on a mutant.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** One official verdict as en16931-check prints it. */
export interface OracleVerdict {
  file: string;
  /** `"ok"` or the xmllint messages. */
  xsd: string;
  /** Sorted official ids by flag; null when the schematron did not run. */
  fatal: string[] | null;
  warning: string[] | null;
  /** Set when Saxon could not process the file (the official XSLT aborted). */
  sch_error?: string;
  note?: string;
  profile?: string;
  /** `"CII"`, `"UBL-Invoice"`, `"UBL-CreditNote"` or `"other"`. */
  syntax?: string;
  /** With `--fr`: the BR-FR findings (every one fatal). */
  fr_fatal?: string[] | null;
}

/** Where en16931-check lives: `ORACLE_BIN`, else `<shared>/official-validator/en16931-check`. */
export function oraclePath(sharedDir: string): string {
  return process.env.ORACLE_BIN ?? resolve(sharedDir, 'official-validator', 'en16931-check');
}

/** A running `en16931-check --stream`; {@link check} may be called concurrently. */
export class OfficialValidator {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<string, Array<(v: OracleVerdict) => void>>();
  private failure: Error | undefined;
  private stderr = '';

  private constructor(bin: string, flags: readonly string[]) {
    this.proc = spawn(bin, ['--stream', ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
    });
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const v = JSON.parse(line) as OracleVerdict;
      const queue = this.waiting.get(v.file);
      const resolveOne = queue?.shift();
      if (queue && queue.length === 0) this.waiting.delete(v.file);
      resolveOne?.(v);
    });
    this.proc.on('exit', (code) => {
      this.failure = new Error(`en16931-check --stream exited (${code}): ${this.stderr.trim()}`);
      for (const queue of this.waiting.values()) for (const r of queue) r({ file: '', xsd: '', fatal: null, warning: null, sch_error: this.failure.message });
      this.waiting.clear();
    });
  }

  /** Starts the official validator (with extra `flags` such as `--fr`); throws a clear error when it (or Java) is missing. */
  static start(sharedDir: string, flags: readonly string[] = []): OfficialValidator {
    const bin = oraclePath(sharedDir);
    if (!existsSync(bin)) throw new Error(`Official validator not found at ${bin} (see ../shared/official-validator/README.md).`);
    return new OfficialValidator(bin, flags);
  }

  /** The official verdict on the file at `absPath`. */
  check(absPath: string): Promise<OracleVerdict> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((res, rej) => {
      const queue = this.waiting.get(absPath) ?? [];
      queue.push((v) => (v.file === '' ? rej(new Error(v.sch_error)) : res(v)));
      this.waiting.set(absPath, queue);
      this.proc.stdin.write(`${absPath}\n`);
    });
  }

  /** Ends the process (closing stdin lets it finish what it has). */
  async close(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    const done = new Promise<void>((r) => this.proc.once('exit', () => r()));
    this.proc.stdin.end();
    const timer = setTimeout(() => this.proc.kill('SIGTERM'), 10_000);
    await done;
    clearTimeout(timer);
  }
}
