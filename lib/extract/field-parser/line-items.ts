/**
 * The invoice lines table (BG-25: BT-153 item name, BT-129 quantity, BT-130
 * unit, BT-146 net price, BT-152 VAT rate, BT-131 line net amount).
 *
 * The header row is recognised by its column words (Désignation / Bezeichnung
 * / Description, Qté / Menge / Qty, PU / Einzelpreis / Unit price, TVA / MwSt
 * / VAT, Montant / Betrag / Amount); each following line is cut into the
 * header's columns by x position. Lines without amounts continue the
 * description of the line above; a line holding only an amount in the net
 * column completes the line above (layouts that print the net amount under
 * the row).
 */
import { dec, round2, sum, type Decimal } from '../../model/decimal.js';
import type { Extracted, ExtractedLine } from '../port.js';
import { extracted, type ParseContext } from './context.js';
import { BOILERPLATE, COLUMN_LABELS, TOTAL_LABELS, compileLabels, matchGluedLabels, matchLabels } from './labels.js';
import { findAmounts, parsePercent, trimZeros, type AmountToken } from './numbers.js';
import { spanBox } from './text.js';

type Role = keyof typeof COLUMN_LABELS;

interface Column {
  role: Role;
  left: number;
  right: number;
}

const ROLE_ORDER: Role[] = ['description', 'quantity', 'unit', 'price', 'vat', 'net', 'position', 'reference'];

/** Headings that end the lines table. */
const SECTION_END = compileLabels([
  'zahlungsbedingungen', 'umsatzsteueraufschlüsselung', 'umsatzsteuer aufschlüsselung', 'steueraufschlüsselung', 'belegsummen', 'zu- und abschläge',
  'conditions de paiement', 'conditions de règlement', 'récapitulatif tva', 'détail tva', 'payment terms', 'vat summary', 'tax summary',
  'bankverbindung', 'coordonnées bancaires', 'bank details', 'zahlungsart', 'zahlungsinformationen', 'bemerkungen', 'notes',
]);

/** Units as printed mapped to UN/ECE Recommendation 20 codes (BT-130). */
const UNIT_CODES: Array<[RegExp, string]> = [
  [/^(stk\.?|stück|stueck|st\.?|pcs?\.?|pce|pieces?|pièces?|piece\(s\)|unit\(s\)|ea|each|x)$/i, 'H87'],
  [/^(u\.?|unités?|unite|units?|einheit(en)?|unit)$/i, 'C62'],
  [/^(h|hr|hrs|std\.?|stunden?|heures?|hours?)$/i, 'HUR'],
  [/^(tag\(e\)|tage?|jours?|j|days?|day\(s\))$/i, 'DAY'],
  [/^(kg|kilo(gramm)?s?)$/i, 'KGM'],
  [/^(g|gramm|grammes?)$/i, 'GRM'],
  [/^(t|tonnes?|tonnen?)$/i, 'TNE'],
  [/^(l|ltr|liter|litre|liter\(s\)|litres?)$/i, 'LTR'],
  [/^(m|meter|mètres?|metres?)$/i, 'MTR'],
  [/^(km)$/i, 'KMT'],
  [/^(m2|m²|qm)$/i, 'MTK'],
  [/^(m3|m³|cbm)$/i, 'MTQ'],
  [/^(pauschal(e)?|forfait|lump ?sum|pausch\.?)$/i, 'LS'],
  [/^(monate?|mois|months?)$/i, 'MON'],
  [/^(wochen?|semaines?|weeks?)$/i, 'WEE'],
];

/** The UN/ECE Rec 20 code of a printed unit, when known. */
export function unitCode(text: string): string | undefined {
  const t = text.trim().replace(/\.$/, '');
  for (const [re, code] of UNIT_CODES) if (re.test(t)) return code;
  return undefined;
}

function tokenBox(ctx: ParseContext, i: number, index: number, length: number): { left: number; right: number } {
  return spanBox(ctx.lines[i]!, index, length);
}

/** The columns a line announces, when it is a table header. */
function headerColumns(ctx: ParseContext, i: number): Column[] {
  const f = ctx.folded[i] ?? '';
  const found: Array<Column & { index: number; end: number }> = [];
  for (const role of ROLE_ORDER) {
    // Two column words a reader glued into one chunk ("QuantitàPrezzo unitario") are two columns.
    for (const m of [...matchLabels(COLUMN_LABELS[role], f), ...matchGluedLabels(COLUMN_LABELS[role], ctx.lines[i]!, f)]) {
      const box = tokenBox(ctx, i, m.index, m.end - m.index);
      found.push({ role, left: box.left, right: box.right, index: m.index, end: m.end });
    }
  }
  found.sort((a, b) => b.end - b.index - (a.end - a.index));
  const kept: typeof found = [];
  for (const c of found) if (!kept.some((k) => c.index < k.end && k.index < c.end)) kept.push(c);
  const columns = kept.sort((a, b) => a.left - b.left).map(({ role, left, right }): Column => ({ role, left, right }));
  // Two amount columns ("Amount ... Total"): the rightmost is the line net, a left one the quantity.
  const nets = columns.filter((c) => c.role === 'net');
  if (nets.length > 1 && !columns.some((c) => c.role === 'quantity')) nets[0]!.role = 'quantity';
  return columns;
}

function isHeader(columns: Column[]): boolean {
  const roles = new Set(columns.map((c) => c.role));
  const numeric = ['quantity', 'price', 'net', 'vat'].filter((r) => roles.has(r as Role)).length;
  return (roles.has('description') && numeric >= 2) || (roles.has('quantity') && roles.has('price') && roles.has('net'));
}

/**
 * An OCR header of which only the description and amount columns were read ("Articolo  Quantit®rezzo unitario
 * Importo"): taken as the table's header when the next line is a row (two amounts at least right of the description column, one with decimals; the line after it when the first is a rule read as specks); its rows are then read from their own amounts ({@link reconcileAmounts}).
 */
function isGarbledHeader(ctx: ParseContext, i: number, columns: Column[]): boolean {
  const desc = columns.find((c) => c.role === 'description');
  if (!desc || !columns.some((c) => c.role === 'net') || columns.some((c) => c.left < desc.left)) return false;
  // The first row may come after a line of specks (a table rule read as marks).
  return [i + 1, i + 2].some((j) => {
    const next = ctx.lines[j];
    if (!next || next.page !== ctx.lines[i]!.page) return false;
    const amounts = ctx.amounts(j).filter((a) => !a.percent && tokenBox(ctx, j, a.index, a.length).left > desc.right);
    return amounts.length >= 2 && amounts.some((a) => a.fractionDigits > 0);
  });
}

/** Assigns an x range to the closest column (edges or centres). */
function columnOf(columns: Column[], left: number, right: number): Column | undefined {
  let best: Column | undefined;
  let bestDist = Infinity;
  for (const c of columns) {
    if (left >= c.left - 1 && right <= c.right + 1) return c;
    const d = Math.min(Math.abs(left - c.left), Math.abs(right - c.right), Math.abs((left + right) / 2 - (c.left + c.right) / 2));
    if (d < bestDist) {
      bestDist = d;
      best = c;
    }
  }
  return best;
}

interface Row {
  description: string[];
  quantity?: AmountToken;
  unit?: string;
  price?: AmountToken;
  vat?: string;
  net?: AmountToken;
  line: number;
  lastLine: number;
  /** An OCR row whose amounts could not be read (its net amount may be found from the totals: {@link reconcileLineNets}). */
  unreadable?: boolean;
}

/** Reads the lines of every lines table of a document. `stopLines` are totals lines (the table ends before them). */
export function findLineItems(ctx: ParseContext, stopLines: Set<number>): ExtractedLine[] {
  const out: ExtractedLine[] = [];
  let i = 0;
  while (i < ctx.lines.length) {
    const columns = headerColumns(ctx, i);
    // OCR reads specks and rules as lone digits ("3 Bezeichnung ... 5"): one or two digits without decimals are no amount of a header.
    const money = ctx.amounts(i).filter((a) => !a.percent && !(ctx.ocr && a.fractionDigits === 0 && /^\d{1,2}$/.test(a.value)));
    if (!(isHeader(columns) || (ctx.ocr && isGarbledHeader(ctx, i, columns))) || money.length > 0) {
      i++;
      continue;
    }
    // Header words may wrap over the neighbouring lines ("Menge" above "Einheit").
    for (const j of [i - 1, i + 1]) {
      const l = ctx.lines[j];
      if (!l || l.page !== ctx.lines[i]!.page || Math.abs(l.y - ctx.lines[i]!.y) > 1.6 * l.height || ctx.amounts(j).length > 0) continue;
      for (const c of headerColumns(ctx, j)) {
        if (columns.some((k) => k.role === c.role || (c.left < k.right && k.left < c.right))) continue;
        columns.push(c);
      }
    }
    columns.sort((a, b) => a.left - b.left);
    // The rows of the tables before (a table repeated with its header on each page) count for carried-forward sums.
    const before = { count: out.filter((l) => l.netAmount).length, sum: out.reduce((sum, l) => (l.netAmount ? sum.plus(dec(l.netAmount.value)) : sum), dec('0')) };
    const { rows, end } = readRows(ctx, i, columns, stopLines, before);
    for (const r of rows) {
      const item = toLine(ctx, r);
      if (item) out.push(item);
    }
    i = Math.max(i + 1, end);
  }
  return out;
}

function readRows(ctx: ParseContext, header: number, columns: Column[], stopLines: Set<number>, before: { count: number; sum: ReturnType<typeof dec> }): { rows: Row[]; end: number } {
  const rows: Row[] = [];
  let page = ctx.lines[header]!.page;
  const descColumn = columns.find((c) => c.role === 'description');
  // Where the amount columns begin (right of the description).
  const amountsLeft = Math.min(...columns.filter((c) => ['quantity', 'unit', 'price', 'vat', 'net'].includes(c.role) && (!descColumn || c.left > descColumn.right)).map((c) => c.left));
  // The last line and the bottom of each page, to tell its footer.
  const lastOfPage = new Map<number, number>();
  const extent = new Map<number, { top: number; bottom: number }>();
  ctx.lines.forEach((l, k) => {
    lastOfPage.set(l.page, k);
    const e = extent.get(l.page);
    if (!e) extent.set(l.page, { top: l.y, bottom: l.y });
    else e.bottom = Math.max(e.bottom, l.y);
  });
  const nearBottom = (l: { page: number; y: number }): boolean => {
    const e = extent.get(l.page)!;
    return l.y >= e.top + 0.85 * (e.bottom - e.top);
  };
  let prevY = ctx.lines[header]!.y;
  let inFooter = false;
  let j = header + 1;
  for (; j < ctx.lines.length && j < header + 250; j++) {
    const line = ctx.lines[j]!;
    if (stopLines.has(j)) break;
    const f = ctx.folded[j]!;
    if (line.page !== page) {
      // The table goes on over the page break when it (or its header) ran to the bottom of its page.
      const last = rows[rows.length - 1]?.lastLine ?? header;
      if (j - 1 - last > 6) break;
      page = line.page;
      inFooter = false;
    } else if (line.y - prevY > 4 * line.height && lastOfPage.get(page)! - j < 6 && nearBottom(line)) {
      // A wide gap, then the last few lines at the bottom of the page: its footer (legal mentions, bank details, page
      // number), no row.
      inFooter = true;
    }
    prevY = line.y;
    if (inFooter) continue;
    if (matchLabels(BOILERPLATE, f).length > 0 && line.chunks.length <= 2 && ctx.amounts(j).every((a) => a.percent || a.fractionDigits === 0)) continue;
    const totalHit = [TOTAL_LABELS.net, TOTAL_LABELS.gross, TOTAL_LABELS.vat, TOTAL_LABELS.lineTotal, TOTAL_LABELS.netWeak, TOTAL_LABELS.due]
      .flatMap((s) => matchLabels(s, f))
      .some((h) => line.chunks.some((c) => c.start === h.index) && ctx.amounts(j).length > 0);
    if (totalHit) break;
    if (matchLabels(SECTION_END, f).some((h) => line.chunks.some((c) => c.start === h.index))) break;
    if (isHeader(headerColumns(ctx, j))) break;

    const cells = new Map<Role, string[]>();
    // How far right the line's text reaches (a row's amounts garbled by OCR still stand in the amount columns).
    let reach = -Infinity;
    for (const c of line.chunks) {
      // Cut each chunk at its numbers so "20 Stk  19 %" spreads over its columns.
      const pieces = splitChunk(c.text);
      let offset = c.start;
      for (const p of pieces) {
        const idx = line.text.indexOf(p, offset);
        offset = idx + p.length;
        const box = tokenBox(ctx, j, idx, p.length);
        // Specks (a rule or a dot read as `;`, `i`) reach nowhere.
        if (/[\p{L}\d].*[\p{L}\d]/u.test(p)) reach = Math.max(reach, box.right);
        // OCR glues a row's text into one long box over several columns: starting in the description column with a
        // word, it is the description (its amounts are read from the line's own amounts).
        const col = ctx.ocr && descColumn && box.left < descColumn.right && /^\P{L}{0,2}\p{L}{2}/u.test(p) ? descColumn : columnOf(columns, box.left, box.right);
        if (!col) continue;
        const list = cells.get(col.role) ?? [];
        list.push(p);
        cells.set(col.role, list);
      }
    }
    const num = (role: Role): AmountToken | undefined => {
      const text = cells.get(role)?.join(' ');
      if (!text) return undefined;
      return findAmounts(text, ctx.decimal).filter((a) => !a.percent || role === 'vat')[0];
    };
    let net = num('net');
    let price = num('price');
    let qty = num('quantity');
    if (ctx.ocr) {
      // OCR garbles columns (two amounts in one box, a decimal separator lost): the amounts that multiply out win.
      const found = reconcileAmounts(ctx, j, descColumn, { qty, price, net });
      if (found) ({ qty, price, net } = found);
      // No net amount in its column: the line's last amount, when it has decimals and stands right of the description.
      else if (!net) net = trailingAmount(ctx, j, amountsLeft, [qty, price]);
    }
    const vatText = cells.get('vat')?.join(' ');
    const vat = vatText ? parsePercent(/(\d+(?:[.,]\d+)?)\s*%?/.exec(vatText)?.[1] ?? '', ctx.decimal) : undefined;
    const desc = (cells.get('description') ?? []).join(' ').trim();
    const current = rows[rows.length - 1];
    const anyNumber = net || price || qty;
    // The net amount printed under its row (with perhaps more description beside it) completes that row.
    if (net && !price && !qty && current && !current.net && (current.price || current.quantity) && j - current.lastLine <= 3) {
      current.net = net;
      if (desc) current.description.push(desc);
      current.lastLine = j;
      continue;
    }
    // A net amount alone that is the sum of the rows so far: the subtotal carried to or brought from another page
    // ("Übertrag", "Carried forward", "Report", "Suma y sigue", "A riportare"), no row.
    if (net && !price && !qty) {
      const done = rows.filter((r) => r.net);
      const sum = done.reduce((total, r) => total.plus(dec(r.net!.value)), before.sum);
      if (before.count + done.length >= 2 && sum.minus(dec(net.value)).abs().lt(dec('0.005'))) continue;
    }
    if (anyNumber) {
      const row: Row = { description: desc ? [desc] : [], line: j, lastLine: j };
      if (net) row.net = net;
      if (price) row.price = price;
      if (qty) {
        row.quantity = qty;
        const qtyText = cells.get('quantity')?.join(' ') ?? '';
        const unitText = qtyText.includes(qty.raw) ? qtyText.slice(qtyText.indexOf(qty.raw) + qty.raw.length).trim() : '';
        if (unitText) row.unit = unitText;
      }
      const unit = cells.get('unit')?.join(' ');
      if (unit && !row.unit) row.unit = unit;
      if (vat) row.vat = vat;
      // An OCR row with some amount read but no net amount, nor quantity and price: a row all the same, its amounts unreadable.
      if (ctx.ocr && !net && !(price && qty)) row.unreadable = true;
      // No description column text: a description printed on the line just above belongs to this row.
      if (!desc && current && current.net === undefined && current.price === undefined && current.quantity === undefined) {
        row.description = current.description;
        rows.pop();
      }
      rows.push(row);
      continue;
    }
    // No numbers, but OCR text with digits reaching into the amount columns: a row whose amounts are unreadable
    // ("Travel expenses 2497785%098.56"), not a description line (those stay in their column).
    if (ctx.ocr && desc && /\d/.test(line.text) && reach > amountsLeft) {
      rows.push({ description: [desc], line: j, lastLine: j, unreadable: true });
      continue;
    }
    // No numbers: a description line, for the current row or the next one.
    const text = descColumn ? desc : line.text;
    if (!text || /^[\d\s()./-]+$/.test(text) || /^[\p{L}\s-]{1,30}:\s*\S/u.test(text) || /:\s*$/.test(text)) continue;
    if (current && current.net === undefined && current.price === undefined && current.quantity === undefined) {
      current.description.push(text);
      continue;
    }
    if (current && j - current.lastLine <= 1 && current.description.length < 3) {
      current.description.push(text);
      current.lastLine = j;
      continue;
    }
    rows.push({ description: [text], line: j, lastLine: j });
  }
  return { rows: rows.filter((r) => r.net || (r.price && r.quantity) || r.unreadable), end: j };
}

interface RowAmounts {
  qty: AmountToken | undefined;
  price: AmountToken | undefined;
  net: AmountToken | undefined;
}

/** Whether quantity x price gives the net amount, to the cent (BT-129 x BT-146 = BT-131, rounded). */
function multipliesOut(qty: AmountToken, price: AmountToken, net: AmountToken): boolean {
  return round2(dec(qty.value).times(dec(price.value))).minus(dec(net.value)).abs().lte(dec('0.01'));
}

/** An amount read without its decimal separator (`166280` for `1662,80`), put back: the same digits in cents. */
function inCents(t: AmountToken): AmountToken | undefined {
  if (t.fractionDigits !== 0 || !/^\d{3,}$/.test(t.value)) return undefined;
  return { ...t, value: dec(t.value).div(100).toFixed(2), fractionDigits: 2 };
}

/**
 * The quantity, price and net amount of an OCR row from every amount of its line, left to right, right of the
 * description column: three amounts of which the first times the second gives the third (to the cent), the third
 * as far right as possible, a price or net amount whose decimal separator OCR lost read in cents when only so do they
 * multiply out, an amount with a space in it read as two when only so do they. Undefined when the amounts read by
 * column already multiply out, or no three amounts do.
 */
export function reconcileAmounts(ctx: ParseContext, j: number, descColumn: Column | undefined, got: RowAmounts): RowAmounts | undefined {
  if (got.qty && got.price && got.net && multipliesOut(got.qty, got.price, got.net)) return undefined;
  const tokens = ctx.amounts(j).filter((a) => {
    if (a.percent) return false;
    if (!descColumn) return true;
    const box = tokenBox(ctx, j, a.index, a.length);
    return (box.left + box.right) / 2 > descColumn.right;
  });
  // An amount with a space in it may be two ("1 882.00 882.00": quantity 1, price 882.00), read so when only so do they multiply out.
  const split = tokens.flatMap((t) => (/\d\s+\d/.test(t.raw) ? t.raw.split(/\s+/).flatMap((part) => findAmounts(part, ctx.decimal).map((a) => ({ ...a, index: t.index + t.raw.indexOf(part) }))) : [t]));
  return multiplyingOut(tokens) ?? (split.length > tokens.length ? multiplyingOut(split) : undefined);
}

/** Three amounts of a line, in their order, of which the first times the second gives the third (see {@link reconcileAmounts}). */
function multiplyingOut(tokens: AmountToken[]): RowAmounts | undefined {
  const forms = (t: AmountToken): AmountToken[] => [t, ...[inCents(t)].filter((c): c is AmountToken => c !== undefined)];
  for (let n = tokens.length - 1; n >= 2; n--) {
    for (const net of forms(tokens[n]!)) {
      for (let p = n - 1; p >= 1; p--) {
        for (const price of forms(tokens[p]!)) {
          for (let q = p - 1; q >= 0; q--) {
            const qty = tokens[q]!;
            if (!dec(qty.value).isZero() && multipliesOut(qty, price, net)) return { qty, price, net };
          }
        }
      }
    }
  }
  return undefined;
}

/**
 * The last amount of an OCR line taken as its net amount (the rightmost column), when it is the line's last token,
 * has decimals, is no rate, and stands in the amount columns (its centre right of `amountsLeft`); undefined otherwise
 * or when it was already read as the quantity or price.
 */
function trailingAmount(ctx: ParseContext, j: number, amountsLeft: number, taken: Array<AmountToken | undefined>): AmountToken | undefined {
  const all = ctx.amounts(j);
  const last = all[all.length - 1];
  if (!last || last.percent || last.fractionDigits === 0) return undefined;
  const text = ctx.lines[j]!.text;
  if (/[\p{L}\d]/u.test(text.slice(last.index + last.length))) return undefined;
  const box = tokenBox(ctx, j, last.index, last.length);
  if ((box.left + box.right) / 2 <= amountsLeft) return undefined;
  return taken.some((t) => t !== undefined && t.raw === last.raw && t.value === last.value) ? undefined : last;
}

/** Splits a chunk into words and numbers, keeping "20 Stk", "19 %", "160,00 €" together. */
function splitChunk(text: string): string[] {
  const parts = text.split(/\s{2,}/);
  const out: string[] = [];
  for (const p of parts) {
    // A description with a trailing amount ("Croissants 120") stays one piece unless numbers follow words.
    const m = /^(.*?\p{L}[^\d]*?)\s+((?:[-−]?\d[\d.,']*(?:\s?(?:%|€|\$|£))?(?:\s(?:[A-Za-z]{1,6}\.?|Tag\(e\)))?(?:\s+|$))+)$/u.exec(p);
    // Only amounts (with cents, a percent or a currency) are cut off a description: "Apfelsaft 1 l" keeps its "1 l".
    if (m && /\p{L}{3,}/u.test(m[1]!) && /\d[.,]\d|%|€|\$|£/.test(m[2]!)) {
      out.push(m[1]!.trim());
      for (const n of m[2]!.trim().split(/\s+(?=[-−]?\d)/)) out.push(n.trim());
    } else if (/^[-−]?\d/.test(p)) {
      for (const n of p.split(/\s+(?=[-−]?\d)/)) {
        // "2 jour", "3 u.", "1,5 Std": a quantity with its unit, whose columns may be printed under one header ("Qté Unité").
        const withUnit = /^([-−]?\d[\d.,']*)\s+(\S.*)$/u.exec(n.trim());
        if (withUnit && unitCode(withUnit[2]!) !== undefined) out.push(withUnit[1]!, withUnit[2]!);
        else out.push(n.trim());
      }
    } else out.push(p);
  }
  return out.filter((s) => s !== '');
}

function toLine(ctx: ParseContext, r: Row): ExtractedLine | undefined {
  const description = r.description.join(' ').replace(/\s+/g, ' ').trim();
  if (!description && !r.net) return undefined;
  const conf = 0.7;
  const line: ExtractedLine = { description: extracted(ctx, description, description ? conf : 0.1, r.line) };
  if (r.quantity) line.quantity = extracted(ctx, r.quantity.value, conf, r.line);
  if (r.price) line.unitPrice = extracted(ctx, r.price.value, conf, r.line);
  if (r.net) line.netAmount = extracted(ctx, r.net.value, conf, r.lastLine);
  if (r.vat) line.vatRate = extracted(ctx, trimZeros(r.vat), conf, r.line);
  if (r.unit) {
    const code = unitCode(r.unit);
    if (code) line.unitCode = extracted(ctx, code, 0.6, r.line);
  }
  // Quantity x price = net: each confirms the others (checked again in the cross-checks).
  if (r.quantity && r.price && r.net) {
    const computed = round2(dec(r.quantity.value).times(dec(r.price.value)));
    if (computed.eq(round2(dec(r.net.value)))) for (const e of [line.quantity, line.unitPrice, line.netAmount]) if (e) e.confidence = Math.max(e.confidence, 0.9);
  }
  return line;
}

/** Another reading of a line's amounts: its net amount, with the quantity or price read with it. */
interface LineReading {
  net: Decimal;
  qty?: string;
  price?: string;
}

/** An integer of three digits or more: what OCR makes of an amount whose decimal separator it lost (`118100` for `1.181,00`). */
const mayLackSeparator = (e: Extracted<string> | undefined): boolean => e !== undefined && /^\d{3,}$/.test(e.value);

/** The other readings of a line's amounts OCR may have garbled (see {@link reconcileLineNets}). */
function otherReadings(line: ExtractedLine): LineReading[] {
  const out: LineReading[] = [];
  const q = line.quantity && dec(line.quantity.value);
  const p = line.unitPrice && dec(line.unitPrice.value);
  const n = line.netAmount && dec(line.netAmount.value);
  if (n && mayLackSeparator(line.netAmount)) {
    const net = n.div(100);
    // The quantity read the same way (`100` for `1,00`) when it then multiplies out with the price.
    const qty = q && p && mayLackSeparator(line.quantity) && round2(q.div(100).times(p)).eq(round2(net)) ? q.div(100).toFixed(2) : undefined;
    out.push(qty ? { net, qty } : { net });
  }
  if (q && p) {
    // The net amount garbled (a digit misread), the quantity and price read right; or the price read without its separator.
    const product = round2(q.times(p));
    if (!n || !product.eq(round2(n))) out.push({ net: product });
    if (mayLackSeparator(line.unitPrice)) out.push({ net: round2(q.times(p.div(100))), price: p.div(100).toFixed(2) });
  }
  return out.filter((r) => r.net.isPositive() && !(n && r.net.eq(n)));
}

/**
 * Line net amounts of an OCR reading set right by the sum they must make (BR-CO-10: the sum of the line net amounts,
 * BT-106, is the printed line total or, without allowances or charges, the total without VAT, BT-109), in place:
 * - a net amount read without its decimal separator (`118100` for `1.181,00`: an integer of three digits or more),
 *   or garbled where quantity x price (BT-129 x BT-146) gives another amount, is read otherwise when, and only when,
 *   the lines then add up to the target, fewest changes first (at most three lines); with an amount to fill (below),
 *   whose remainder checks nothing, only separators are put back;
 * - when a single row holds no net amount (its amounts unreadable) and every other does, its amount is the target
 *   less the others, given as computed (never confirmed by that very sum), when the target is `trusted` (a printed
 *   line total, or a total without VAT that adds up with the VAT to the total with VAT).
 * Nothing changes when the target is missing or computed, or when no such reading adds up.
 * @returns whether anything was changed
 */
export function reconcileLineNets(lines: ExtractedLine[], target: Extracted<string> | undefined, trusted: boolean): boolean {
  if (!target || (target.source ?? '').startsWith('computed') || lines.length === 0) return false;
  const goal = dec(target.value);
  const missing = lines.flatMap((l, k) => (l.netAmount ? [] : [k]));
  // Filling a missing amount takes a target confirmed by the other totals; changing one takes the exact sum.
  if (missing.length > 1 || (missing.length === 1 && !trusted)) return false;
  const base = sum(lines.map((l) => (l.netAmount ? dec(l.netAmount.value) : undefined)));
  if (missing.length === 0 && base.eq(goal)) return false;
  // With an amount to fill, the sum no longer checks a change: only separators put back (integers read in cents) then.
  const readingsOf = (l: ExtractedLine): LineReading[] => otherReadings(l).filter((r) => missing.length === 0 || (r.price === undefined && mayLackSeparator(l.netAmount) && r.net.eq(dec(l.netAmount!.value).div(100))));
  const options = lines.map(readingsOf).flatMap((readings, k) => (readings.length ? [{ k, readings }] : []));
  const apply = (changes: Array<{ k: number; reading: LineReading }>): boolean => {
    let total = base;
    for (const { k, reading } of changes) total = total.minus(dec(lines[k]!.netAmount?.value ?? '0')).plus(reading.net);
    if (missing.length === 0 ? !total.eq(goal) : !goal.minus(total).isPositive()) return false;
    for (const { k, reading } of changes) {
      const line = lines[k]!;
      const source = `computed: read again so that the lines add up to ${target.value}`;
      line.netAmount = { value: reading.net.toFixed(2), confidence: Math.min(0.6, line.netAmount?.confidence ?? 0.6), source };
      if (reading.qty) line.quantity = { ...line.quantity!, value: reading.qty };
      if (reading.price) line.unitPrice = { ...line.unitPrice!, value: reading.price };
    }
    if (missing.length === 1) lines[missing[0]!]!.netAmount = { value: goal.minus(total).toFixed(2), confidence: 0.5, source: 'computed: the total without VAT less the other lines' };
    return true;
  };
  // Fewest changes first: none (only a missing amount to fill), then one line, two, three.
  const search = (from: number, left: number, changes: Array<{ k: number; reading: LineReading }>): boolean => {
    if (left === 0) return apply(changes);
    for (let o = from; o < options.length; o++) {
      for (const reading of options[o]!.readings) if (search(o + 1, left - 1, [...changes, { k: options[o]!.k, reading }])) return true;
    }
    return false;
  };
  for (let size = 0; size <= Math.min(3, options.length); size++) if (search(0, size, [])) return true;
  return false;
}
