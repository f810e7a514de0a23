/**
 * Word documents (docx) read with mammoth's HTML output: paragraphs become
 * lines (tabs split them into chunks, as a tab stop separates a label from
 * its value), and table rows become lines with one chunk per cell at the
 * cell's column, so the lines table is read like a PDF's.
 *
 * The zip is checked against the limits of lib/limits.ts (./zip-limits.ts)
 * before mammoth (JSZip) inflates anything, and its XML parts may hold at
 * most `docx-xml-elements` elements: mammoth builds objects for every one.
 */
import { ExtractionError } from '../../errors.js';
import { DOCX_MAX_XML_ELEMENTS, tooComplex } from '../../limits.js';
import { linesFromPlainText, makeLine, type TextDocument, type TextLine } from '../field-parser/text.js';
import { assertZipWithinLimits, isXmlPart } from './zip-limits.js';

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

/** Start tags in XML text: `<` followed by a name character (not `</`, `<?`, `<!`). */
export function countXmlElements(data: Uint8Array): number {
  let n = 0;
  for (let i = data.indexOf(0x3c); i !== -1 && i + 1 < data.length; i = data.indexOf(0x3c, i + 1)) {
    const c = data[i + 1]!;
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a || c >= 0x80) n++;
  }
  return n;
}

/**
 * Reads a docx document into lines.
 * @throws DocumentTooComplexError past a zip limit or `docx-xml-elements`; ExtractionError for a damaged file
 */
export async function readWord(bytes: Uint8Array): Promise<TextDocument> {
  let elements = 0;
  assertZipWithinLimits(bytes, {
    inspect: (entry, data) => {
      if (!isXmlPart(entry.name)) return;
      elements += countXmlElements(data);
      if (elements > DOCX_MAX_XML_ELEMENTS) {
        throw tooComplex('docx-xml-elements', `The Word document's XML holds more than ${DOCX_MAX_XML_ELEMENTS} elements.`);
      }
    },
  });
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
  // A loop, not Math.max(...spread): a long document has more chunks than a call may take arguments.
  let pageWidth = COLUMN_WIDTH * 8;
  for (const l of lines) for (const c of l.chunks) pageWidth = Math.max(pageWidth, c.x + c.width);
  return { lines, pageCount: 1, pageWidth };
}
