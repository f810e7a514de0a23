/**
 * The category guard of the VAT families other than S (lib/rules/vat/index.ts,
 * `onlyWithCategory`): a family's rules run when its code is written
 * anywhere (line, document allowance or charge, breakdown), and are skipped
 * only when it is written nowhere. The findings of every family are tested in
 * vat.test.ts; here, that the guard sees each place a code can be written.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { runRules } from '../../lib/rules/engine.js';
import { rules } from '../../lib/rules/vat/index.js';
import { onlyWithCategory, writesCategory } from '../../lib/rules/vat/vat-checks.js';
import { defineRule } from '../../lib/rules/types.js';
import { validInvoice } from '../fixtures/model.js';

const ids = (inv: Invoice) => runRules(inv, rules).errors.map((f) => f.rule);

describe('VAT family guard', () => {
  it('runs a wrapped rule exactly when its category is written somewhere', () => {
    let calls = 0;
    const probe = onlyWithCategory(defineRule({ id: 'PROBE', severity: 'fatal', terms: [], message: 'probe', check: () => void calls++ }), 'Z');
    const inv = validInvoice();
    runRules(inv, [probe]);
    expect(calls).toBe(0);
    const writers: Array<(i: Invoice) => void> = [
      (i) => (i.lines[0]!.vat.category = 'Z'),
      (i) => (i.vatBreakdown[0]!.category = 'Z'),
      (i) => i.allowances.push({ amount: dec('1.00'), vatCategory: 'Z', vatRate: dec('0'), reason: 'x' }),
      (i) => i.charges.push({ amount: dec('1.00'), vatCategory: 'Z', vatRate: dec('0'), reason: 'x' }),
    ];
    for (const write of writers) {
      const changed = validInvoice();
      write(changed);
      expect(writesCategory(changed, 'Z')).toBe(true);
      calls = 0;
      runRules(changed, [probe]);
      expect(calls).toBe(1);
    }
  });

  it('compares the code exactly, as the rules do (" Z " is no Z)', () => {
    const inv = validInvoice();
    inv.lines[0]!.vat.category = ' Z ';
    expect(writesCategory(inv, 'Z')).toBe(false);
  });

  it('still reports a family whose category appears only in a breakdown or only on an allowance', () => {
    const breakdownOnly = validInvoice();
    breakdownOnly.vatBreakdown.push({ category: 'E', rate: dec('0'), taxableAmount: dec('0.00'), taxAmount: dec('0.00') });
    expect(ids(breakdownOnly)).toContain('BR-E-01');
    const allowanceOnly = validInvoice();
    allowanceOnly.allowances.push({ amount: dec('1.00'), vatCategory: 'G', vatRate: dec('0'), reason: 'x' });
    expect(ids(allowanceOnly)).toContain('BR-G-01');
  });
});
