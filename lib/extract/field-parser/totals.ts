/**
 * Document totals (BG-22: BT-106 sum of lines, BT-109 total without VAT,
 * BT-110 total VAT, BT-112 total with VAT, BT-113 paid amount, BT-115 amount
 * due) and the VAT breakdown (BG-23: BT-116 base, BT-117 tax, BT-119 rate).
 *
 * Labels give candidates; the choice between candidates prefers the triple
 * that satisfies BR-CO-15 (BT-112 = BT-109 + BT-110), so a weakly labelled
 * amount that makes the arithmetic work beats a strongly labelled one that
 * does not. VAT breakdown rows are recognised by their own arithmetic too
 * (base x rate = tax, BR-CO-17), whatever their labels.
 */
import { Decimal, dec, round2 } from '../../model/decimal.js';
import type { Extracted, ExtractedInvoice } from '../port.js';
import { extracted, type ParseContext } from './context.js';
import { BASE_LABEL, COLUMN_LABELS, NOT_A_TOTAL, RATE_LABEL, TAX_AMOUNT_LABEL, TOTAL_LABELS, compileLabels, matchLabels, type LabelSet } from './labels.js';
import { parsePercent, trimZeros, type AmountToken } from './numbers.js';
import { chunkAt, chunkIndexAt, fold, spanBox } from './text.js';

/** The totals a document prints. */
export type TotalKind = 'lineTotal' | 'net' | 'vat' | 'gross' | 'prepaid' | 'due';

/** A VAT breakdown row as found. */
export interface BreakdownRow {
  rate: string;
  base?: string;
  amount?: string;
  line: number;
  /** base x rate = amount was verified. */
  verified: boolean;
  /**
   * The share of a tax split between two authorities that the row names (India's GST: `cgst` and `sgst` or `utgst`,
   * one row each at the same rate on the same base): two such rows are two amounts, never one printed twice.
   */
  share?: string;
}

/** The names of the shares of a split tax (India's central and state GST), as folded labels. */
const SPLIT_TAX_SHARES = new Set(['cgst', 'sgst', 'utgst']);

interface TotalCandidate {
  kind: TotalKind;
  value: string;
  score: number;
  line: number;
  why: string;
}

/** Everything the totals finder returns. */
export interface TotalsResult {
  totals: ExtractedInvoice['totals'];
  lineTotal?: Extracted<string>;
  vatBreakdown: ExtractedInvoice['vatBreakdown'];
  /** Lines used by totals and breakdown (the line-items table stops before them). */
  usedLines: Set<number>;
  /** True when the chosen BT-109 / BT-110 / BT-112 satisfy BT-112 = BT-109 + BT-110. */
  consistent: boolean;
}

interface Hit {
  kind: TotalKind;
  strong: boolean;
  index: number;
  end: number;
}

const KIND_SETS: Array<[TotalKind, boolean, LabelSet]> = [
  ['lineTotal', true, TOTAL_LABELS.lineTotal],
  ['net', true, TOTAL_LABELS.net],
  ['vat', true, TOTAL_LABELS.vat],
  ['gross', true, TOTAL_LABELS.gross],
  ['prepaid', true, TOTAL_LABELS.prepaid],
  ['due', true, TOTAL_LABELS.due],
  ['net', false, TOTAL_LABELS.netWeak],
  ['vat', false, TOTAL_LABELS.vatWeak],
  ['gross', false, TOTAL_LABELS.grossWeak],
];

/** Label hits of one line, longest first, without overlaps; weak hits inside a strong hit's chunk are dropped. */
function lineHits(ctx: ParseContext, i: number): Hit[] {
  const f = ctx.folded[i] ?? '';
  const all: Hit[] = [];
  for (const [kind, strong, set] of KIND_SETS) for (const m of matchLabels(set, f)) all.push({ kind, strong, index: m.index, end: m.end });
  all.sort((a, b) => b.end - b.index - (a.end - a.index) || Number(b.strong) - Number(a.strong));
  let kept: Hit[] = [];
  for (const h of all) if (!kept.some((k) => h.index < k.end && k.index < h.end)) kept.push(h);
  const line = ctx.lines[i]!;
  // "Total paid with VAT", "Gesamt inkl. MwSt.", "Total sans TVA": a total word, then with / without a VAT word in the
  // same chunk, is the total with (BT-112) or without (BT-109) VAT, whatever words stand between.
  for (const h of [...kept]) {
    if (h.strong || (h.kind !== 'gross' && h.kind !== 'net')) continue;
    const vat = kept.find((k) => k.kind === 'vat' && !k.strong && k.index > h.end && chunkIndexAt(line, k.index) === chunkIndexAt(line, h.index));
    if (!vat) continue;
    const between = f.slice(h.end, vat.index);
    const kind = /(?<![\p{L}])(?:with|incl\.?|including|inclusive|inkl\.?|inklusive|einschl\.?|avec|ttc|con|incluido|incluida|inclusa|incluso|compreso|inclusief|met)\s*$/u.test(between)
      ? 'gross'
      : /(?<![\p{L}])(?:without|excl\.?|excluding|exkl\.?|ohne|zzgl\.?|hors|sans|sin|senza|zonder|exclusief)\s*$/u.test(between)
        ? 'net'
        : undefined;
    if (kind === undefined || between.length > 24) continue;
    kept = kept.filter((k) => k !== vat && k !== h);
    kept.push({ kind, strong: true, index: h.index, end: vat.end });
  }
  // "... incl. btw", "... inkl. MwSt." after a word that is no total label (OCR lost a letter of it to a box's border:
  // `otaal incl. btw`): an amount including VAT is a total with VAT, never the VAT. Not "inkl. 19 % MwSt. 3,19" at
  // the start of a chunk, which receipts print for the VAT a total includes.
  for (const k of [...kept]) {
    if (k.strong || k.kind !== 'vat') continue;
    const chunk = chunkAt(line, k.index);
    const before = f.slice(chunk?.start ?? 0, k.index);
    if (before.length > 24 || !/\p{L}{3,}\s+(?:incl\.?|including|inclusive|inkl\.?|inklusive|einschl\.?|inclusief)\s*$/u.test(before)) continue;
    kept = kept.filter((x) => x !== k);
    kept.push({ kind: 'gross', strong: false, index: k.index, end: k.end });
  }
  const chunkIndex = (index: number): number => chunkIndexAt(line, index);
  const strongChunks = new Set(kept.filter((h) => h.strong).map((h) => chunkIndex(h.index)));
  const negatives = matchLabels(NOT_A_TOTAL, f);
  return kept
    .filter((h) => h.strong || !strongChunks.has(chunkIndex(h.index)))
    .filter((h) => !negatives.some((n) => chunkIndex(n.index) === chunkIndex(h.index) && (n.index >= h.end || !h.strong)))
    .sort((a, b) => a.index - b.index);
}

/** Estimated x extent of a token of line i. */
function tokenX(ctx: ParseContext, i: number, index: number, length: number): { left: number; right: number } {
  return spanBox(ctx.lines[i]!, index, length);
}

function money(ctx: ParseContext, i: number): AmountToken[] {
  return ctx.amounts(i).filter((a) => !a.percent);
}

/** Numbers of a line that may be VAT rates: percent tokens, or plain numbers up to 30 with at most 2 decimals. */
function rateTokens(ctx: ParseContext, i: number, requirePercent: boolean): AmountToken[] {
  return ctx.amounts(i).filter((a) => {
    if (a.percent) return true;
    if (requirePercent || a.currency) return false;
    const v = dec(a.value);
    return v.gte(0) && v.lte(30) && a.fractionDigits <= 2;
  });
}

/** True when base x rate / 100, rounded to cents, equals the tax (one cent of tolerance for per-line rounding). */
export function rateMatches(base: string, rate: string, tax: string): boolean {
  const computed = round2(dec(base).times(dec(rate)).dividedBy(100));
  return computed.minus(dec(tax)).abs().lte(new Decimal('0.01'));
}

const VAT_WORD = compileLabels(['tva', 'mwst', 'ust', 'umsatzsteuer', 'mehrwertsteuer', 'vat', 'tax', 'steuer', 'taxe', 'iva', 'btw', 'gst', 'igst', 'cgst', 'sgst', 'moms', 'mva', 'alv', 'dph', 'áfa', 'ddv', 'pdv', 'pvm', 'pvn', 'fpa']);

/**
 * Breakdown rows recognised by their arithmetic: a line with a VAT word or a
 * percent sign, a rate, and two amounts where base x rate = tax.
 */
function arithmeticRows(ctx: ParseContext, i: number): BreakdownRow[] {
  const f = ctx.folded[i] ?? '';
  const hasWord = matchLabels(VAT_WORD, f).length > 0;
  const hasPercent = ctx.amounts(i).some((a) => a.percent);
  if (!hasWord && !hasPercent) return [];
  // A line that prints a percent gives its rate as that percent, never as a plain number (an invoice line's quantity
  // or amount: `Maintenance 10,00  2,90  TVA 20 %  29,00` is no 29 % row with base 10,00 and tax 2,90).
  const rates = rateTokens(ctx, i, !hasWord || hasPercent);
  const amounts = money(ctx, i);
  if (amounts.length > 4) return [];
  for (const r of rates) {
    for (const base of amounts) {
      if (base === r) continue;
      for (const tax of amounts) {
        if (tax === base || tax === r || tax.index < base.index) continue;
        if (dec(r.value).isZero()) {
          if (!hasWord || !dec(tax.value).isZero() || dec(base.value).isZero()) continue;
        } else if (dec(tax.value).isZero() || !rateMatches(base.value, r.value, tax.value)) continue;
        return [{ rate: trimZeros(r.value), base: base.value, amount: tax.value, line: i, verified: true }];
      }
    }
  }
  return [];
}

type ColumnRole = TotalKind | 'rate' | 'base';

const ROLE_SETS: Array<[ColumnRole, LabelSet]> = [
  ['rate', RATE_LABEL],
  ['vat', TOTAL_LABELS.vat],
  ['gross', TOTAL_LABELS.gross],
  ['net', TOTAL_LABELS.net],
  ['lineTotal', TOTAL_LABELS.lineTotal],
  ['prepaid', TOTAL_LABELS.prepaid],
  ['due', TOTAL_LABELS.due],
  ['base', BASE_LABEL],
  ['vat', TAX_AMOUNT_LABEL],
];

/** The role of a column header chunk, when the chunk is essentially one known label. */
function columnRole(text: string): ColumnRole | undefined {
  const f = fold(text).trim();
  for (const [role, set] of ROLE_SETS) {
    for (const m of matchLabels(set, f)) {
      if (m.index > 1) continue;
      const rest = f.slice(m.end).replace(/[\s:.()[\]%€$£/-]|\b(in|en|eur|chf|usd|gbp)\b/g, '');
      if (rest.length <= 3) return role;
    }
  }
  return undefined;
}

interface ColumnTable {
  header: number;
  rows: Array<{ line: number; cells: Map<ColumnRole, AmountToken> }>;
  roles: Set<ColumnRole>;
}

/** Totals or VAT tables printed as column headers over rows of amounts (`Nettobetrag  MwSt-Betrag  Endbetrag`). */
function columnTables(ctx: ParseContext): ColumnTable[] {
  const tables: ColumnTable[] = [];
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    // A header holds no amount; a rate in a header (`VAT @ 20%`) is none.
    if (line.chunks.length < 2 || ctx.amounts(i).some((a) => !a.percent)) continue;
    const f = ctx.folded[i]!;
    if (matchLabels(COLUMN_LABELS.quantity, f).length > 0 || matchLabels(COLUMN_LABELS.description, f).length > 0) continue;
    const columns: Array<{ role: ColumnRole; left: number; right: number }> = [];
    for (const c of line.chunks) {
      const role = columnRole(c.text);
      if (role) columns.push({ role, left: c.x, right: c.x + c.width });
    }
    const roles = new Set(columns.map((c) => c.role));
    const isTotals = roles.has('gross') || (roles.has('net') && roles.has('vat'));
    const isBreakdown = roles.has('rate') && (roles.has('vat') || roles.has('base'));
    if (columns.length < 2 || (!isTotals && !isBreakdown)) continue;
    const rows: ColumnTable['rows'] = [];
    let prevY = line.y;
    for (let j = i + 1; j < ctx.lines.length && j <= i + 8; j++) {
      const l = ctx.lines[j]!;
      if (l.page !== line.page || l.y - prevY > 3 * Math.max(l.height, line.height)) break;
      const tokens = ctx.amounts(j);
      // Rows are contiguous lines of amounts (at least one with cents); anything else ends the table.
      if (tokens.length < 2 || !tokens.some((t) => t.fractionDigits === 2)) {
        if (rows.length > 0) break;
        continue;
      }
      prevY = l.y;
      const cells = new Map<ColumnRole, AmountToken>();
      for (const t of tokens) {
        const x = tokenX(ctx, j, t.index, t.length);
        let bestCol: (typeof columns)[number] | undefined;
        let bestDist = Infinity;
        for (const col of columns) {
          const dist = Math.min(Math.abs(x.right - col.right), Math.abs(x.left - col.left), Math.abs((x.left + x.right) / 2 - (col.left + col.right) / 2));
          if (dist < bestDist) {
            bestDist = dist;
            bestCol = col;
          }
        }
        if (bestCol && bestDist <= 3 * Math.max(line.height, 1) + (bestCol.right - bestCol.left)) {
          if (bestCol.role === 'rate' || !t.percent) cells.set(bestCol.role, t);
        }
      }
      if (cells.size > 0) rows.push({ line: j, cells });
    }
    if (rows.length > 0) tables.push({ header: i, rows, roles });
  }
  return tables;
}

/** Finds the totals and the VAT breakdown of a document. */
export function findTotals(ctx: ParseContext): TotalsResult {
  const candidates: TotalCandidate[] = [];
  const rows: BreakdownRow[] = [];
  const usedLines = new Set<number>();
  const n = ctx.lines.length;
  const late = (i: number): number => 0.04 * (i / Math.max(1, n));

  const tables = columnTables(ctx);
  const tableLines = new Set<number>();
  for (const t of tables) {
    tableLines.add(t.header);
    usedLines.add(t.header);
    const last = t.rows[t.rows.length - 1]!;
    t.rows.forEach((row) => {
      tableLines.add(row.line);
      usedLines.add(row.line);
      const rate = row.cells.get('rate');
      const tax = row.cells.get('vat');
      const base = row.cells.get('base') ?? row.cells.get('net');
      const isTotalsRow = row === last && (t.roles.has('gross') || t.roles.has('net'));
      if (rate && !isTotalsRow) {
        const r = parsePercent(rate.raw.replace(/%/, ''), ctx.decimal) ?? trimZeros(rate.value);
        const entry: BreakdownRow = { rate: r, line: row.line, verified: false };
        if (base) entry.base = base.value;
        if (tax) entry.amount = tax.value;
        entry.verified = base !== undefined && tax !== undefined && rateMatches(base.value, r, tax.value);
        rows.push(entry);
      }
      if (isTotalsRow) {
        for (const [role, token] of row.cells) {
          if (role === 'rate' || role === 'base') continue;
          candidates.push({ kind: role, value: token.value, score: 0.75 + late(row.line), line: row.line, why: 'column table' });
        }
      }
    });
  }

  for (let i = 0; i < n; i++) {
    if (tableLines.has(i)) continue;
    const arithmetic = arithmeticRows(ctx, i);
    const hits = lineHits(ctx, i);
    const hasPercent = ctx.amounts(i).some((a) => a.percent);
    if (arithmetic.length > 0) {
      rows.push(...arithmetic);
      usedLines.add(i);
    }
    hits.forEach((hit, k) => {
      const next = hits[k + 1];
      const text = ctx.lines[i]!.text;
      // A postcode and its town in another column (`Währung Betrag   3011 Bern` on a QR-bill) is no amount.
      const region = money(ctx, i).filter((a) => a.index >= hit.end && (next === undefined || a.index < next.index) && !isPostcodeToken(text, a));
      // A line with more amounts than base and tax is an invoice line ("20 Stk  19 % VAT  198,00"), not a VAT row.
      if (hit.kind === 'vat' && hasPercent && money(ctx, i).length > 2) return;
      if (hit.kind === 'vat' && hasPercent) {
        // "TVA 20 % 40,00" or "zzgl. 19 % MwSt. 72,92": a breakdown row, unless the arithmetic already read it.
        if (arithmetic.length === 0) {
          const rate = ctx.amounts(i).find((a) => a.percent && a.index >= hit.index) ?? [...ctx.amounts(i)].reverse().find((a) => a.percent && a.index < hit.index);
          const value = region[region.length - 1];
          if (rate && value) {
            const share = ctx.folded[i]!.slice(hit.index, hit.end).trim();
            rows.push({ rate: trimZeros(rate.value), amount: value.value, line: i, verified: false, ...(SPLIT_TAX_SHARES.has(share) ? { share } : {}) });
            usedLines.add(i);
          }
        }
        return;
      }
      const value = region[region.length - 1];
      const score = (hit.strong ? 0.8 : 0.45) + late(i);
      // A bare `Net` is the total without VAT only before an amount with cents (`Net 990.00`), never a term (`Net 30`).
      if (value && !hit.strong && value.fractionDigits !== 2 && ctx.folded[i]!.slice(hit.index, hit.end).trim() === 'net') return;
      if (value) {
        candidates.push({ kind: hit.kind, value: value.value, score, line: i, why: hit.strong ? 'label' : 'weak label' });
        if (hit.kind === 'gross') candidates.push(...sumRow(region, score, i));
        usedLines.add(i);
        return;
      }
      // Only a label standing (nearly) alone: a header row of a table is not a wrapped label, nor the label of an
      // identifier (`VAT SE556987654301` under a buyer's `111 57 Stockholm`).
      if (money(ctx, i).length > 0 || ctx.lines[i]!.chunks.length > 2 || ctx.vatNumbers(i).length > 0) return;
      // A label alone on its line: its amount is printed just above or below (a wrapped label).
      const x = tokenX(ctx, i, hit.index, hit.end - hit.index).left;
      for (const j of [i + 1, i - 1]) {
        const l = ctx.lines[j];
        if (!l || l.page !== ctx.lines[i]!.page || Math.abs(l.y - ctx.lines[i]!.y) > 2 * l.height) continue;
        if (lineHits(ctx, j).length > 0) continue;
        const amounts = money(ctx, j).filter((a) => tokenX(ctx, j, a.index, a.length).left > x && !isPostcodeToken(l.text, a));
        const v = amounts[amounts.length - 1];
        if (v) candidates.push({ kind: hit.kind, value: v.value, score: score - 0.3, line: j, why: 'next to label' });
      }
    });
  }

  return choose(ctx, candidates, dedupeRows(rows), usedLines);
}

/**
 * The sum row of a table whose columns are net, VAT and gross (`Razem   1 200,00   276,00   1 476,00`, `Total   30,75 €
 * 5,05 €   35,80 €`): three amounts with cents after a total label, the first two adding up exactly to the third and
 * the second the smaller, are the net and the VAT of that total as well.
 */
function sumRow(region: AmountToken[], score: number, line: number): TotalCandidate[] {
  if (region.length !== 3 || region.some((a) => a.percent || a.fractionDigits !== 2)) return [];
  const [net, vat, gross] = region.map((a) => dec(a.value)) as [Decimal, Decimal, Decimal];
  if (vat.isZero() || net.isZero() || !vat.lt(net) || !net.plus(vat).eq(gross)) return [];
  return [
    { kind: 'net', value: region[0]!.value, score: score - 0.05, line, why: 'sum row' },
    { kind: 'vat', value: region[1]!.value, score: score - 0.05, line, why: 'sum row' },
  ];
}

/** True when an amount token is a postcode: four or five digits alone, followed by a town's name (not a currency code). */
function isPostcodeToken(text: string, a: AmountToken): boolean {
  const raw = text.slice(a.index, a.index + a.length);
  if (!/^\d{4,5}$/.test(raw) || a.currency) return false;
  const after = text.slice(a.index + a.length);
  return /^\s\p{Lu}\p{Ll}{2,}/u.test(after);
}

function dedupeRows(rows: BreakdownRow[]): BreakdownRow[] {
  const out: BreakdownRow[] = [];
  for (const r of rows) {
    const same = out.find((o) => dec(o.rate).eq(dec(r.rate)) && o.base === r.base && o.amount === r.amount && (o.share === undefined || r.share === undefined || o.share === r.share));
    if (!same) out.push(r);
  }
  // When verified rows exist, unverified rows at the same rate repeat them in another form.
  return out.filter((r) => r.verified || !out.some((o) => o.verified && dec(o.rate).eq(dec(r.rate))));
}

/**
 * Two misreadings OCR makes of a total, undone by the arithmetic of the two others: when two of the three totals
 * (without VAT, VAT, with VAT) imply the third by BR-CO-15 and a candidate for that third reads the implied amount
 * - with its two decimals run into the integer part (100 times it): OCR dropped the decimal point (`£16026` for
 *   `£160.26`);
 * - with a minus sign: OCR read a mark before it (a dash, a rule's end, the edge of a shaded row) as one
 *   (`- 991,34 €`, printed `991,34 €`),
 * - without its first one to three digits: OCR split the amount at a thousands separator and read its decimal point
 *   as another (`$26, 672,33` for `$26,672.33`, read as 672.33),
 * the implied amount is added as a candidate of the same score. Only a positive implied amount is restored (an
 * invoice's totals; a credit note printed with negative totals is consistent as read). The arithmetic of the two
 * others, not a guess, restores the value: a wrong amount is worse than a missing one. VAT printed on several lines
 * whose breakdown was not read as one is summed first ({@link addVatLineSums}).
 */
function restoreOcrMisreadings(nets: TotalCandidate[], vats: TotalCandidate[], grosses: TotalCandidate[], rows: BreakdownRow[]): void {
  const restore = (list: TotalCandidate[], implied: Decimal[]): void => {
    for (const c of [...list]) {
      const value = dec(c.value);
      const point = implied.find((v) => v.gt(0) && v.times(100).eq(value));
      const sign = value.lt(0) ? implied.find((v) => v.gt(0) && v.eq(value.abs())) : undefined;
      const cents = value.gt(0) ? value.toFixed(2).replace('.', '') : '';
      const split = cents.length >= 4 ? implied.find((v) => v.gt(value) && v.toFixed(2).replace('.', '').endsWith(cents) && v.toFixed(2).length - value.toFixed(2).length <= 3) : undefined;
      const hit = point ?? sign ?? split;
      const how = point ? 'decimal point restored' : sign ? 'minus sign dropped' : 'leading digits restored';
      if (hit && !list.some((x) => dec(x.value).eq(hit))) list.push({ ...c, value: hit.toFixed(2), why: `${c.why}, ${how}` });
    }
  };
  const sums = (a: TotalCandidate[], b: TotalCandidate[], f: (x: Decimal, y: Decimal) => Decimal): Decimal[] => a.flatMap((x) => b.map((y) => f(dec(x.value), dec(y.value))));
  addVatLineSums(vats, sums(grosses, nets, (g, n) => g.abs().minus(n)));
  restore(vats, sums(grosses, nets, (g, n) => g.minus(n)));
  restore(grosses, sums(nets, vats, (n, v) => n.plus(v)));
  restore(nets, sums(grosses, vats, (g, v) => g.minus(v)));
  restoreSymbolDigits(nets, vats, grosses, rows);
}

/**
 * A currency symbol printed against an amount and read by OCR as its first digit (`₹2,197.72` read `32,197.72`;
 * `€` as 6, `£` as 2; read as a letter, `t2,593.31`, it is no amount at all and is not undone here): when no three totals add up as read, each total is also tried without its first
 * digit, scored lower; such a reading is chosen only where it makes the three totals add up exactly (BR-CO-15), which
 * the arithmetic, not a guess, decides. Without a total with VAT, a single printed rate decides the same way: where no
 * pair of the totals read fits it (base x rate = tax) and a pair without those first digits does, that pair is ranked
 * above the readings it corrects, and the rate's row takes its amounts.
 */
function restoreSymbolDigits(nets: TotalCandidate[], vats: TotalCandidate[], grosses: TotalCandidate[], rows: BreakdownRow[]): void {
  const adds = (n: TotalCandidate, v: TotalCandidate, g: TotalCandidate): boolean => dec(n.value).plus(dec(v.value)).eq(dec(g.value));
  if (grosses.length === 0) {
    restoreByRate(nets, vats, rows);
    return;
  }
  if (nets.some((n) => vats.some((v) => grosses.some((g) => adds(n, v, g))))) return;
  const [n2, v2, g2] = [[...nets, ...symbolVariants(nets)], [...vats, ...symbolVariants(vats)], [...grosses, ...symbolVariants(grosses)]];
  for (const n of n2) for (const v of v2) for (const g of g2) {
    if (!adds(n, v, g)) continue;
    for (const [list, c] of [[nets, n], [vats, v], [grosses, g]] as const) if (!list.includes(c)) list.push(c);
  }
}

/** An amount without its first digit, where that digit may be a currency symbol OCR read (a digit then at least four more, no leading zero left). */
function withoutFirstDigit(value: string): string | undefined {
  const m = /^(-?)[1-9](\d+(?:\.\d+)?)$/.exec(value);
  if (!m || m[2]!.length < 4 || (m[2]!.startsWith('0') && !m[2]!.startsWith('0.'))) return undefined;
  return `${m[1]}${m[2]}`;
}

/** The candidates of `list` read without a first digit that may be a currency symbol, scored lower. */
function symbolVariants(list: TotalCandidate[]): TotalCandidate[] {
  return list.flatMap((c) => {
    const value = withoutFirstDigit(c.value);
    return value === undefined ? [] : [{ ...c, value, score: c.score - 0.25, why: `${c.why}, currency symbol read as a digit` }];
  });
}

/** {@link restoreSymbolDigits} without a total with VAT: the single printed rate decides (base x rate = tax). */
function restoreByRate(nets: TotalCandidate[], vats: TotalCandidate[], rows: BreakdownRow[]): void {
  const row = rows.length === 1 ? rows[0]! : undefined;
  if (row === undefined || nets.length === 0 || vats.length === 0) return;
  const fits = (n: TotalCandidate, v: TotalCandidate): boolean => dec(n.value).gt(0) && dec(v.value).gt(0) && rateMatches(n.value, row.rate, v.value);
  if (nets.some((n) => vats.some((v) => fits(n, v)))) return;
  const corrected = (printed: string | undefined, c: TotalCandidate): boolean => {
    const stripped = printed === undefined ? undefined : withoutFirstDigit(printed);
    return stripped !== undefined && dec(stripped).eq(dec(c.value));
  };
  for (const n of [...nets, ...symbolVariants(nets)]) {
    for (const v of [...vats, ...symbolVariants(vats)]) {
      if (!fits(n, v)) continue;
      // Confirmed by the rate where the readings they correct are refuted by it: ranked above those; the rate's row
      // takes the corrected amounts it was read with.
      if (!nets.includes(n)) nets.push({ ...n, score: n.score + 0.5 });
      if (!vats.includes(v)) vats.push({ ...v, score: v.score + 0.5 });
      if (corrected(row.amount, v)) row.amount = v.value;
      if (corrected(row.base, n)) row.base = n.value;
      return;
    }
  }
}

/**
 * VAT amounts of two or more lines (one per rate) whose breakdown OCR did not read as one (a rate misread, `2:6%`):
 * when some of the VAT candidates, each from a line of its own, add up to the VAT the totals imply (with VAT less
 * without VAT), their sum is added as a candidate, scored as the least sure of them.
 */
function addVatLineSums(vats: TotalCandidate[], implied: Decimal[]): void {
  const parts = vats.filter((c, k) => dec(c.value).gt(0) && vats.findIndex((x) => x.line === c.line) === k).slice(0, 6);
  for (let mask = 1; mask < 1 << parts.length; mask++) {
    const subset = parts.filter((_, k) => (mask >> k) & 1);
    if (subset.length < 2) continue;
    const total = subset.reduce((sum, c) => sum.plus(dec(c.value)), new Decimal(0));
    if (!implied.some((v) => v.gt(0) && v.eq(total)) || vats.some((x) => dec(x.value).eq(total))) continue;
    const least = subset.reduce((a, b) => (b.score < a.score ? b : a));
    vats.push({ ...least, value: total.toFixed(2), why: 'sum of VAT lines' });
  }
}

/** The highest standard VAT rate in Europe (Hungary, 27 %), with room for the rounding of one amount per rate. */
const MAX_VAT_SHARE = new Decimal('0.28');

/**
 * Whether a VAT total can stand beside the totals without and with VAT it is combined with: the VAT is the sum of
 * each rate times its base, and the bases add up to the total without VAT, so the VAT is at most 27 % of it (28 %
 * allowed for rounding), and less than the total with VAT, when they have its sign. A number read from elsewhere on
 * a line that names VAT (a telephone number beside a VAT identifier, `Tel. +36 106 229 672 ... MWST`) fails this
 * and is never combined with the totals: a wrong amount is worse than a missing one (the VAT then follows from the
 * two others, or stays unread).
 */
function plausibleVat(vat: Decimal, net: Decimal | undefined, gross: Decimal | undefined): boolean {
  if (vat.isZero()) return true;
  const sameSign = (x: Decimal): boolean => !x.isZero() && x.isNegative() === vat.isNegative();
  if (net !== undefined && sameSign(net) && vat.abs().gt(net.abs().times(MAX_VAT_SHARE).plus('0.05'))) return false;
  if (gross !== undefined && sameSign(gross) && vat.abs().gte(gross.abs())) return false;
  return true;
}

function choose(ctx: ParseContext, candidates: TotalCandidate[], rows: BreakdownRow[], usedLines: Set<number>): TotalsResult {
  const byKind = (kind: TotalKind): TotalCandidate[] => {
    const merged = new Map<string, TotalCandidate>();
    for (const c of candidates.filter((x) => x.kind === kind)) {
      const key = dec(c.value).toString();
      const prev = merged.get(key);
      if (!prev) merged.set(key, { ...c });
      else {
        // Printed twice: keep the better source, a little more sure, and the later line (totals sit at the end).
        const keep = c.score >= prev.score ? { ...c } : prev;
        keep.score = Math.max(prev.score, c.score) + 0.03;
        merged.set(key, keep);
      }
    }
    return [...merged.values()].sort((a, b) => b.score - a.score).slice(0, 6);
  };

  const nets = byKind('net');
  const vats = byKind('vat');
  const grosses = byKind('gross');
  const lineTotals = byKind('lineTotal');
  // The breakdown gives its own candidates: the sum of taxes, the sum of bases.
  if (rows.length === 1 && rows[0]!.amount !== undefined) {
    // One VAT line ("TVA 20 % 40,00"): its amount is the total VAT as printed.
    vats.push({ kind: 'vat', value: rows[0]!.amount, score: 0.65, line: rows[0]!.line, why: 'single VAT line' });
  } else if (rows.length > 1 && rows.every((r) => r.amount !== undefined)) {
    const total = rows.reduce((s, r) => s.plus(dec(r.amount!)), new Decimal(0));
    vats.push({ kind: 'vat', value: total.toFixed(2), score: 0.55, line: rows[0]!.line, why: 'sum of VAT breakdown' });
    // A rate's VAT printed twice (in the totals and again in a breakdown table) whose rate OCR misread in one of them
    // (`22%` as `2%`), so the rows were not merged: the sum of the distinct amounts too, for the totals to decide.
    const distinct = [...new Set(rows.map((r) => dec(r.amount!).toFixed(2)))];
    if (ctx.ocr && distinct.length > 1 && distinct.length < rows.length) {
      const once = distinct.reduce((s, a) => s.plus(dec(a)), new Decimal(0));
      vats.push({ kind: 'vat', value: once.toFixed(2), score: 0.5, line: rows[0]!.line, why: 'sum of VAT breakdown, repeated amounts once' });
    }
  }
  if (rows.length > 0 && rows.every((r) => r.base !== undefined)) {
    const total = rows.reduce((s, r) => s.plus(dec(r.base!)), new Decimal(0));
    nets.push({ kind: 'net', value: total.toFixed(2), score: 0.4, line: rows[0]!.line, why: 'sum of VAT bases' });
  }
  for (const lt of lineTotals) nets.push({ ...lt, kind: 'net', score: lt.score - 0.3, why: 'sum of lines' });
  // Without a paid amount, the amount due is the total with VAT.
  if (byKind('prepaid').every((p) => dec(p.value).isZero())) {
    for (const d of byKind('due')) grosses.push({ ...d, kind: 'gross', score: d.score - 0.3, why: 'amount due' });
  } else if (grosses.length === 0 && byKind('due').length === 0) {
    // A receipt (a paid invoice, as card-payment services send it) prints no total and no amount due, only the amount
    // paid: what was paid is the total with VAT, where no VAT read says otherwise.
    for (const p of byKind('prepaid')) {
      const paid = dec(p.value);
      if (paid.lte(0) || !(vats.length === 0 || nets.some((n) => vats.some((v) => dec(n.value).plus(dec(v.value)).eq(paid))))) continue;
      grosses.push({ ...p, kind: 'gross', score: p.score - 0.3, why: 'amount paid' });
    }
  }

  if (ctx.ocr) restoreOcrMisreadings(nets, vats, grosses, rows);

  const options = <T>(list: T[]): Array<T | undefined> => [...list, undefined];
  let bestCombo: { n?: TotalCandidate; v?: TotalCandidate; g?: TotalCandidate; score: number; consistent: boolean } = { score: -1, consistent: false };
  for (const nn of options(nets))
    for (const vv of options(vats))
      for (const gg of options(grosses)) {
        if (vv !== undefined && !plausibleVat(dec(vv.value), nn && dec(nn.value), gg && dec(gg.value))) continue;
        let score = (nn?.score ?? 0) + (vv?.score ?? 0) + (gg?.score ?? 0);
        const consistent = nn !== undefined && vv !== undefined && gg !== undefined && dec(nn.value).plus(dec(vv.value)).eq(dec(gg.value));
        if (consistent) score += 1.5;
        if (score > bestCombo.score + 1e-9) {
          bestCombo = { score, consistent };
          if (nn) bestCombo.n = nn;
          if (vv) bestCombo.v = vv;
          if (gg) bestCombo.g = gg;
        }
      }

  const totals: ExtractedInvoice['totals'] = {};
  const boost = bestCombo.consistent ? 0.15 : 0;
  const pick = (c: TotalCandidate | undefined): Extracted<string> | undefined => {
    if (!c) return undefined;
    const src = c.why.startsWith('sum of') ? `computed: ${c.why}` : undefined;
    return extracted(ctx, c.value, Math.min(0.98, c.score + boost), c.line, src);
  };
  const net = pick(bestCombo.n);
  const vat = pick(bestCombo.v);
  const gross = pick(bestCombo.g);
  if (net) totals.totalHT = net;
  if (vat) totals.totalVAT = vat;
  if (gross) totals.totalTTC = gross;
  // Two of three printed: the third follows from BR-CO-15, flagged as computed.
  // (Not where the difference cannot be a VAT: one of the two is then misread, and a wrong amount is worse than none.)
  // Nor where the only rate read refutes the pair (base x rate != tax): the VAT read is then one rate's of several, or
  // one of the two is misread, and the third would be wrong.
  const fitsRate = (base: Decimal, tax: Decimal): boolean => rows.length !== 1 || rateMatches(base.toString(), rows[0]!.rate, tax.toString());
  const impliedVat = net && gross ? dec(gross.value).minus(dec(net.value)) : undefined;
  if (net && gross && !vat && plausibleVat(impliedVat!, dec(net.value), dec(gross.value)) && fitsRate(dec(net.value), impliedVat!)) totals.totalVAT = extracted(ctx, impliedVat!.toFixed(2), 0.5, undefined, 'computed: total with VAT - total without VAT');
  if (net && vat && !gross && fitsRate(dec(net.value), dec(vat.value))) totals.totalTTC = extracted(ctx, dec(net.value).plus(dec(vat.value)).toFixed(2), 0.5, undefined, 'computed: total without VAT + VAT');
  if (vat && gross && !net && fitsRate(dec(gross.value).minus(dec(vat.value)), dec(vat.value))) totals.totalHT = extracted(ctx, dec(gross.value).minus(dec(vat.value)).toFixed(2), 0.5, undefined, 'computed: total with VAT - VAT');

  const prepaid = byKind('prepaid')[0];
  if (prepaid) totals.prepaid = extracted(ctx, dec(prepaid.value).abs().toFixed(Math.max(2, dec(prepaid.value).decimalPlaces())), prepaid.score, prepaid.line);
  const dues = byKind('due');
  if (dues.length > 0) {
    const g = totals.totalTTC?.value;
    const p = totals.prepaid?.value ?? '0';
    const fitting = g === undefined ? undefined : dues.find((d) => dec(d.value).eq(dec(g).minus(dec(p))));
    const due = fitting ?? dues[0]!;
    totals.amountDue = extracted(ctx, due.value, due.score, due.line);
  }

  // A single rate without a printed base: the base is the total without VAT when the arithmetic agrees.
  const only = rows.length === 1 ? rows[0]! : undefined;
  if (only && only.base === undefined && only.amount !== undefined && totals.totalHT && rateMatches(totals.totalHT.value, only.rate, only.amount)) {
    only.base = totals.totalHT.value;
    only.verified = true;
  }
  const lineTotalCandidate = lineTotals[0];
  const result: TotalsResult = {
    totals,
    vatBreakdown: rows.map((r) => {
      const conf = r.verified ? 0.9 : 0.6;
      const entry: ExtractedInvoice['vatBreakdown'][number] = { rate: extracted(ctx, r.rate, conf, r.line) };
      if (r.base !== undefined) entry.base = extracted(ctx, r.base, conf, r.line);
      if (r.amount !== undefined) entry.amount = extracted(ctx, r.amount, conf, r.line);
      return entry;
    }),
    usedLines,
    consistent: bestCombo.consistent,
  };
  if (lineTotalCandidate) result.lineTotal = extracted(ctx, lineTotalCandidate.value, lineTotalCandidate.score, lineTotalCandidate.line);
  return result;
}
