/**
 * Renders PDF pages to PNG for OCR (scanned PDFs without a text layer) with
 * poppler's `pdftoppm`. pdf.js could render too, but only with a native
 * canvas package; pdftoppm is a plain binary that a Lambda layer can carry.
 * When it is absent, rendering reports that instead of failing obscurely.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link renderPdfPages}. */
export interface RenderOptions {
  /** Path or name of the pdftoppm binary. */
  binary: string;
  /** First pages to render. */
  pages: number;
  /** Resolution in dots per inch. */
  dpi: number;
  timeoutMs: number;
}

/** Rendered pages, or why there are none. */
export type RenderResult = { ok: true; pages: Uint8Array[] } | { ok: false; reason: string };

/** Renders the first pages of a PDF to grey PNG images. */
export async function renderPdfPages(bytes: Uint8Array, options: RenderOptions): Promise<RenderResult> {
  const dir = await mkdtemp(join(tmpdir(), 'facturx-render-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, bytes);
    const args = ['-r', String(options.dpi), '-gray', '-png', '-f', '1', '-l', String(options.pages), input, join(dir, 'page')];
    const failure = await new Promise<string | undefined>((resolve) => {
      execFile(options.binary, args, { timeout: options.timeoutMs, maxBuffer: 1 << 20 }, (error) => {
        if (!error) return resolve(undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return resolve(`the page renderer (${options.binary}) is not installed`);
        if ((error as { killed?: boolean }).killed) return resolve(`rendering took longer than ${options.timeoutMs} ms`);
        resolve(`the page renderer failed (${error.message.split('\n')[0]})`);
      });
    });
    const files = (await readdir(dir)).filter((f) => /^page-\d+\.png$/.test(f)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    if (files.length === 0) return { ok: false, reason: failure ?? 'no page could be rendered' };
    return { ok: true, pages: await Promise.all(files.map(async (f) => new Uint8Array(await readFile(join(dir, f))))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
