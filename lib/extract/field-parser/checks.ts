/**
 * Cross-checks of the extracted amounts, the arithmetic EN 16931 requires of
 * an invoice: line net = quantity x price (BR-LIN-like, BT-131 = BT-129 x
 * BT-146), sum of line nets (BR-CO-10, BT-106), total with VAT = total
 * without VAT + VAT (BR-CO-15), VAT per rate = base x rate (BR-CO-17), sum
 * of VAT per rate = total VAT (BR-CO-14), amount due = total - paid (BR-CO-16).
 * Each outcome is recorded; a check that holds raises the confidence of the
 * values it involves, one that fails lowers it. Values computed from others
 * are never "confirmed" by the check they were computed with.
 */
import { Decimal, dec, round2, sum } from '../../model/decimal.js';
import type { Extracted, ExtractedInvoice } from '../port.js';
import { lower, raise } from './context.js';
import { rateMatches } from './totals.js';

type Check = ExtractedInvoice['checks'][number];

/** Whether a value was computed (from other values) rather than read from the document. */
export const computed = (e: Extracted<string> | undefined): boolean => e?.source?.startsWith('computed') ?? false;
const value = (e: Extracted<string> | undefined): Decimal | undefined => (e === undefined ? undefined : dec(e.value));

/** Runs every cross-check whose operands were extracted; returns their outcomes and adjusts confidences in place. */
export function crossCheck(invoice: ExtractedInvoice, lineTotal?: Extracted<string>): Check[] {
  const checks: Check[] = [];
  const { totals } = invoice;

  invoice.lines.forEach((line, k) => {
    const q = value(line.quantity);
    const p = value(line.unitPrice);
    const n = value(line.netAmount);
    if (q === undefined || p === undefined || n === undefined) return;
    const product = round2(q.times(p));
    const ok = product.eq(round2(n));
    checks.push({ name: `line-${k + 1}-quantity-x-price`, ok, detail: `${q.toString()} x ${p.toString()} = ${product.toFixed(2)}; line net printed ${n.toFixed(2)}` });
    for (const e of [line.quantity, line.unitPrice, line.netAmount]) (ok ? raise : lower)(e, ok ? 0.95 : 0.7);
  });

  const nets = invoice.lines.map((l) => value(l.netAmount));
  // Line amounts computed from the total (read again so that they add up to it) are not checked against it.
  if (invoice.lines.length > 0 && nets.every((x) => x !== undefined) && !invoice.lines.some((l) => computed(l.netAmount))) {
    const total = sum(nets);
    const target = lineTotal ?? totals.totalHT;
    const name = lineTotal ? 'sum-of-lines-vs-line-total' : 'sum-of-lines-vs-total-without-vat';
    if (target && !computed(target)) {
      const ok = total.eq(dec(target.value));
      checks.push({ name, ok, detail: `sum of ${nets.length} line net amounts ${total.toFixed(2)}; printed ${dec(target.value).toFixed(2)}` });
      if (ok) {
        raise(target);
        for (const l of invoice.lines) raise(l.netAmount);
      } else for (const l of invoice.lines) lower(l.netAmount, 0.8);
    }
  }

  const ht = totals.totalHT;
  const vat = totals.totalVAT;
  const ttc = totals.totalTTC;
  if (ht && vat && ttc && !computed(ht) && !computed(vat) && !computed(ttc)) {
    const s = dec(ht.value).plus(dec(vat.value));
    const ok = s.eq(dec(ttc.value));
    checks.push({ name: 'total-without-vat-plus-vat', ok, detail: `${dec(ht.value).toFixed(2)} + ${dec(vat.value).toFixed(2)} = ${s.toFixed(2)}; total with VAT printed ${dec(ttc.value).toFixed(2)}` });
    for (const e of [ht, vat, ttc]) (ok ? raise : lower)(e);
  }

  invoice.vatBreakdown.forEach((row) => {
    if (!row.base || !row.amount) return;
    const ok = rateMatches(row.base.value, row.rate.value, row.amount.value);
    const expected = round2(dec(row.base.value).times(dec(row.rate.value)).dividedBy(100));
    checks.push({ name: `vat-${row.rate.value}%-base-x-rate`, ok, detail: `${row.base.value} x ${row.rate.value}% = ${expected.toFixed(2)}; printed ${row.amount.value}` });
    for (const e of [row.rate, row.base, row.amount]) (ok ? raise : lower)(e);
  });

  if (vat && !computed(vat) && invoice.vatBreakdown.length > 0 && invoice.vatBreakdown.every((r) => r.amount)) {
    const s = sum(invoice.vatBreakdown.map((r) => dec(r.amount!.value)));
    // A total VAT chosen as this very sum is not checked against itself.
    if (!(vat.source ?? '').includes('breakdown')) {
      const ok = s.eq(dec(vat.value));
      checks.push({ name: 'vat-breakdown-sum-vs-total-vat', ok, detail: `sum of VAT per rate ${s.toFixed(2)}; total VAT printed ${dec(vat.value).toFixed(2)}` });
      (ok ? raise : lower)(vat);
    }
  }

  const due = totals.amountDue;
  if (ttc && due && !computed(ttc)) {
    const paid = value(totals.prepaid) ?? new Decimal(0);
    const expected = dec(ttc.value).minus(paid);
    const ok = expected.eq(dec(due.value));
    checks.push({ name: 'amount-due', ok, detail: `${dec(ttc.value).toFixed(2)} - paid ${paid.toFixed(2)} = ${expected.toFixed(2)}; amount due printed ${dec(due.value).toFixed(2)}` });
    for (const e of [due, totals.prepaid]) (ok ? raise : lower)(e);
  }
  return checks;
}
