/**
 * Word documents (docx) read with mammoth's HTML output: paragraphs become
 * lines (tabs split them into chunks, as a tab stop separates a label from
 * its value), and table rows become lines with one chunk per cell at the
 * cell's column, so the lines table is read like a PDF's.
 *
 * The zip is checked against the limits of lib/limits.ts (./zip-limits.ts)
 * before mammoth (JSZip) inflates anything.
 */
import { ExtractionError } from '../../errors.js';
import { linesFromPlainText, makeLine, type TextDocument, type TextLine } from '../field-parser/text.js';
import { assertZipWithinLimits } from './zip-limits.js';

const COLUMN_WIDTH = 100;
const LINE_HEIGHT = 12;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Turns mammoth's HTML (a small, well-formed subset: p, h1-h6, li, table, tr,
 * td/th, br, strong, em, a, img) into positioned lines.
 */
export function linesFromHtml(html: string): TextLine[] {
  const lines: TextLine[] = [];
  let y = 0;
  let block = '';
  let cells: string[] | undefined;
  let cell: string | undefined;
  let depth = 0;
  const flushBlock = (): void => {
    const text = block.replace(/\u00a0/g, ' ');
    block = '';
    for (const l of linesFromPlainText(text, { charWidth: 5, lineHeight: LINE_HEIGHT / 1.2 })) {
      y += LINE_HEIGHT;
      lines.push({ ...l, y });
    }
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    const [, closing, tagRaw, text] = m;
    if (text !== undefined) {
      const t = decodeEntities(text);
      if (cell !== undefined) cell += t;
      else block += t;
      continue;
    }
    const tag = tagRaw!.toLowerCase();
    if (tag === 'table') {
      depth += closing ? -1 : 1;
      if (!closing) flushBlock();
    } else if (tag === 'tr' && depth === 1) {
      if (!closing) cells = [];
      else if (cells) {
        const parts = cells.map((c, k) => ({ text: c.replace(/\s+/g, ' ').trim(), x: k * COLUMN_WIDTH, width: COLUMN_WIDTH * 0.9 }));
        if (parts.some((p) => p.text !== '')) {
          y += LINE_HEIGHT;
          lines.push(makeLine(1, y, LINE_HEIGHT * 0.8, parts));
        }
        cells = undefined;
      }
    } else if ((tag === 'td' || tag === 'th') && depth === 1) {
      if (!closing) cell = '';
      else {
        cells?.push(cell ?? '');
        cell = undefined;
      }
    } else if (tag === 'br') {
      if (cell !== undefined) cell += ' ';
      else block += '\n';
    } else if (/^(p|h[1-6]|li|div)$/.test(tag) && closing) {
      if (cell !== undefined) cell += ' ';
      else flushBlock();
    }
  }
  flushBlock();
  return lines;
}

/**
 * Reads a docx document into lines.
 * @throws DocumentTooComplexError past a zip limit; ExtractionError for a damaged file
 */
export async function readWord(bytes: Uint8Array): Promise<TextDocument> {
  assertZipWithinLimits(bytes);
  const mammoth = (await import('mammoth')).default;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { externalFileAccess: false, convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    html = result.value;
  } catch (error) {
    throw new ExtractionError('The Word document could not be read (damaged or not a docx).', [], { cause: error });
  }
  const lines = linesFromHtml(html);
  return { lines, pageCount: 1, pageWidth: Math.max(COLUMN_WIDTH * 8, ...lines.flatMap((l) => l.chunks.map((c) => c.x + c.width))) };
}
