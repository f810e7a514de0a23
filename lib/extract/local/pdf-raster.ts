/**
 * Renders PDF pages to PNG for OCR (scanned PDFs without a text layer) with
 * poppler's `pdftoppm`. pdf.js could render too, but only with a native
 * canvas package; pdftoppm is a plain binary that a Lambda layer can carry.
 * When it is absent, rendering reports that instead of failing obscurely.
 *
 * Page images stay within the OCR image limits (`image-pixels`, `image-side`
 * of lib/limits.ts): each page is rendered at the asked resolution, or at a
 * lower one when its size (known from the preflight) would give a larger
 * image, so a 200-inch page becomes a readable 40-megapixel image instead of
 * a 3.6-gigapixel one; and pdftoppm is also given a crop box (`-W`/`-H`) of at
 * most that many pixels, which bounds what it allocates even if poppler sizes
 * the page otherwise.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '../../limits.js';
import type { PageSize } from './pdf-preflight.js';

/** Options of {@link renderPdfPages}. */
export interface RenderOptions {
  /** Path or name of the pdftoppm binary. */
  binary: string;
  /** Displayed size (points) of each page to render, from `firstPage`: as many pages are rendered. */
  pageSizes: readonly PageSize[];
  /** Number (1-based) of the first page to render; default 1. */
  firstPage?: number;
  /** Resolution in dots per inch, lowered per page to stay within the image limits. */
  dpi: number;
  /** Time limit for all pages together. */
  timeoutMs: number;
}

/** Rendered pages, or why there are none. */
export type RenderResult = { ok: true; pages: Uint8Array[] } | { ok: false; reason: string };

/** How one page is rendered: resolution and the crop box (pixels) that bounds the bitmap. */
export interface PageRaster {
  dpi: number;
  width: number;
  height: number;
}

/**
 * The resolution (at most `dpi`, at least 1) at which a page of `size` points
 * fits `image-side` and `image-pixels`, and the pixel box to crop to.
 */
export function pageRaster(size: PageSize, dpi: number): PageRaster {
  const w = Math.max(1, size.width) / 72;
  const h = Math.max(1, size.height) / 72;
  const fit = Math.min(dpi, IMAGE_MAX_SIDE / Math.max(w, h), Math.sqrt(IMAGE_MAX_PIXELS / (w * h)));
  const chosen = Math.max(1, Math.floor(fit));
  const width = Math.min(IMAGE_MAX_SIDE, Math.ceil(w * chosen));
  const height = Math.min(IMAGE_MAX_SIDE, Math.ceil(h * chosen), Math.floor(IMAGE_MAX_PIXELS / width));
  return { dpi: chosen, width, height };
}

function run(binary: string, args: string[], timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: Math.max(1, timeoutMs), killSignal: 'SIGKILL', maxBuffer: 1 << 20 }, (error) => {
      if (!error) return resolve(undefined);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return resolve(`the page renderer (${binary}) is not installed`);
      if ((error as { killed?: boolean }).killed) return resolve(`rendering took longer than ${timeoutMs} ms`);
      resolve(`the page renderer failed (${error.message.split('\n')[0]})`);
    });
  });
}

/** Renders the first pages of a PDF (one per entry of `pageSizes`) to grey PNG images. */
export async function renderPdfPages(bytes: Uint8Array, options: RenderOptions): Promise<RenderResult> {
  if (options.pageSizes.length === 0) return { ok: false, reason: 'no page to render' };
  const dir = await mkdtemp(join(tmpdir(), 'facturx-render-'));
  const deadline = Date.now() + options.timeoutMs;
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, bytes);
    let failure: string | undefined;
    for (const [k, size] of options.pageSizes.entries()) {
      const page = String(k + (options.firstPage ?? 1));
      const r = pageRaster(size, options.dpi);
      const args = ['-r', String(r.dpi), '-W', String(r.width), '-H', String(r.height), '-gray', '-png', '-f', page, '-l', page, input, join(dir, 'page')];
      failure = await run(options.binary, args, deadline - Date.now());
      if (failure !== undefined) break;
    }
    const files = (await readdir(dir)).filter((f) => /^page-\d+\.png$/.test(f)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    if (files.length === 0) return { ok: false, reason: failure ?? 'no page could be rendered' };
    return { ok: true, pages: await Promise.all(files.map(async (f) => new Uint8Array(await readFile(join(dir, f))))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
