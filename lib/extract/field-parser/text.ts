/**
 * Positioned text, the common input of the field parser: every reader (pdf.js
 * text layer, OCR words, spreadsheet cells, Word paragraphs and tables) turns
 * its document into lines of chunks with an x position, so labels, values and
 * table columns are found the same way whatever the source.
 */

/** A run of text on a line, separated from its neighbours by a column-sized gap. */
export interface TextChunk {
  text: string;
  /** Left edge, in the document's unit (PDF points, image pixels, or synthetic cell columns). */
  x: number;
  width: number;
  /** Index of the chunk's first character in {@link TextLine.text}. */
  start: number;
}

/** One visual line of a page, chunks sorted left to right. */
export interface TextLine {
  /** 1-based page (or sheet) number. */
  page: number;
  /** Baseline, top-down in the document's unit. */
  y: number;
  /** Typical glyph height (font size), same unit as x. */
  height: number;
  chunks: TextChunk[];
  /** The chunks joined by {@link CHUNK_SEPARATOR}, so one regular expression can span a label and its value. */
  text: string;
  /** Mean OCR confidence 0..1 of the words of the line, when read by OCR. */
  confidence?: number;
  /** Where the line was read, e.g. `sheet Facture row 4`; defaults to `page N, line M`. */
  source?: string;
}

/** A whole document as lines, in reading order (page, then y, then x). */
export interface TextDocument {
  lines: TextLine[];
  pageCount: number;
  /** Page width in the document's unit when known (to tell left from right halves). */
  pageWidth?: number;
}

/** Separator put between chunks in {@link TextLine.text}. */
export const CHUNK_SEPARATOR = '   ';

/** One positioned word or text run as a reader produces it. */
export interface PositionedItem {
  text: string;
  page: number;
  x: number;
  /** Baseline (or bottom of the box), top-down. */
  y: number;
  width: number;
  height: number;
  /** OCR confidence 0..1, when known. */
  confidence?: number;
}

/** Builds a line from its chunk texts and positions, computing offsets and the joined text. */
export function makeLine(
  page: number,
  y: number,
  height: number,
  parts: ReadonlyArray<{ text: string; x: number; width: number }>,
  extra: { confidence?: number; source?: string } = {},
): TextLine {
  const chunks: TextChunk[] = [];
  let text = '';
  for (const part of parts) {
    const t = part.text.replace(/\s+/g, ' ').trim();
    if (t === '') continue;
    if (text !== '') text += CHUNK_SEPARATOR;
    chunks.push({ text: t, x: part.x, width: part.width, start: text.length });
    text += t;
  }
  const line: TextLine = { page, y, height, chunks, text };
  if (extra.confidence !== undefined) line.confidence = extra.confidence;
  if (extra.source !== undefined) line.source = extra.source;
  return line;
}

/** Gap thresholds of {@link buildLines}, in glyph heights. */
export interface BuildLinesOptions {
  /** A gap wider than this many glyph heights starts a new chunk (a new column). Default 0.9. */
  columnGap?: number;
  /** A gap wider than this many glyph heights becomes a space inside a chunk. Default 0.12. */
  wordGap?: number;
}

/**
 * Groups positioned items into lines (same page, baselines within half a glyph
 * height) and each line into chunks (items closer than a column gap), keeping
 * the x of every chunk so table columns can be found later.
 */
export function buildLines(items: readonly PositionedItem[], options: BuildLinesOptions = {}): TextLine[] {
  const columnGap = options.columnGap ?? 0.9;
  const wordGap = options.wordGap ?? 0.12;
  const usable = items.filter((it) => it.text.trim() !== '' && Number.isFinite(it.x) && Number.isFinite(it.y));
  usable.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);

  const groups: PositionedItem[][] = [];
  let current: PositionedItem[] = [];
  let refY = 0;
  let refH = 0;
  for (const it of usable) {
    const h = it.height > 0 ? it.height : 10;
    const first = current[0];
    if (first !== undefined && first.page === it.page && Math.abs(it.y - refY) <= 0.5 * Math.min(h, refH)) {
      current.push(it);
      continue;
    }
    if (current.length > 0) groups.push(current);
    current = [it];
    refY = it.y;
    refH = h;
  }
  if (current.length > 0) groups.push(current);

  const lines: TextLine[] = [];
  for (const group of groups) {
    group.sort((a, b) => a.x - b.x);
    const heights = group.map((g) => (g.height > 0 ? g.height : 10)).sort((a, b) => a - b);
    const h = heights[Math.floor(heights.length / 2)] ?? 10;
    const parts: Array<{ text: string; x: number; width: number }> = [];
    let text = '';
    let x0 = 0;
    let right = 0;
    let prev: PositionedItem | undefined;
    for (const it of group) {
      // Some producers draw a text twice, slightly offset, for a bold effect.
      if (prev !== undefined && prev.text === it.text && Math.abs(prev.x - it.x) < 0.3 * h) continue;
      const gap = it.x - right;
      if (prev === undefined || gap > columnGap * h) {
        if (prev !== undefined) parts.push({ text, x: x0, width: right - x0 });
        text = it.text;
        x0 = it.x;
      } else {
        const needsSpace = gap > wordGap * h && !/\s$/.test(text) && !/^\s/.test(it.text);
        text += (needsSpace ? ' ' : '') + it.text;
      }
      right = Math.max(right, it.x + Math.max(it.width, 0));
      prev = it;
    }
    if (prev !== undefined) parts.push({ text, x: x0, width: right - x0 });
    const ys = group.map((g) => g.y).sort((a, b) => a - b);
    const confidences = group.map((g) => g.confidence).filter((c): c is number => c !== undefined);
    const extra: { confidence?: number } = {};
    if (confidences.length > 0) extra.confidence = confidences.reduce((s, c) => s + c, 0) / confidences.length;
    const line = makeLine(group[0]!.page, ys[Math.floor(ys.length / 2)] ?? 0, h, parts, extra);
    if (line.chunks.length > 0) lines.push(line);
  }
  return lines;
}

/**
 * Turns plain text laid out with spaces (as `pdftotext -layout` prints, or a
 * Word paragraph with tabs) into positioned lines: runs of two or more spaces
 * or a tab separate chunks, x is the character column times `charWidth`.
 */
export function linesFromPlainText(text: string, options: { charWidth?: number; lineHeight?: number; page?: number } = {}): TextLine[] {
  const charWidth = options.charWidth ?? 5;
  const lineHeight = options.lineHeight ?? 10;
  const lines: TextLine[] = [];
  let page = options.page ?? 1;
  let row = 0;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.includes('\f')) {
      page += 1;
      row = 0;
    }
    const rawLine = raw.replace(/\f/g, '').replace(/\t/g, '    ');
    row += 1;
    const parts: Array<{ text: string; x: number; width: number }> = [];
    const re = /\S+(?: \S+)*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(rawLine)) !== null) {
      parts.push({ text: m[0], x: m.index * charWidth, width: m[0].length * charWidth });
    }
    if (parts.length === 0) continue;
    lines.push(makeLine(page, row * lineHeight * 1.2, lineHeight, parts));
  }
  return lines;
}

/** A document made of {@link linesFromPlainText} lines. */
export function documentFromPlainText(text: string, options: { charWidth?: number; lineHeight?: number } = {}): TextDocument {
  const lines = linesFromPlainText(text, options);
  const width = Math.max(0, ...lines.flatMap((l) => l.chunks.map((c) => c.x + c.width)));
  return { lines, pageCount: Math.max(1, ...lines.map((l) => l.page)), pageWidth: width };
}

const FOLD_CACHE = new Map<string, string>();

/**
 * Folds one character for matching: lower case, accents removed, typographic
 * variants of spaces, quotes and dashes replaced by their ASCII form; always
 * one character out for one in, so offsets in folded text are offsets in the
 * original.
 */
function foldChar(ch: string): string {
  const cached = FOLD_CACHE.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (/[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/.test(ch)) out = ' ';
  else if (/[\u2018\u2019\u201a\u2032\u00b4`]/.test(ch)) out = "'";
  else if (/[\u201c\u201d\u201e\u00ab\u00bb]/.test(ch)) out = '"';
  else if (/[\u2010-\u2015\u2212]/.test(ch)) out = '-';
  else if (ch === 'ß') out = 's';
  // Greek final sigma: a capital Σ lowered alone is σ, so a word's last letter folds the same in either case.
  else if (ch === 'ς') out = 'σ';
  else if (ch === 'º' || ch === '°') out = '°';
  else {
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    out = base.length === 1 ? base : ch.toLowerCase().length === 1 ? ch.toLowerCase() : ch;
  }
  FOLD_CACHE.set(ch, out);
  return out;
}

/** Folds a text for matching (see {@link foldChar}); the result has the same length as the input. */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const f = foldChar(ch);
    // Keep one UTF-16 unit per unit of the input, so indexes stay aligned.
    out += ch.length === 2 ? (f.length === 2 ? f : ch) : f.length === 1 ? f : ch;
  }
  return out;
}

/** Collapses white space and trims; empty or blank text gives undefined. */
export function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  return t === '' ? undefined : t;
}

/** The chunk of a line that holds the character at `index` of {@link TextLine.text} (or the nearest one before it). */
export function chunkAt(line: TextLine, index: number): TextChunk | undefined {
  const k = chunkIndexAt(line, index);
  return k < 0 ? undefined : line.chunks[k];
}

/** The position in `line.chunks` of the chunk holding text offset `index` (see {@link chunkAt}); -1 before the first chunk. */
export function chunkIndexAt(line: TextLine, index: number): number {
  let found = -1;
  for (let k = 0; k < line.chunks.length; k++) {
    if (line.chunks[k]!.start <= index) found = k;
    else break;
  }
  return found;
}

/**
 * The horizontal extent of a span of {@link TextLine.text} (a word or a
 * number inside a chunk), estimated from its chunk's position and width: chunks
 * keep only their left edge and width, so characters are taken as equally wide.
 */
export function spanBox(line: TextLine, index: number, length: number): { left: number; right: number } {
  const chunk = chunkAt(line, index) ?? line.chunks[0];
  if (!chunk) return { left: 0, right: 0 };
  const per = chunk.text.length > 0 ? chunk.width / chunk.text.length : 0;
  const left = chunk.x + (index - chunk.start) * per;
  return { left, right: left + length * per };
}

/** Describes where a line was read (`page 2, line 14`, or the reader's own source such as a spreadsheet cell). */
export function describeLine(doc: TextDocument, lineIndex: number): string {
  const line = doc.lines[lineIndex];
  if (line === undefined) return 'document';
  if (line.source !== undefined) return line.source;
  let n = 0;
  for (let i = 0; i <= lineIndex; i++) if (doc.lines[i]?.page === line.page) n++;
  return `page ${line.page}, line ${n}`;
}

/**
 * Joins the lines of one printed value (an address block, a description over
 * several lines) into one line, the way both extractors write them: lines
 * separated by `, `, or by a space after a line that already ends with
 * `,` / `;` / `:` (no `Tax,, Inventory`); a line of dashes alone is an OCR
 * remnant at either end (`META\n-`) and a dash between two lines.
 */
export function joinLines(lines: Iterable<string>): string {
  const parts = [...lines].map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '');
  const isDash = (l: string): boolean => /^[-\u2010-\u2015]+$/.test(l);
  while (parts.length > 0 && isDash(parts[0]!)) parts.shift();
  while (parts.length > 0 && isDash(parts[parts.length - 1]!)) parts.pop();
  let out = '';
  for (const part of parts) {
    if (out === '') out = part;
    else if (isDash(part)) out += ' -';
    else if (/(?: [-\u2010-\u2015]|[,;:])$/.test(out)) out += ` ${part}`;
    else out += `, ${part}`;
  }
  return out;
}

/** Levenshtein distance, stopping early once it exceeds `max` (then `max + 1`). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}
