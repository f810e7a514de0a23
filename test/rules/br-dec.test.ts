/**
 * EN 16931 rules BR-DEC-* (at most two fraction digits on the named amounts)
 * over the semantic model, asserting rule id and path only, plus the registry
 * check against the official CEN 1.3.16 catalogue.
 */
import { dec } from '../../lib/model/decimal.js';
import type { DocumentAllowanceCharge, Invoice, LineAllowanceCharge } from '../../lib/model/invoice.js';
import { notImplemented, rules } from '../../lib/rules/br-dec/index.js';
import { describeRuleTable, line, type Mutation, type RuleCases } from './rule-table.js';
import { describeFamilyRegistry } from './registry-checks.js';

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

describeFamilyRegistry('BR-DEC', { ids: /^BR-DEC-\d+$/, rules, notImplemented, count: { atLeast: 16 }, folder: 'br-dec', inIdOrder: true });
