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
import { dec, round2 } from '../../model/decimal.js';
import type { ExtractedLine } from '../port.js';
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
}

/** Reads the lines of every lines table of a document. `stopLines` are totals lines (the table ends before them). */
export function findLineItems(ctx: ParseContext, stopLines: Set<number>): ExtractedLine[] {
  const out: ExtractedLine[] = [];
  let i = 0;
  while (i < ctx.lines.length) {
    const columns = headerColumns(ctx, i);
    const money = ctx.amounts(i).filter((a) => !a.percent);
    if (!isHeader(columns) || money.length > 0) {
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
    for (const c of line.chunks) {
      // Cut each chunk at its numbers so "20 Stk  19 %" spreads over its columns.
      const pieces = splitChunk(c.text);
      let offset = c.start;
      for (const p of pieces) {
        const idx = line.text.indexOf(p, offset);
        offset = idx + p.length;
        const box = tokenBox(ctx, j, idx, p.length);
        const col = columnOf(columns, box.left, box.right);
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
    const net = num('net');
    const price = num('price');
    const qty = num('quantity');
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
        const qtyText = cells.get('quantity')!.join(' ');
        const unitText = qtyText.slice(qtyText.indexOf(qty.raw) + qty.raw.length).trim();
        if (unitText) row.unit = unitText;
      }
      const unit = cells.get('unit')?.join(' ');
      if (unit && !row.unit) row.unit = unit;
      if (vat) row.vat = vat;
      // No description column text: a description printed on the line just above belongs to this row.
      if (!desc && current && current.net === undefined && current.price === undefined && current.quantity === undefined) {
        row.description = current.description;
        rows.pop();
      }
      rows.push(row);
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
  return { rows: rows.filter((r) => r.net || (r.price && r.quantity)), end: j };
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
