/**
 * Spreadsheets (xlsx, xls, ods) read with SheetJS (@e965/xlsx): every
 * non-empty row of every sheet becomes a text line, each cell a chunk placed
 * at its column, so the field parser finds labels, values and the lines
 * table the way it does on a PDF. Cells keep their displayed text (number
 * formats applied); date cells are written as ISO dates; a number without a
 * displayed text is written from its shortest round-trip form, never from
 * float arithmetic.
 *
 * Limits (lib/limits.ts): an xlsx or ods (a zip) is checked by
 * ./zip-limits.ts before SheetJS inflates anything; a legacy xls (OLE2, not
 * compressed) or any other input is capped by its size only (`xls-bytes`).
 */
import { ExtractionError } from '../../errors.js';
import { tooComplex, XLS_MAX_BYTES } from '../../limits.js';
import { makeLine, type TextDocument, type TextLine } from '../field-parser/text.js';
import { assertZipWithinLimits, isZip } from './zip-limits.js';

/** Width given to one spreadsheet column, in the synthetic unit of the lines. */
const COLUMN_WIDTH = 100;
const ROW_HEIGHT = 12;

function columnName(c: number): string {
  let name = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Reads a workbook into lines, sheet by sheet (each sheet a page), at most `maxRows` rows per sheet.
 * @throws DocumentTooComplexError past a zip limit or `xls-bytes`; ExtractionError for a damaged file
 */
export async function readSpreadsheet(bytes: Uint8Array, options: { maxRows?: number; maxSheets?: number } = {}): Promise<TextDocument> {
  if (isZip(bytes)) assertZipWithinLimits(bytes);
  else if (bytes.length > XLS_MAX_BYTES) throw tooComplex('xls-bytes', `The workbook is ${bytes.length} bytes; at most ${XLS_MAX_BYTES} are read.`);
  const XLSX = await import('@e965/xlsx');
  const maxRows = options.maxRows ?? 1000;
  let workbook: import('@e965/xlsx').WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellDates: false, cellText: true, cellNF: true, sheetRows: maxRows, dense: false });
  } catch (error) {
    throw new ExtractionError('The spreadsheet could not be read (damaged or password-protected).', [], { cause: error });
  }
  const lines: TextLine[] = [];
  const sheets = workbook.SheetNames.slice(0, options.maxSheets ?? 10);
  sheets.forEach((name, s) => {
    const sheet = workbook.Sheets[name];
    const ref = sheet?.['!ref'];
    if (!sheet || !ref) return;
    const range = XLSX.utils.decode_range(ref);
    for (let r = range.s.r; r <= Math.min(range.e.r, range.s.r + maxRows); r++) {
      const parts: Array<{ text: string; x: number; width: number }> = [];
      for (let c = range.s.c; c <= Math.min(range.e.c, range.s.c + 60); c++) {
        const cell = sheet[XLSX.utils.encode_cell({ r, c })] as import('@e965/xlsx').CellObject | undefined;
        const text = cell ? cellText(XLSX, cell) : '';
        if (text.trim() !== '') parts.push({ text, x: c * COLUMN_WIDTH, width: COLUMN_WIDTH * 0.9 });
      }
      if (parts.length === 0) continue;
      const first = parts[0]!;
      lines.push(makeLine(s + 1, r * ROW_HEIGHT, ROW_HEIGHT * 0.8, parts, { source: `sheet ${name}!${columnName(first.x / COLUMN_WIDTH)}${r + 1}` }));
    }
  });
  return { lines, pageCount: Math.max(1, sheets.length), pageWidth: COLUMN_WIDTH * 12 };
}

type Xlsx = typeof import('@e965/xlsx');

/** The text a cell shows: ISO date for date cells, the formatted text otherwise. */
function cellText(XLSX: Xlsx, cell: import('@e965/xlsx').CellObject): string {
  if (cell.t === 'n' && typeof cell.v === 'number') {
    const format = typeof cell.z === 'string' ? cell.z : '';
    if (format !== '' && XLSX.SSF.is_date(format)) {
      const d = XLSX.SSF.parse_date_code(cell.v) as { y: number; m: number; d: number } | undefined;
      if (d) return `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
    }
    if (typeof cell.w === 'string' && cell.w.trim() !== '' && !/E[+-]/i.test(cell.w)) return cell.w;
    return String(cell.v);
  }
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return '';
  if (typeof cell.w === 'string') return cell.w;
  return cell.v === undefined || cell.v === null ? '' : String(cell.v);
}
