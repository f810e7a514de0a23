/**
 * Arithmetic cross-checks of an extracted invoice (cross-checks.ts): each
 * check passes and fails on minimal cases, runs only with all its inputs, and
 * confirmation raises confidences.
 */
import { describe, expect, it } from 'vitest';
import { CONFIRMED_CONFIDENCE, crossCheck } from '../../adapters/aws/extract/cross-checks.js';
import type { Extracted, ExtractedInvoice, ExtractedLine } from '../../lib/extract/port.js';

const x = (value: string, confidence = 0.5): Extracted<string> => ({ value, confidence });

function invoice(parts: Partial<Pick<ExtractedInvoice, 'lines' | 'vatBreakdown' | 'totals'>>): ExtractedInvoice {
  return { method: 'textract', exact: false, seller: {}, buyer: {}, lines: [], vatBreakdown: [], totals: {}, checks: [], notes: [], ...parts };
}

const line = (quantity: string, unitPrice: string, netAmount: string): ExtractedLine => ({
  description: x('item'),
  quantity: x(quantity),
  unitPrice: x(unitPrice),
  netAmount: x(netAmount),
});

function check(inv: ExtractedInvoice, name: string): { ok: boolean; detail: string } | undefined {
  crossCheck(inv);
  return inv.checks.find((c) => c.name === name);
}

describe('crossCheck', () => {
  it.each([
    ['lines-vs-total-ht', { lines: [line('2', '10.00', '20.00'), line('1', '5.50', '5.50')], totals: { totalHT: x('25.50') } }, true],
    ['lines-vs-total-ht', { lines: [line('2', '10.00', '20.00'), line('1', '5.50', '5.50')], totals: { totalHT: x('25.00') } }, false],
    ['lines-vs-total-ht', { lines: [line('2', '10.00', '20.00'), line('1', '5.50', '5.50')], totals: { totalHT: x('23.00'), allowanceTotal: x('2.50') } }, true],
    ['lines-vs-total-ht', { lines: [line('2', '10.00', '20.00'), line('1', '5.50', '5.50')], totals: { totalHT: x('25.50'), allowanceTotal: x('2.50') } }, false],
    ['lines-less-discount-vs-ttc', { lines: [line('1', '5680.81', '5680.81')], totals: { totalTTC: x('4544.65'), allowanceTotal: x('1136.16') } }, true],
    ['lines-less-discount-vs-ttc', { lines: [line('1', '5680.81', '5680.81')], totals: { totalTTC: x('5680.81'), allowanceTotal: x('1136.16') } }, false],
    ['total-ht-plus-vat-vs-ttc', { totals: { totalHT: x('100.00'), totalVAT: x('20.00'), totalTTC: x('120.00') } }, true],
    ['total-ht-plus-vat-vs-ttc', { totals: { totalHT: x('100.00'), totalVAT: x('20.00'), totalTTC: x('120.01') } }, false],
    ['vat-breakdown-vs-total-vat', { vatBreakdown: [{ rate: x('20'), amount: x('20.00') }, { rate: x('5.5'), amount: x('1.10') }], totals: { totalVAT: x('21.10') } }, true],
    ['vat-breakdown-vs-total-vat', { vatBreakdown: [{ rate: x('20'), amount: x('20.00') }], totals: { totalVAT: x('21.10') } }, false],
    ['vat-breakdown-rates', { vatBreakdown: [{ rate: x('5.5'), base: x('19.99'), amount: x('1.10') }] }, true],
    ['vat-breakdown-rates', { vatBreakdown: [{ rate: x('20'), base: x('100.00'), amount: x('19.00') }] }, false],
    ['line-amounts', { lines: [line('3', '33.333', '100.00')] }, true],
    ['line-amounts', { lines: [line('3', '33.33', '100.00')] }, false],
    ['amount-due', { totals: { totalTTC: x('120.00'), prepaid: x('20.00'), amountDue: x('100.00') } }, true],
    ['amount-due', { totals: { totalTTC: x('120.00'), amountDue: x('100.00') } }, false],
  ] as const)('%s gives ok=%s on %j', (name, parts, ok) => {
    expect(check(invoice(structuredClone(parts) as Partial<ExtractedInvoice>), name)?.ok).toBe(!!ok);
  });

  it('names the failing lines and rows', () => {
    expect(check(invoice({ lines: [line('1', '5.00', '5.00'), line('3', '33.33', '100.00')] }), 'line-amounts')?.detail).toContain('lines[1]');
    expect(check(invoice({ vatBreakdown: [{ rate: x('20'), base: x('100.00'), amount: x('19.00') }] }), 'vat-breakdown-rates')?.detail).toContain('100.00 x 20');
  });

  it('runs a check only when all its values were extracted', () => {
    const inv = invoice({ lines: [line('1', '5.00', '5.00'), { description: x('no amount') }], totals: { totalHT: x('5.00'), totalTTC: x('6.00') } });
    crossCheck(inv);
    expect(inv.checks.map((c) => c.name)).toEqual(['line-amounts']);
  });

  it('raises the confidence of confirmed values only', () => {
    const inv = invoice({ totals: { totalHT: x('100.00', 0.6), totalVAT: x('20.00', 0.99), totalTTC: x('120.00', 0.3) }, lines: [line('1', '99.00', '99.00')] });
    crossCheck(inv);
    expect(inv.totals.totalHT!.confidence).toBe(CONFIRMED_CONFIDENCE);
    expect(inv.totals.totalVAT!.confidence).toBe(0.99); // never lowered
    expect(inv.totals.totalTTC!.confidence).toBe(CONFIRMED_CONFIDENCE);
    expect(inv.checks.find((c) => c.name === 'lines-vs-total-ht')?.ok).toBe(false);
    expect(inv.lines[0]!.netAmount!.confidence).toBe(CONFIRMED_CONFIDENCE); // confirmed by quantity x price, not by the failed sum
  });
});
