/**
 * Re-rendering a PDF to PDF/A-3b with Ghostscript, for content a structural
 * upgrade cannot fix (fonts not embedded, device colours, ...).
 *
 * Ghostscript is optional and AGPL-licensed: it is never linked, only run as
 * a separate process when it is installed, found at run time (`gs --version`,
 * cached per process and command). The port {@link PdfRewriter} lets callers
 * plug another renderer (or none) in.
 *
 * The run: the input goes to a fresh private temporary directory, `gs` runs
 * without a shell with `-dSAFER`, a timeout (SIGKILL when it expires) and
 * capped output, and the directory is removed whatever happens. Options:
 * `-dPDFA=3 -dPDFACompatibilityPolicy=1` (PDF/A-3, dropping what cannot
 * conform instead of failing), `-sColorConversionStrategy=RGB` (device colours
 * to RGB, matching our sRGB output intent), `-dAutoRotatePages=/None` (pages
 * keep their orientation), fonts embedded and subset.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Something that turns a PDF into a PDF/A-3b one by re-rendering it. */
export interface PdfRewriter {
  /** Names the tool, e.g. `Ghostscript 10.00.0`. */
  readonly name: string;
  /** Returns the re-rendered PDF. @throws Error when the run fails or times out */
  rewriteToPdfA3(pdf: Uint8Array): Promise<Uint8Array>;
}

/** Options of the Ghostscript rewriter. */
export interface GhostscriptOptions {
  /** The executable; default `gs` (looked up on the PATH). */
  command?: string;
  /** Time limit of one run in ms; default 20,000. */
  timeoutMs?: number;
  /** Parent of the temporary directories; default the OS temporary directory. */
  tmpDir?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const versions = new Map<string, Promise<string | undefined>>();

function run(command: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err) reject(Object.assign(err, { stderr }));
        else resolvePromise({ stdout, stderr });
      },
    );
  });
}

/** The Ghostscript version (`10.00.0`) when `command` runs, else undefined. Cached per command for the process. */
export function detectGhostscript(command = 'gs'): Promise<string | undefined> {
  let found = versions.get(command);
  if (found === undefined) {
    found = run(command, ['--version'], 5_000).then(
      (r) => r.stdout.trim() || undefined,
      () => undefined,
    );
    versions.set(command, found);
  }
  return found;
}

/** The Ghostscript command line for a PDF/A-3b re-render (see the module comment). */
export function ghostscriptArgs(input: string, output: string): string[] {
  return [
    '-q',
    '-dNOPAUSE',
    '-dBATCH',
    '-dSAFER',
    '-sDEVICE=pdfwrite',
    '-dPDFA=3',
    '-dPDFACompatibilityPolicy=1',
    '-sColorConversionStrategy=RGB',
    '-dAutoRotatePages=/None',
    '-dEmbedAllFonts=true',
    '-dSubsetFonts=true',
    `-sOutputFile=${output}`,
    '-f',
    input,
  ];
}

/** A rewriter running Ghostscript `command` (not checked here: see {@link findGhostscript}). */
export function ghostscriptRewriter(version: string, opts: GhostscriptOptions = {}): PdfRewriter {
  const command = opts.command ?? 'gs';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: `Ghostscript ${version}`,
    async rewriteToPdfA3(pdf: Uint8Array): Promise<Uint8Array> {
      const dir = await mkdtemp(join(opts.tmpDir ?? tmpdir(), 'facturx-gs-'));
      try {
        const input = join(dir, 'in.pdf');
        const output = join(dir, 'out.pdf');
        await writeFile(input, pdf, { mode: 0o600 });
        try {
          await run(command, ghostscriptArgs(input, output), timeoutMs);
        } catch (err) {
          const e = err as NodeJS.ErrnoException & { killed?: boolean; stderr?: string };
          if (e.killed === true) throw new Error(`Ghostscript did not finish within ${timeoutMs} ms.`, { cause: err });
          const detail = (e.stderr ?? '').trim().split('\n').slice(-3).join(' ');
          throw new Error(`Ghostscript failed${detail ? `: ${detail}` : ''}.`, { cause: err });
        }
        return new Uint8Array(await readFile(output));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The Ghostscript rewriter when Ghostscript is installed, else undefined. */
export async function findGhostscript(opts: GhostscriptOptions = {}): Promise<PdfRewriter | undefined> {
  const version = await detectGhostscript(opts.command ?? 'gs');
  return version === undefined ? undefined : ghostscriptRewriter(version, opts);
}
