/**
 * OCR with tesseract.js (WebAssembly, no native binary): one worker, created
 * on first use with the French, English and German LSTM models, reused for
 * every page, terminated by {@link OcrEngine.dispose}. Nothing is downloaded:
 * the core comes from node_modules (tesseract.js-core) and the language data
 * from a local folder (by default the @tesseract.js-data packages).
 *
 * Every image is checked against the pixel limits of lib/limits.ts from its
 * header (./image-limits.ts) before it is decoded: tesseract holds every
 * pixel (a 20,000 x 20,000 PNG took 1.5-3.9 GB). It is then decoded and
 * cleaned here (./preprocess.ts: speckle removal, deskew) and given to
 * tesseract as an 8-bit grey PGM; images from the service and pages rendered
 * from scanned PDFs (./pdf-raster.ts) go the same way.
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PositionedItem } from '../field-parser/text.js';
import { assertImageWithinLimits } from './image-limits.js';
import { encodePgm, preprocessImage, type PreprocessOptions, type PreprocessReport } from './preprocess.js';

/**
 * An OCR word that is most likely a speck read as glyphs: 1-3 punctuation marks that tesseract doubts (confidence
 * under 0.6), or 1-3 characters with a small letter that it nearly rejects (under 0.3: specks come back as `a`, `y`,
 * `Joa` at 0 to 0.3, real short words such as `à`, `de`, `op` at 0.6 and more). Capitals are kept (abbreviations such
 * as `PU HT` are read right at confidence 0), and so are digits, `%` and currency signs.
 */
export function isSpeckWord(text: string, confidence: number): boolean {
  if (confidence < 0.6 && /^[.,:;'"‘’“”~_\-—–!`^*{}()[\]\\/]{1,3}$/.test(text)) return true;
  return confidence < 0.3 && text.length <= 3 && /\p{Ll}/u.test(text) && !/[\d%€$£¥]/.test(text);
}

/** Options of the OCR engine. */
export interface OcrOptions {
  /** Tesseract language codes, default `['fra', 'eng', 'deu']`. */
  languages?: readonly string[];
  /** A folder holding `<lang>.traineddata.gz` for every language; by default one is prepared from the @tesseract.js-data packages. */
  langPath?: string;
  /**
   * Clean-up before OCR (./preprocess.ts: speckle removal, deskew), on by default; `false` hands tesseract the
   * image as it came (as before issue 13's scan work, kept to measure the difference).
   */
  preprocess?: false | PreprocessOptions;
  /** Tesseract.js's own skew correction (`rotateAuto`: tesseract finds the text lines' angle and reads the image turned back); off by default. */
  rotateAuto?: boolean;
  /**
   * How tesseract finds the text of a page by default: `block` (PSM 6, one uniform block of text, tesseract.js's
   * default) or `auto` (PSM 3, columns and blocks found first); a reading may ask for either ({@link OcrEngine.recognizePrepared}).
   */
  segmentation?: Segmentation;
}

/** Tesseract's page segmentation: `block` PSM 6 (one uniform block of text), `auto` PSM 3 (automatic, columns and blocks first). */
export type Segmentation = 'block' | 'auto';
const PSM: Readonly<Record<Segmentation, string>> = { block: '6', auto: '3' };

/** The segmentation other than `s`. */
export function otherSegmentation(s: Segmentation): Segmentation {
  return s === 'auto' ? 'block' : 'auto';
}

/**
 * How many pairs of words of a reading overlap as no two words of one printed line can: on the same page, baselines
 * within half a glyph height of each other (what puts them on one line, field-parser/text.ts buildLines), and their
 * boxes sharing at least a third of the narrower one's width. Tesseract's single-block segmentation makes such pairs
 * when two columns of a page are not aligned line for line (an address window beside an information block): it cuts
 * a printed line in two and reads each half against the next line (`Fi` / `irma` for `Firma`), and the parser then
 * meets glued, interleaved words (`Fiirma BäckereiBäcerei`, `VotreGarnierpartenaire...`). A clean reading has none.
 */
export function overlappingWordPairs(items: readonly PositionedItem[]): number {
  const words = items.filter((w) => /[\p{L}\p{N}]{2}/u.test(w.text) && w.width > 0).sort((a, b) => a.page - b.page || a.y - b.y);
  let pairs = 0;
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    const ha = a.height > 0 ? a.height : 10;
    for (let j = i + 1; j < words.length; j++) {
      const b = words[j]!;
      if (b.page !== a.page || b.y - a.y > 0.5 * ha) break;
      const hb = b.height > 0 ? b.height : 10;
      if (b.y - a.y > 0.5 * Math.min(ha, hb)) continue;
      const shared = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      if (shared >= Math.min(a.width, b.width) / 3) pairs += 1;
    }
  }
  return pairs;
}

/** Words of one page with their boxes, and the mean word confidence (0..1). */
export interface OcrPage {
  items: PositionedItem[];
  confidence: number;
  width: number;
  /** What preprocessing did (skew found, speckle removed), when it ran. */
  preprocess?: PreprocessReport;
}

type Worker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

interface Bbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface OcrWord {
  text: string;
  confidence: number;
  bbox: Bbox;
}
interface OcrLine {
  bbox: Bbox;
  words: OcrWord[];
}
interface OcrBlock {
  paragraphs: Array<{ lines: OcrLine[] }>;
}

/**
 * Prepares a folder with the gzipped models of the wanted languages, linked
 * (or copied) from the @tesseract.js-data packages: tesseract.js reads all
 * languages from one folder, the packages keep one folder each.
 */
async function defaultLangPath(languages: readonly string[]): Promise<string> {
  const require = createRequire(import.meta.url);
  const sources = languages.map((lang) => ({
    lang,
    file: join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`),
  }));
  // One folder per installation, so links never point into another (perhaps removed) node_modules.
  const key = createHash('sha256').update(sources.map((s) => s.file).join('\n')).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `facturx-tessdata-${key}`);
  await mkdir(dir, { recursive: true });
  for (const { lang, file } of sources) {
    const target = join(dir, `${lang}.traineddata.gz`);
    try {
      await stat(target);
      continue;
    } catch {
      await rm(target, { force: true });
    }
    try {
      await symlink(file, target);
    } catch {
      await copyFile(file, target);
    }
  }
  return dir;
}

/** An image checked, decoded and cleaned for OCR, ready to be read (once or more, with different languages). */
export interface PreparedImage {
  /** 1-based page number given to the words read from it. */
  page: number;
  /** What tesseract reads: the cleaned image as a grey PGM, or the original bytes when preprocessing is off. */
  input: Buffer;
  report?: PreprocessReport;
}

/** Whether the model of a tesseract language is at hand: in `langPath` when one is given, else as an @tesseract.js-data package. */
export function hasLanguageModel(lang: string, langPath?: string): boolean {
  if (!/^[a-z_]+$/.test(lang)) return false;
  if (langPath !== undefined) return existsSync(join(langPath, `${lang}.traineddata.gz`));
  try {
    createRequire(import.meta.url).resolve(`@tesseract.js-data/${lang}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lazily started tesseract.js workers: the default one (the configured languages), and at most one more for a
 * single-language reading ({@link OcrEngine.recognizePrepared} with `languages`), replaced when another language set
 * is asked for, so that no more than two sets of models are held at once (each worker holds its models, tens of MB).
 */
export class OcrEngine {
  private worker: Promise<Worker> | undefined;
  private extra: { key: string; worker: Promise<Worker> } | undefined;
  private readonly languages: readonly string[];
  /** The segmentation of a reading that asks for none. */
  readonly segmentation: Segmentation;

  constructor(private readonly options: OcrOptions = {}) {
    this.languages = options.languages ?? ['fra', 'eng', 'deu'];
    this.segmentation = options.segmentation ?? 'block';
  }

  /** The configured (default) languages. */
  get defaultLanguages(): readonly string[] {
    return this.languages;
  }

  /** Whether a language's model can be loaded (see {@link hasLanguageModel}). */
  hasLanguage(lang: string): boolean {
    return hasLanguageModel(lang, this.options.langPath);
  }

  private create(languages: readonly string[]): Promise<Worker> {
    return (async () => {
      const { createWorker, OEM } = await import('tesseract.js');
      const langPath = this.options.langPath ?? (await defaultLangPath(languages));
      return createWorker([...languages], OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // Never read or write a cache in the working directory, never fetch.
        cacheMethod: 'none',
        errorHandler: () => undefined,
      });
    })();
  }

  private start(): Promise<Worker> {
    this.worker ??= this.create(this.languages);
    this.worker.catch(() => {
      this.worker = undefined;
    });
    return this.worker;
  }

  /** The worker for another language set, started on first use; the one held for a different set is terminated first. */
  private async startExtra(languages: readonly string[]): Promise<Worker> {
    const key = languages.join('+');
    if (this.extra?.key !== key) {
      const old = this.extra;
      this.extra = undefined;
      if (old) await (await old.worker.catch(() => undefined))?.terminate();
      const entry = { key, worker: this.create(languages) };
      this.extra = entry;
      entry.worker.catch(() => {
        if (this.extra === entry) this.extra = undefined;
      });
    }
    return this.extra!.worker;
  }

  /**
   * Checks an image (PNG or JPEG bytes) against the pixel limits, decodes and cleans it: what
   * {@link recognizePrepared} reads.
   * @param what names the image in a refusal, e.g. `The image` or `Page 2 as rendered`
   * @throws DocumentTooComplexError (`image-side`, `image-pixels`) or ExtractionError (no readable header), before any decoding
   */
  prepare(image: Uint8Array, page: number, what = `Page ${page}`): PreparedImage {
    assertImageWithinLimits(image, what);
    if (this.options.preprocess === false) return { page, input: Buffer.from(image.buffer, image.byteOffset, image.byteLength) };
    // Decoded here (pure JS, within the limits just checked), cleaned, and handed over as a plain grey PGM.
    const pre = preprocessImage(image, what, this.options.preprocess ?? {});
    const input = encodePgm(pre.image);
    return { page, input: Buffer.from(input.buffer, input.byteOffset, input.byteLength), report: pre.report };
  }

  /**
   * Recognises one image (PNG or JPEG bytes); words come back with their boxes, in pixels.
   * @param what names the image in a refusal, e.g. `The image` or `Page 2 as rendered`
   * @throws DocumentTooComplexError (`image-side`, `image-pixels`) or ExtractionError (no readable header), before any decoding
   */
  async recognize(image: Uint8Array, page: number, what = `Page ${page}`): Promise<OcrPage> {
    assertImageWithinLimits(image, what);
    await this.start();
    return this.recognizePrepared(this.prepare(image, page, what));
  }

  /**
   * Reads a prepared image with the default languages, or with `languages` (a second worker, see the class), and the
   * engine's segmentation ({@link OcrOptions.segmentation}) or, for this reading only, the one asked for.
   */
  async recognizePrepared(prepared: PreparedImage, languages?: readonly string[], options: { segmentation?: Segmentation } = {}): Promise<OcrPage> {
    const worker = languages === undefined || languages.join('+') === this.languages.join('+') ? await this.start() : await this.startExtra(languages);
    const { page, report } = prepared;
    // Parameters given with a reading are restored by tesseract.js after it.
    const params = { ...(this.options.rotateAuto ? { rotateAuto: true } : {}), tessedit_pageseg_mode: PSM[options.segmentation ?? this.segmentation] };
    const result = await worker.recognize(prepared.input, params as Parameters<Worker['recognize']>[1], { blocks: true, text: false });
    const blocks = (result.data.blocks ?? []) as unknown as OcrBlock[];
    const items: PositionedItem[] = [];
    let total = 0;
    let width = 0;
    for (const block of blocks) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          // Line boxes hug the glyphs (0.7 to 1 em); scaled to about a font size, the layout thresholds read as for PDF text.
          const height = Math.max(1, line.bbox.y1 - line.bbox.y0) * 1.35;
          for (const w of line.words) {
            // Box and table rules read as glyphs: a vertical rule comes back as `|` (alone, or glued to a word's end).
            const text = w.text.trim().replace(/^[|¦]+|[|¦]+$/g, '');
            if (text === '') continue;
            const confidence = Math.max(0, Math.min(1, w.confidence / 100));
            if (isSpeckWord(text, confidence)) continue;
            items.push({ text, page, x: w.bbox.x0, y: line.bbox.y1, width: w.bbox.x1 - w.bbox.x0, height, confidence });
            total += confidence;
            width = Math.max(width, w.bbox.x1);
          }
        }
      }
    }
    const out: OcrPage = { items, confidence: items.length > 0 ? total / items.length : 0, width };
    if (report) out.preprocess = report;
    return out;
  }

  /** Terminates the workers (those started). */
  async dispose(): Promise<void> {
    const workers = [this.worker, this.extra?.worker];
    this.worker = undefined;
    this.extra = undefined;
    for (const worker of workers) if (worker) await (await worker.catch(() => undefined))?.terminate();
  }
}
