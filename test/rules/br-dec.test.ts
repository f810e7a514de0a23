/**
 * EN 16931 rules BR-DEC-* (at most two fraction digits on the named amounts)
 * over the semantic model, asserting rule id and path only, plus the registry
 * check against the official CEN 1.3.16 catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/model/decimal.js';
import type { DocumentAllowanceCharge, Invoice, LineAllowanceCharge } from '../../lib/model/invoice.js';
import { notImplemented, rules } from '../../lib/rules/br-dec/index.js';
import { describeRuleTable, line, type Mutation, type RuleCases } from './rule-table.js';
import { requireShared } from '../shared-path.js';

const docCharge = (over: Partial<DocumentAllowanceCharge> = {}): DocumentAllowanceCharge => ({
  amount: dec('10.00'),
  baseAmount: dec('100.00'),
  percentage: dec('10'),
  vatCategory: 'S',
  vatRate: dec('20'),
  reason: 'Discount',
  ...over,
});
const lineCharge = (over: Partial<LineAllowanceCharge> = {}): LineAllowanceCharge => ({
  amount: dec('5.00'),
  baseAmount: dec('50.00'),
  reason: 'Promotion',
  ...over,
});

/** A case row for an amount set by `set`: two decimals pass, three fail at `path`. */
function amountRow(id: string, path: string, set: (inv: Invoice, value: string) => void): RuleCases {
  return {
    id,
    pass: [
      ['two decimals', (inv) => set(inv, '12.34')],
      ['trailing zeros are not extra digits', (inv) => set(inv, '12.500')],
      ['integer', (inv) => set(inv, '12')],
    ],
    fail: [
      ['three decimals', (inv) => set(inv, '12.345'), [path]],
      ['negative with three decimals', (inv) => set(inv, '-0.001'), [path]],
    ],
  };
}

const cases: RuleCases[] = [
  amountRow('BR-DEC-01', 'allowances[1].amount', (inv, v) => void (inv.allowances = [docCharge(), docCharge({ amount: dec(v) })])),
  amountRow('BR-DEC-02', 'allowances[0].baseAmount', (inv, v) => void (inv.allowances = [docCharge({ baseAmount: dec(v) })])),
  amountRow('BR-DEC-05', 'charges[0].amount', (inv, v) => void (inv.charges = [docCharge({ amount: dec(v) })])),
  amountRow('BR-DEC-06', 'charges[0].baseAmount', (inv, v) => void (inv.charges = [docCharge({ baseAmount: dec(v) })])),
  amountRow('BR-DEC-09', 'totals.lineNetTotal', (inv, v) => void (inv.totals.lineNetTotal = dec(v))),
  amountRow('BR-DEC-10', 'totals.allowanceTotal', (inv, v) => void (inv.totals.allowanceTotal = dec(v))),
  amountRow('BR-DEC-11', 'totals.chargeTotal', (inv, v) => void (inv.totals.chargeTotal = dec(v))),
  amountRow('BR-DEC-12', 'totals.taxExclusiveAmount', (inv, v) => void (inv.totals.taxExclusiveAmount = dec(v))),
  {
    ...amountRow('BR-DEC-13', 'totals.vatTotal', (inv, v) => void (inv.totals.vatTotal = dec(v))),
    pass: [
      ['two decimals', (inv) => void (inv.totals.vatTotal = dec('20.05'))],
      ['no VAT total', (inv) => void delete inv.totals.vatTotal],
      [
        'official quirk: a VAT total in another currency satisfies the test',
        (inv) => {
          inv.totals.vatTotal = dec('20.005');
          inv.vatAccountingCurrency = 'USD';
          inv.totals.vatTotalInAccountingCurrency = dec('21.50');
        },
      ],
    ],
  },
  amountRow('BR-DEC-14', 'totals.taxInclusiveAmount', (inv, v) => void (inv.totals.taxInclusiveAmount = dec(v))),
  {
    id: 'BR-DEC-15',
    pass: [
      [
        'two decimals',
        (inv) => {
          inv.vatAccountingCurrency = 'USD';
          inv.totals.vatTotalInAccountingCurrency = dec('21.50');
        },
      ],
      ['no accounting currency: not evaluated', (inv) => void (inv.totals.vatTotalInAccountingCurrency = dec('21.505'))],
      [
        'no VAT total at all: not evaluated',
        (inv) => {
          inv.vatAccountingCurrency = 'USD';
          delete inv.totals.vatTotal;
        },
      ],
    ],
    fail: [
      [
        'three decimals',
        (inv) => {
          inv.vatAccountingCurrency = 'USD';
          inv.totals.vatTotalInAccountingCurrency = dec('21.505');
        },
        ['totals.vatTotalInAccountingCurrency'],
      ],
      ['accounting currency but no total in it (as officially)', (inv) => void (inv.vatAccountingCurrency = 'USD'), ['totals.vatTotalInAccountingCurrency']],
    ],
  },
  amountRow('BR-DEC-16', 'totals.prepaidAmount', (inv, v) => void (inv.totals.prepaidAmount = dec(v))),
  amountRow('BR-DEC-17', 'totals.roundingAmount', (inv, v) => void (inv.totals.roundingAmount = dec(v))),
  amountRow('BR-DEC-18', 'totals.amountDue', (inv, v) => void (inv.totals.amountDue = dec(v))),
  {
    ...amountRow('BR-DEC-19', 'vatBreakdown[0].taxableAmount', (inv, v) => void (inv.vatBreakdown[0]!.taxableAmount = dec(v))),
    pass: [
      ['two decimals', (inv) => void (inv.vatBreakdown[0]!.taxableAmount = dec('99.99'))],
      [
        'category O is left to the BR-O rules, as officially',
        (inv) => void (inv.vatBreakdown = [{ category: 'O', taxableAmount: dec('100.001'), taxAmount: dec('0') }]),
      ],
    ],
  },
  {
    ...amountRow('BR-DEC-20', 'vatBreakdown[0].taxAmount', (inv, v) => void (inv.vatBreakdown[0]!.taxAmount = dec(v))),
    pass: [
      ['two decimals', (inv) => void (inv.vatBreakdown[0]!.taxAmount = dec('20.00'))],
      [
        'category M is left to the BR-AG rules, as officially',
        (inv) => void (inv.vatBreakdown = [{ category: 'M', rate: dec('7'), taxableAmount: dec('100.00'), taxAmount: dec('7.001') }]),
      ],
    ],
  },
  amountRow('BR-DEC-23', 'lines[0].netAmount', (inv, v) => void (line(inv).netAmount = dec(v))),
  amountRow('BR-DEC-24', 'lines[0].allowances[0].amount', (inv, v) => void (line(inv).allowances = [lineCharge({ amount: dec(v) })])),
  amountRow('BR-DEC-25', 'lines[0].allowances[0].baseAmount', (inv, v) => void (line(inv).allowances = [lineCharge({ baseAmount: dec(v) })])),
  amountRow('BR-DEC-27', 'lines[0].charges[1].amount', (inv, v) => void (line(inv).charges = [lineCharge(), lineCharge({ amount: dec(v) })])),
  amountRow('BR-DEC-28', 'lines[0].charges[0].baseAmount', (inv, v) => void (line(inv).charges = [lineCharge({ baseAmount: dec(v) })])),
];

describeRuleTable('BR-DEC', rules, cases);

describe('BR-DEC registry', () => {
  const catalogue = JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as {
    rules: Array<{ id: string; flag: string }>;
  };
  const official = catalogue.rules.filter((r) => /^BR-DEC-\d+$/.test(r.id));
  const num = (id: string): number => Number(id.slice(id.lastIndexOf('-') + 1));

  it('implemented plus not-implemented ids equal the catalogue BR-DEC ids exactly', () => {
    const ours = [...rules.map((r) => r.id), ...notImplemented.map((n) => n.id)].sort();
    expect(new Set(ours).size).toBe(ours.length);
    expect(ours).toEqual(official.map((r) => r.id).sort());
    expect(official.length).toBeGreaterThan(15);
  });

  it('severities are the official flags, the index is in id order, each rule names its terms', () => {
    for (const rule of rules) {
      expect(rule.severity, rule.id).toBe(official.find((r) => r.id === rule.id)?.flag);
      expect(rule.official, rule.id).toBe(true);
      expect(rule.terms.some((t) => rule.message.includes(t)), rule.id).toBe(true);
    }
    const order = rules.map((r) => num(r.id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('there is exactly one file per implemented rule, named by its id', () => {
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'lib', 'rules', 'br-dec');
    const files = readdirSync(dir)
      .filter((f) => /^BR-DEC-.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual(rules.map((r) => r.id).sort());
  });
});
