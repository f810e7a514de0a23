/**
 * Cross-checks of an extracted invoice's arithmetic (the port's `checks`),
 * in decimal arithmetic (lib/model/decimal.ts), mirroring the EN 16931 sums
 * the converted invoice will have to satisfy:
 * - `lines-vs-total-ht`: sum of line net amounts (BT-131) - document discounts (BT-107) = total excluding VAT (BT-109) (BR-CO-10, BR-CO-13);
 * - `lines-less-discount-vs-ttc`: on a document with a discount and no VAT printed at all, sum of line net amounts - BT-107 = BT-112;
 * - `total-ht-plus-vat-vs-ttc`: BT-109 + BT-110 = BT-112 (BR-CO-15);
 * - `vat-breakdown-vs-total-vat`: sum of the breakdown's VAT amounts (BT-117) = BT-110 (BR-CO-14);
 * - `vat-breakdown-rates`: each row's base (BT-116) x rate (BT-119) = its VAT amount (BT-117), to the cent (BR-CO-17);
 * - `line-amounts`: each line's quantity (BT-129) x unit price (BT-146) = its net amount (BT-131), rounded half up to the cent;
 * - `amount-due`: BT-112 - BT-113 = BT-115 (BR-CO-16, without rounding amount BT-114).
 *
 * A check runs only when every value it needs was extracted. The values a
 * passing check confirms get a confidence of at least
 * {@link CONFIRMED_CONFIDENCE}: the digits of several independent readings agree.
 */
import { dec, formatDecimal, round2, sum, type Decimal } from '../../../lib/model/decimal.js';
import type { Extracted, ExtractedInvoice } from '../../../lib/extract/port.js';

/** Lowest confidence of a value confirmed by a passing check. */
export const CONFIRMED_CONFIDENCE = 0.95;

const CENT = dec('0.01');

function amount(e: Extracted<string> | undefined): Decimal | undefined {
  if (e === undefined) return undefined;
  const d = dec(e.value);
  return d.isFinite() ? d : undefined;
}

function fmt(d: Decimal): string {
  return formatDecimal(d, 2);
}

function confirm(values: ReadonlyArray<Extracted<string> | undefined>): void {
  for (const v of values) if (v !== undefined && v.confidence < CONFIRMED_CONFIDENCE) v.confidence = CONFIRMED_CONFIDENCE;
}

/** Runs the cross-checks, appends them to `invoice.checks` and raises the confidence of confirmed values. */
export function crossCheck(invoice: ExtractedInvoice): void {
  const { totals, lines, vatBreakdown } = invoice;
  const record = (name: string, ok: boolean, detail: string, involved: ReadonlyArray<Extracted<string> | undefined>): void => {
    invoice.checks.push({ name, ok, detail });
    if (ok) confirm(involved);
  };

  const ht = amount(totals.totalHT);
  const vat = amount(totals.totalVAT);
  const ttc = amount(totals.totalTTC);

  const allowance = amount(totals.allowanceTotal);
  const nets = lines.map((l) => amount(l.netAmount));
  if (lines.length > 0 && ht !== undefined && nets.every((n) => n !== undefined)) {
    const lineTotal = sum(nets);
    const total = allowance === undefined ? lineTotal : lineTotal.minus(allowance);
    const less = allowance === undefined ? '' : ` - discount ${fmt(allowance)}`;
    record(
      'lines-vs-total-ht',
      total.eq(ht),
      `sum of ${lines.length} line net amounts ${fmt(lineTotal)}${less} ${total.eq(ht) ? '=' : '≠'} total excluding VAT ${fmt(ht)}`,
      [totals.totalHT, totals.allowanceTotal, ...lines.map((l) => l.netAmount)],
    );
  } else if (lines.length > 0 && allowance !== undefined && ht === undefined && vat === undefined && ttc !== undefined && nets.every((n) => n !== undefined)) {
    const lineTotal = sum(nets);
    const total = lineTotal.minus(allowance);
    record(
      'lines-less-discount-vs-ttc',
      total.eq(ttc),
      `sum of ${lines.length} line net amounts ${fmt(lineTotal)} - discount ${fmt(allowance)} = ${fmt(total)} ${total.eq(ttc) ? '=' : '≠'} total ${fmt(ttc)} (no VAT printed)`,
      [totals.totalTTC, totals.allowanceTotal, ...lines.map((l) => l.netAmount)],
    );
  }

  if (ht !== undefined && vat !== undefined && ttc !== undefined) {
    const expected = ht.plus(vat);
    record(
      'total-ht-plus-vat-vs-ttc',
      expected.eq(ttc),
      `${fmt(ht)} + ${fmt(vat)} = ${fmt(expected)} ${expected.eq(ttc) ? '=' : '≠'} total including VAT ${fmt(ttc)}`,
      [totals.totalHT, totals.totalVAT, totals.totalTTC],
    );
  }

  const rowAmounts = vatBreakdown.map((r) => amount(r.amount));
  if (vatBreakdown.length > 0 && vat !== undefined && rowAmounts.every((a) => a !== undefined)) {
    const total = sum(rowAmounts);
    record(
      'vat-breakdown-vs-total-vat',
      total.eq(vat),
      `sum of ${vatBreakdown.length} VAT amounts ${fmt(total)} ${total.eq(vat) ? '=' : '≠'} total VAT ${fmt(vat)}`,
      [totals.totalVAT, ...vatBreakdown.map((r) => r.amount)],
    );
  }

  const rows = vatBreakdown.filter((r) => amount(r.base) !== undefined && amount(r.amount) !== undefined && amount(r.rate) !== undefined);
  if (rows.length > 0) {
    const wrong = rows.filter((r) => round2(amount(r.base)!.times(amount(r.rate)!).dividedBy(100)).minus(amount(r.amount)!).abs().gt(CENT));
    record(
      'vat-breakdown-rates',
      wrong.length === 0,
      wrong.length === 0
        ? `base x rate = VAT amount (to the cent) for ${rows.length} VAT row${rows.length === 1 ? '' : 's'}`
        : wrong.map((r) => `${r.base!.value} x ${r.rate.value} % ≠ ${r.amount!.value}`).join('; '),
      rows.flatMap((r) => [r.base, r.rate, r.amount]),
    );
  }

  const priced = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => amount(line.quantity) !== undefined && amount(line.unitPrice) !== undefined && amount(line.netAmount) !== undefined);
  if (priced.length > 0) {
    const wrong = priced.filter(({ line }) => !round2(amount(line.quantity)!.times(amount(line.unitPrice)!)).eq(amount(line.netAmount)!));
    record(
      'line-amounts',
      wrong.length === 0,
      wrong.length === 0
        ? `quantity x unit price = net amount for ${priced.length} line${priced.length === 1 ? '' : 's'}`
        : wrong.map(({ line, index }) => `lines[${index}]: ${line.quantity!.value} x ${line.unitPrice!.value} ≠ ${line.netAmount!.value}`).join('; '),
      priced.flatMap(({ line }) => [line.quantity, line.unitPrice, line.netAmount]),
    );
  }

  const due = amount(totals.amountDue);
  if (ttc !== undefined && due !== undefined) {
    const prepaid = amount(totals.prepaid) ?? dec(0);
    const expected = ttc.minus(prepaid);
    record(
      'amount-due',
      expected.eq(due),
      `${fmt(ttc)} - prepaid ${fmt(prepaid)} = ${fmt(expected)} ${expected.eq(due) ? '=' : '≠'} amount due ${fmt(due)}`,
      [totals.totalTTC, totals.prepaid, totals.amountDue],
    );
  }
}
