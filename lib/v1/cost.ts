/**
 * Synchronous or asynchronous: v1 convert answers in the request (200) every
 * document it can read before the synchronous deadline, and hands to an
 * asynchronous job (202 `{jobId}`) only what the client asks for (`async:
 * true`) or what will not fit (issue 25, point 1; docs/EXTRACTION.md).
 *
 * The decision is an estimate of the reading's cost from what the document is,
 * made before reading it: a PDF carrying invoice XML is read exactly in
 * milliseconds; a PDF with a text layer costs a little per page (and per
 * megabyte of page content); a PDF without one is a scan, every page to OCR
 * (seconds each locally, one Textract call each on AWS); an image is one page
 * to OCR; a spreadsheet or Word file is text. The estimate is compared with
 * the time the request has left and with the budgets the reader keeps to in a
 * request (the local reader stops reading text pages after 2 s and OCR after
 * 15 s: a document past those would come back partly read, so it goes to a job
 * that reads it whole). Page count alone decides nothing.
 *
 * The unit costs are in {@link COST_PROFILES}: the local ones measured on this
 * project's corpus (docs/BENCHMARKS.md, a loaded 2-core machine: pessimistic),
 * the AWS ones the ranges the service documents for Textract AnalyzeExpense
 * (2-4 s a page) and the model call (5-10 s), taken at their upper half.
 */
import type { PdfTextMeasure } from '../pdf/page-text.js';

/** Which extractor reads the document (functions/_shared/config.ts EXTRACTOR). */
export type ReaderKind = 'local' | 'aws';

/** Unit costs of one reader, in milliseconds. */
export interface CostProfile {
  /** Starting to read (an isolation worker, pdf.js loading, the first call). */
  startMs: number;
  /** Reading one text page. */
  textPageMs: number;
  /** Reading one MiB of decoded page content (large drawings, many glyphs). */
  contentMsPerMiB: number;
  /** Starting OCR (the tesseract worker and its models), once per document; 0 on AWS. */
  ocrStartMs: number;
  /** One page read by OCR: tesseract locally, a synchronous Textract AnalyzeExpense call on AWS. */
  ocrPageMs: number;
  /** Reading a spreadsheet or Word file. */
  officeMs: number;
  /** The model call that reads text (AWS: Bedrock Converse); 0 locally (the rule-based parser takes milliseconds). */
  modelMs: number;
  /** What each text page adds to the model call (longer input and answer). */
  modelPageMs: number;
  /** Time the reader spends on text pages in a request before it stops with a note (local: 2 s), if any. */
  textBudgetMs?: number;
  /** Time the reader spends on OCR in a request before it stops with a note (local: 15 s), if any. */
  ocrBudgetMs?: number;
  /** Scan pages the reader reads in a request at most (AWS: 10, the rest skipped with a note), if any. */
  maxOcrPages?: number;
  /** Fewest characters a PDF needs, per page on average (local) or in all (AWS), to be read from its text layer. */
  minTextChars: { perPage?: number; total?: number };
}

/**
 * Unit costs per reader. Local: text p50 27-55 ms for one to three pages, 130-190 ms for 4-6 pages (issue 25), first
 * PDF of a fresh worker about 2 s (pdf.js loading); OCR p50 2.2 s, p90 3.6 s a page under load, tesseract start about
 * 1.5 s (docs/BENCHMARKS.md). AWS: README "Asynchronous conversions" (Textract 2-4 s a page, model 5-10 s).
 */
export const COST_PROFILES: Record<ReaderKind, CostProfile> = {
  local: {
    startMs: 1_500,
    textPageMs: 60,
    contentMsPerMiB: 400,
    ocrStartMs: 1_500,
    ocrPageMs: 3_600,
    officeMs: 1_000,
    modelMs: 0,
    modelPageMs: 0,
    textBudgetMs: 2_000,
    ocrBudgetMs: 15_000,
    minTextChars: { perPage: 25 },
  },
  aws: {
    startMs: 500,
    textPageMs: 60,
    contentMsPerMiB: 400,
    ocrStartMs: 0,
    ocrPageMs: 3_500,
    officeMs: 1_000,
    modelMs: 8_000,
    modelPageMs: 400,
    maxOcrPages: 10,
    minTextChars: { total: 100 },
  },
};

/** What is known of a document before reading it. */
export interface DocumentFacts {
  mimeType: string;
  /** Size in bytes. */
  bytes: number;
  /** For a PDF: its pages, whether it carries invoice XML, and the text its pages show (lib/pdf/page-text.ts), when measured. */
  pdf?: { pageCount: number; embedded: boolean; text?: PdfTextMeasure };
}

/** The estimate of reading one document. */
export interface CostEstimate {
  /** How it would be read. */
  kind: 'embedded-xml' | 'text' | 'scan' | 'image' | 'office' | 'unknown';
  /** Milliseconds the reading is expected to take. */
  ms: number;
  /** Pages read from a text layer. */
  textPages: number;
  /** Pages to read by OCR (local) or Textract (AWS). */
  ocrPages: number;
  /** When the reader would stop early in a request (its own budget or page cap), why. */
  cut?: string;
}

/** Sync or async, with the estimate that decided it. */
export interface ConversionPlan {
  mode: 'sync' | 'async';
  /** `asked`: the client sent `async: true`; `cost`: the estimate does not fit the request; `fits`: read in the request. */
  reason: 'asked' | 'cost' | 'fits';
  estimate: CostEstimate;
  /** Time the request had for the reading (ms), after the safety margin. */
  availableMs: number;
}

/** Time kept for everything after the reading (model, XML, validation, answer) and for a loaded machine. */
export const SYNC_SAFETY_MS = 3_000;

const OFFICE = /spreadsheetml|ms-excel|opendocument\.spreadsheet|wordprocessingml/;
const MiB = 1024 * 1024;

/** Estimates what reading a document costs with the given reader (see the module comment). */
export function estimateReadingCost(facts: DocumentFacts, reader: ReaderKind, profile: CostProfile = COST_PROFILES[reader]): CostEstimate {
  const mime = facts.mimeType.split(';')[0]!.trim().toLowerCase();
  const ocr = (pages: number, kind: 'scan' | 'image'): CostEstimate => {
    const read = profile.maxOcrPages === undefined ? pages : Math.min(pages, profile.maxOcrPages);
    const ms = profile.startMs + profile.ocrStartMs + read * profile.ocrPageMs + profile.modelMs;
    const estimate: CostEstimate = { kind, ms, textPages: 0, ocrPages: pages };
    if (read < pages) estimate.cut = `only ${read} of ${pages} scanned pages are read in a request`;
    else if (profile.ocrBudgetMs !== undefined && profile.ocrStartMs + pages * profile.ocrPageMs > profile.ocrBudgetMs) {
      estimate.cut = `OCR of ${pages} pages takes longer than the ${profile.ocrBudgetMs / 1000} s a request gives it`;
    }
    return estimate;
  };
  if (mime === 'application/pdf') {
    const pdf = facts.pdf;
    if (pdf?.embedded) return { kind: 'embedded-xml', ms: 200, textPages: 0, ocrPages: 0 };
    const text = pdf?.text;
    if (pdf === undefined || text === undefined || text.pages.length === 0) return { kind: 'unknown', ms: profile.startMs + profile.modelMs, textPages: 0, ocrPages: 0 };
    const measured = text.pages.length;
    // Pages past the measured ones are taken to be like them.
    const scale = text.pageCount / measured;
    const chars = text.pages.reduce((s, p) => s + p.chars, 0) * scale;
    const { perPage, total } = profile.minTextChars;
    const isScan = (perPage !== undefined && chars < perPage * text.pageCount) || (total !== undefined && chars < total);
    if (isScan) return ocr(text.pageCount, 'scan');
    const content = text.pages.reduce((s, p) => s + p.contentBytes, 0) * scale;
    const reading = text.pageCount * profile.textPageMs + (content / MiB) * profile.contentMsPerMiB;
    const estimate: CostEstimate = {
      kind: 'text',
      ms: profile.startMs + reading + profile.modelMs + Math.max(0, text.pageCount - 1) * profile.modelPageMs,
      textPages: text.pageCount,
      ocrPages: 0,
    };
    if (profile.textBudgetMs !== undefined && reading > profile.textBudgetMs) {
      estimate.cut = `reading ${text.pageCount} text pages takes longer than the ${profile.textBudgetMs / 1000} s a request gives it`;
    }
    return estimate;
  }
  if (mime.startsWith('image/')) return ocr(1, 'image');
  if (OFFICE.test(mime)) return { kind: 'office', ms: profile.startMs + profile.officeMs + profile.modelMs, textPages: 0, ocrPages: 0 };
  return { kind: 'unknown', ms: profile.startMs + profile.modelMs, textPages: 0, ocrPages: 0 };
}

/**
 * Decides how v1 convert runs a document: asynchronously when the client asks, or when the reading is estimated to
 * take longer than the time left before the synchronous deadline (less {@link SYNC_SAFETY_MS}), or when the reader
 * would stop early in a request; otherwise in the request.
 * @param leftMs time from now to the synchronous deadline (lib/v1/sync-deadline.ts)
 */
export function planConversion(facts: DocumentFacts, options: { asked: boolean; reader: ReaderKind; leftMs: number; profile?: CostProfile }): ConversionPlan {
  const estimate = estimateReadingCost(facts, options.reader, options.profile);
  const availableMs = Math.max(0, options.leftMs - SYNC_SAFETY_MS);
  if (options.asked) return { mode: 'async', reason: 'asked', estimate, availableMs };
  if (estimate.cut !== undefined || estimate.ms > availableMs) return { mode: 'async', reason: 'cost', estimate, availableMs };
  return { mode: 'sync', reason: 'fits', estimate, availableMs };
}
