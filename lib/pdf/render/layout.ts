/**
 * A small layout engine for the invoice renderer: measured and wrapped text,
 * a page flow with a running header and a reserved footer, and tables whose
 * header row repeats on every page and whose rows split across pages line by
 * line, so nothing ever runs off the page.
 *
 * Geometry is in PDF points on A4 (595.28 x 841.89). Text never exceeds its
 * box: words longer than the box are broken between characters, and numbers
 * that do not fit their column are set smaller (down to 5.5 pt) before being
 * broken.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { printable, type RenderFonts } from './fonts.js';

/** A4 portrait, in points. */
export const A4: [number, number] = [595.28, 841.89];
/** Page margins in points. */
export const MARGIN = { left: 42, right: 42, top: 42, bottom: 56 };

/** Colours of the document. */
export const COLORS = {
  text: rgb(0.12, 0.12, 0.14),
  muted: rgb(0.38, 0.4, 0.44),
  accent: rgb(0.11, 0.27, 0.47),
  rule: rgb(0.78, 0.8, 0.83),
  headerFill: rgb(0.92, 0.94, 0.96),
  boxFill: rgb(0.97, 0.975, 0.98),
};

/** A styled piece of text: one paragraph to wrap. */
export interface TextStyle {
  bold?: boolean;
  size: number;
  color?: RGB;
}

/** One laid-out line. */
export interface Line {
  text: string;
  bold: boolean;
  size: number;
  color: RGB;
  /** Vertical space it takes, in points. */
  height: number;
}

/** Line height as a multiple of the font size. */
const LEADING = 1.28;

/**
 * Word widths at size 1, per face (`r`/`b` + word), shared by all documents:
 * every document embeds the same two faces.
 */
const WORD_WIDTHS = new Map<string, number>();

/** Measures text with the shared cache of word widths. */
export class Measurer {
  private readonly cache = WORD_WIDTHS;

  constructor(private readonly fonts: RenderFonts) {}

  font(bold: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /**
   * Width of text at a size. Glyph advances add up (no kerning is applied
   * when drawing either), so text is measured word by word with a cache of
   * word widths.
   */
  width(text: string, bold: boolean, size: number): number {
    let w = 0;
    let start = 0;
    for (;;) {
      const space = text.indexOf(' ', start);
      const word = space === -1 ? text.slice(start) : text.slice(start, space + 1);
      if (word !== '') w += this.unitWidth(word, bold);
      if (space === -1) break;
      start = space + 1;
    }
    return w * size;
  }

  private unitWidth(word: string, bold: boolean): number {
    const key = (bold ? 'b' : 'r') + word;
    let w = this.cache.get(key);
    if (w === undefined) {
      w = this.font(bold).widthOfTextAtSize(word, 1);
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(key, w);
    }
    return w;
  }

  /**
   * Wraps a paragraph into lines no wider than `maxWidth`: breaks at spaces,
   * keeps explicit line breaks, and breaks words too long for a line
   * between characters.
   */
  wrap(text: string, style: TextStyle, maxWidth: number): Line[] {
    const bold = style.bold === true;
    const color = style.color ?? COLORS.text;
    const height = style.size * LEADING;
    const out: Line[] = [];
    const push = (t: string): void => {
      out.push({ text: t, bold, size: style.size, color, height });
    };
    for (const para of text.split(/\r\n|\r|\n/)) {
      const words = printable(para, bold).split(' ').filter((w, i, a) => w !== '' || (i === 0 && a.length === 1));
      let line = '';
      for (const word of words) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (this.width(candidate, bold, style.size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line !== '') push(line);
        line = '';
        if (this.width(word, bold, style.size) <= maxWidth) {
          line = word;
          continue;
        }
        // A word wider than the line: break it between characters.
        let chunk = '';
        for (const ch of word) {
          if (chunk !== '' && this.width(chunk + ch, bold, style.size) > maxWidth) {
            push(chunk);
            chunk = '';
          }
          chunk += ch;
        }
        line = chunk;
      }
      push(line);
    }
    return out;
  }

  /**
   * One line of text for a narrow column (numbers, codes): the largest size
   * from `style.size` down to 5.5 pt at which it fits; wrapped when even that
   * is too wide.
   */
  fit(text: string, style: TextStyle, maxWidth: number): Line[] {
    const bold = style.bold === true;
    const clean = printable(text, bold);
    let size = style.size;
    while (size > 5.5 && this.width(clean, bold, size) > maxWidth) size -= 0.5;
    return this.wrap(clean, { ...style, size }, maxWidth);
  }
}

/** Total height of lines. */
export function heightOf(lines: readonly Line[]): number {
  let h = 0;
  for (const l of lines) h += l.height;
  return h;
}

/** The page flow: where the next block goes, and new pages when it does not fit. */
export class Flow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The y of the top of the next block. */
  y = 0;
  /** Called on every page after the first, once the page exists, to draw a running header. */
  onContinuationPage: ((flow: Flow) => void) | undefined;

  constructor(
    private readonly doc: PDFDocument,
    readonly m: Measurer,
  ) {
    this.newPage();
  }

  get left(): number {
    return MARGIN.left;
  }

  get width(): number {
    return A4[0] - MARGIN.left - MARGIN.right;
  }

  /** The lowest y content may reach. */
  get bottom(): number {
    return MARGIN.bottom;
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN.top;
    if (this.pages.length > 1) this.onContinuationPage?.(this);
  }

  /** Starts a new page unless `height` fits below the cursor. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  /** Space left on the current page. */
  get room(): number {
    return this.y - this.bottom;
  }

  /** Draws one line with its top at `top`, aligned in [x, x + w]. */
  drawLine(line: Line, x: number, top: number, w: number, align: 'left' | 'right' | 'center' = 'left'): void {
    if (line.text === '') return;
    const tw = this.m.width(line.text, line.bold, line.size);
    const dx = align === 'right' ? w - tw : align === 'center' ? (w - tw) / 2 : 0;
    // Baseline: the top of the line box minus the ascent (about 0.8 em for DejaVu Sans at our leading).
    const baseline = top - line.size * 0.98;
    this.page.drawText(line.text, { x: x + Math.max(0, dx), y: baseline, size: line.size, font: this.m.font(line.bold), color: line.color });
  }

  /** Draws lines from `top` down; returns the height used. */
  drawLines(lines: readonly Line[], x: number, top: number, w: number, align: 'left' | 'right' | 'center' = 'left'): number {
    let y = top;
    for (const l of lines) {
      this.drawLine(l, x, y, w, align);
      y -= l.height;
    }
    return top - y;
  }

  /** Writes a paragraph across the full width (or [x, x+w]), breaking pages between lines. */
  paragraph(text: string, style: TextStyle, x = this.left, w = this.width): void {
    for (const line of this.m.wrap(text, style, w)) {
      this.ensure(line.height);
      this.drawLine(line, x, this.y, w);
      this.y -= line.height;
    }
  }

  /** A horizontal rule across the content width at the cursor. */
  rule(color: RGB = COLORS.rule, thickness = 0.6): void {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.left + this.width, y: this.y }, thickness, color });
  }

  /** Moves the cursor down. */
  space(h: number): void {
    this.y -= h;
  }
}

/** A column of a table. */
export interface Column {
  /** Width in points; one column may be `'flex'` to take what is left. */
  width: number | 'flex';
  align?: 'left' | 'right' | 'center';
  /** Narrow columns of numbers: fit on one line by shrinking before wrapping. */
  fit?: boolean;
}

/** A cell: its paragraphs, each with a style. */
export type Cell = Array<{ text: string; style: TextStyle }>;

const CELL_PAD_X = 3;
const CELL_PAD_Y = 2.5;

/** Resolved column widths for the flow's content width. */
function columnWidths(columns: readonly Column[], total: number): number[] {
  const fixed = columns.reduce((s, c) => s + (c.width === 'flex' ? 0 : c.width), 0);
  const flexCount = columns.filter((c) => c.width === 'flex').length;
  const flex = flexCount === 0 ? 0 : Math.max(40, (total - fixed) / flexCount);
  return columns.map((c) => (c.width === 'flex' ? flex : c.width));
}

/**
 * Draws a table at the cursor: a filled header row, then the rows, each
 * separated by a thin rule. The header is repeated at the top of every new
 * page; a row taller than the space left is split between lines and
 * continues on the next page.
 */
export function drawTable(flow: Flow, columns: readonly Column[], header: readonly string[], rows: readonly Cell[][], opts: { x?: number; width?: number; size?: number } = {}): void {
  const x0 = opts.x ?? flow.left;
  const total = opts.width ?? flow.width;
  const widths = columnWidths(columns, total);
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  const headerSize = opts.size ?? 7.5;
  const layout = (cells: readonly Cell[]): Line[][] =>
    cells.map((cell, i) => {
      const col = columns[i]!;
      const w = widths[i]! - 2 * CELL_PAD_X;
      return cell.flatMap((p) => (col.fit === true ? flow.m.fit(p.text, p.style, w) : flow.m.wrap(p.text, p.style, w)));
    });
  const headerLines = layout(header.map((h) => [{ text: h, style: { bold: true, size: headerSize, color: COLORS.accent } }]));
  const headerHeight = Math.max(...headerLines.map(heightOf)) + 2 * CELL_PAD_Y;

  const drawHeader = (): void => {
    flow.page.drawRectangle({ x: x0, y: flow.y - headerHeight, width: tableWidth, height: headerHeight, color: COLORS.headerFill });
    let x = x0;
    headerLines.forEach((lines, i) => {
      flow.drawLines(lines, x + CELL_PAD_X, flow.y - CELL_PAD_Y, widths[i]! - 2 * CELL_PAD_X, columns[i]!.align ?? 'left');
      x += widths[i]!;
    });
    flow.y -= headerHeight;
  };

  const firstRowHeight = rows[0] === undefined ? 0 : Math.min(Math.max(...layout(rows[0]).map(heightOf)) + 2 * CELL_PAD_Y, 60);
  flow.ensure(headerHeight + firstRowHeight);
  drawHeader();
  const previous = flow.onContinuationPage;
  flow.onContinuationPage = (f) => {
    previous?.(f);
    drawHeader();
  };
  try {
    for (const row of rows) {
      let remaining = layout(row);
      for (;;) {
        const need = Math.max(...remaining.map(heightOf)) + 2 * CELL_PAD_Y;
        if (need <= flow.room) {
          drawRow(flow, remaining, widths, columns, x0);
          flow.y -= need;
          flow.page.drawLine({ start: { x: x0, y: flow.y }, end: { x: x0 + tableWidth, y: flow.y }, thickness: 0.4, color: COLORS.rule });
          break;
        }
        // Split: what fits of each cell here, the rest on the next page.
        const avail = flow.room - 2 * CELL_PAD_Y;
        const minLine = Math.max(...remaining.map((ls) => ls[0]?.height ?? 0));
        if (avail < minLine || avail < 24) {
          flow.newPage();
          continue;
        }
        const now: Line[][] = [];
        const later: Line[][] = [];
        for (const lines of remaining) {
          let h = 0;
          let k = 0;
          while (k < lines.length && h + lines[k]!.height <= avail) h += lines[k++]!.height;
          now.push(lines.slice(0, k));
          later.push(lines.slice(k));
        }
        drawRow(flow, now, widths, columns, x0);
        flow.newPage();
        remaining = later;
        if (remaining.every((ls) => ls.length === 0)) break;
      }
    }
  } finally {
    flow.onContinuationPage = previous;
  }
}

function drawRow(flow: Flow, cells: readonly Line[][], widths: readonly number[], columns: readonly Column[], x0: number): void {
  let x = x0;
  cells.forEach((lines, i) => {
    flow.drawLines(lines, x + CELL_PAD_X, flow.y - CELL_PAD_Y, widths[i]! - 2 * CELL_PAD_X, columns[i]!.align ?? 'left');
    x += widths[i]!;
  });
}
