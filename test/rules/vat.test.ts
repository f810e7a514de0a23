/**
 * VAT-category rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG,
 * BR-B): a table of minimal passing and failing cases per rule, built from
 * validInvoice() with changes; each case asserts the findings' rule ids and
 * paths, never the message text.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/model/decimal.js';
import type { DocumentAllowanceCharge, Invoice } from '../../lib/model/invoice.js';
import { runRules } from '../../lib/rules/engine.js';
import type { RuleDefinition } from '../../lib/rules/types.js';
import { notImplemented, rules } from '../../lib/rules/vat/index.js';
import { validInvoice, validLine } from '../fixtures/model.js';
import { describeCaseCoverage, describeFamilyRegistry } from './registry-checks.js';

type Category = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M' | 'B';

/** A consistent one-line invoice of a category: line, breakdown, totals and parties fit the category's rules. */
function invoiceIn(category: Category): Invoice {
  const inv = validInvoice();
  const rates: Record<Category, string | undefined> = { S: '20', Z: '0', E: '0', AE: '0', K: '0', G: '0', O: undefined, L: '7', M: '4', B: '22' };
  const rate = rates[category];
  const tax = rate === undefined ? dec('0.00') : dec('100.00').times(rate).div(100);
  const line = inv.lines[0]!;
  line.vat = { category, rate: rate === undefined ? undefined : dec(rate) };
  inv.vatBreakdown = [{ category, rate: rate === undefined ? undefined : dec(rate), taxableAmount: dec('100.00'), taxAmount: tax }];
  inv.totals.vatTotal = tax;
  inv.totals.taxInclusiveAmount = dec('100.00').plus(tax);
  inv.totals.amountDue = dec('100.00').plus(tax);
  const exemption: Partial<Record<Category, string>> = { E: 'VATEX-EU-132-1I', AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O' };
  const code = exemption[category];
  if (code !== undefined) inv.vatBreakdown[0]!.exemptionReasonCode = code;
  if (category === 'K') {
    inv.buyer.vatId = 'DE136695976';
    inv.buyer.address = { line1: 'Hauptstr. 1', city: 'Berlin', postcode: '10115', countryCode: 'DE' };
    inv.delivery = { actualDate: '2026-10-30', address: { city: 'Berlin', countryCode: 'DE' } };
  }
  if (category === 'O') {
    inv.seller.vatId = undefined;
    inv.buyer.vatId = undefined;
  }
  if (category === 'B') {
    inv.seller.vatId = 'IT00743110157';
    inv.seller.address = { line1: 'Via Roma 1', city: 'Milano', postcode: '20121', countryCode: 'IT' };
    inv.buyer.vatId = 'IT01234567897';
    inv.buyer.address = { line1: 'Piazza Duomo 2', city: 'Roma', postcode: '00100', countryCode: 'IT' };
  }
  return inv;
}

/** A document level allowance or charge of a category. */
function ac(category: string, rate: string | undefined, amount = '10.00'): DocumentAllowanceCharge {
  return { amount: dec(amount), vatCategory: category, vatRate: rate === undefined ? undefined : dec(rate), reason: 'Adjustment' };
}

/** Applies a change to a fresh invoice of a category. */
const on =
  (category: Category, change: (inv: Invoice) => void = () => {}) =>
  (): Invoice => {
    const inv = invoiceIn(category);
    change(inv);
    return inv;
  };

/** One case: how to build the invoice and the findings expected from the rule under test (`[]` = passes). */
interface Case {
  name: string;
  build: () => Invoice;
  expect: string[];
}

const removeSellerIds = (inv: Invoice): void => {
  inv.seller.vatId = undefined;
  inv.seller.taxRegistrationId = undefined;
  inv.taxRepresentative = undefined;
};
const taxRep = (inv: Invoice): void => {
  inv.taxRepresentative = { name: 'Rep SARL', vatId: 'FR40303265045', address: { city: 'Paris', countryCode: 'FR' } };
};
const addAllowance = (category: Category, rate: string | undefined) => (inv: Invoice) => {
  inv.allowances.push(ac(category, rate));
};
const addCharge = (category: Category, rate: string | undefined) => (inv: Invoice) => {
  inv.charges.push(ac(category, rate));
};
const both =
  (...changes: Array<(inv: Invoice) => void>) =>
  (inv: Invoice) => {
    for (const c of changes) c(inv);
  };

const RATE_OF: Record<Category, string | undefined> = { S: '20', Z: '0', E: '0', AE: '0', K: '0', G: '0', O: undefined, L: '7', M: '4', B: '22' };
const FAMILY: Record<Category, string> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O', L: 'BR-AF', M: 'BR-AG', B: 'BR-B' };

const CASES: Record<string, Case[]> = {};
const add = (id: string, ...cases: Case[]): void => {
  (CASES[id] ??= []).push(...cases);
};

// --- BR-x-01: VAT breakdown present for the category -------------------------------------------
for (const cat of ['S', 'L', 'M'] as const) {
  const id = `${FAMILY[cat]}-01`;
  add(
    id,
    { name: 'line with a matching breakdown', build: on(cat), expect: [] },
    { name: 'line without breakdown', build: on(cat, (inv) => (inv.vatBreakdown = [])), expect: [`${id}@vatBreakdown`] },
    {
      name: 'allowance of the category without breakdown',
      build: on(cat, both(addAllowance(cat, RATE_OF[cat]), (inv) => (inv.vatBreakdown = []))),
      expect: [`${id}@vatBreakdown`],
    },
    {
      name: 'two lines without breakdown pass (the CII artefact counts lines + breakdowns >= 2)',
      build: on(cat, (inv) => {
        inv.lines.push({ ...validLine('2'), vat: { ...inv.lines[0]!.vat } });
        inv.vatBreakdown = [];
      }),
      expect: [],
    },
  );
}
for (const cat of ['Z', 'E', 'AE', 'K', 'G'] as const) {
  const id = `${FAMILY[cat]}-01`;
  add(
    id,
    { name: 'exactly one breakdown with a line', build: on(cat), expect: [] },
    { name: 'category absent everywhere', build: on('S'), expect: [] },
    { name: 'line without breakdown', build: on(cat, (inv) => (inv.vatBreakdown = [])), expect: [`${id}@vatBreakdown`] },
    {
      name: 'two breakdowns of the category',
      build: on(cat, (inv) => inv.vatBreakdown.push({ ...inv.vatBreakdown[0]!, taxableAmount: dec('0.00') })),
      expect: [`${id}@vatBreakdown`],
    },
    {
      name: 'breakdown without any line, allowance or charge of the category',
      build: on(cat, (inv) => (inv.lines[0]!.vat = { category: 'S', rate: dec('20') })),
      expect: [`${id}@vatBreakdown`],
    },
    { name: 'only a charge of the category', build: on(cat, both(addCharge(cat, '0'), (inv) => (inv.lines[0]!.vat = { category: 'S', rate: dec('20') }))), expect: [] },
  );
}
add(
  'BR-O-01',
  { name: 'one O breakdown with an O line', build: on('O'), expect: [] },
  { name: 'two O breakdowns', build: on('O', (inv) => inv.vatBreakdown.push({ ...inv.vatBreakdown[0]! })), expect: ['BR-O-01@vatBreakdown'] },
  { name: 'O breakdown without O line, allowance or charge', build: on('O', (inv) => (inv.lines[0]!.vat = { category: 'E', rate: dec('0') })), expect: ['BR-O-01@vatBreakdown'] },
  { name: 'O line without O breakdown passes (the CII artefact starts from the breakdown)', build: on('O', (inv) => (inv.vatBreakdown = [])), expect: [] },
);

// --- BR-x-02/03/04: seller / buyer identifiers -------------------------------------------------
const KINDS = [
  { n: '02', name: 'line', trigger: (_cat: Category) => (_inv: Invoice) => {} },
  { n: '03', name: 'allowance', trigger: (cat: Category) => addAllowance(cat, RATE_OF[cat]) },
  { n: '04', name: 'charge', trigger: (cat: Category) => addCharge(cat, RATE_OF[cat]) },
] as const;
/** Makes an S invoice whose only use of `cat` is an allowance or a charge (for 03/04). */
function placed(cat: Category, kind: (typeof KINDS)[number]): (change?: (inv: Invoice) => void) => () => Invoice {
  return (change = () => {}) =>
    kind.n === '02'
      ? on(cat, change)
      : on(cat, both(kind.trigger(cat), change));
}
for (const kind of KINDS) {
  for (const cat of ['S', 'Z', 'E', 'L', 'M'] as const) {
    const id = `${FAMILY[cat]}-${kind.n}`;
    const build = placed(cat, kind);
    add(
      id,
      { name: `${kind.name} with seller VAT id`, build: build(), expect: [] },
      { name: `${kind.name} with only the seller tax registration id (BT-32)`, build: build(both(removeSellerIds, (inv) => (inv.seller.taxRegistrationId = '123/456/78901'))), expect: [] },
      { name: `${kind.name} with only the tax representative VAT id`, build: build(both(removeSellerIds, taxRep)), expect: [] },
      { name: `${kind.name} without seller tax ids`, build: build(removeSellerIds), expect: [`${id}@seller.vatId`] },
      { name: `${kind.name} with a blank seller VAT id`, build: build(both(removeSellerIds, (inv) => (inv.seller.vatId = '  '))), expect: [`${id}@seller.vatId`] },
    );
    if (kind.n !== '02') add(id, { name: `no ${kind.name} of the category: nothing required`, build: on('S', removeSellerIds), expect: [] });
  }
  {
    const id = `BR-AE-${kind.n}`;
    const build = placed('AE', kind);
    add(
      id,
      { name: 'seller VAT id and buyer VAT id', build: build(), expect: [] },
      { name: 'buyer identified by legal registration id (BT-47) only', build: build((inv) => {
        inv.buyer.vatId = undefined;
        inv.buyer.legalRegistrationId = { id: '303265045', scheme: '0002' };
      }), expect: [] },
      { name: 'seller only by tax registration id (BT-32)', build: build(both(removeSellerIds, (inv) => (inv.seller.taxRegistrationId = 'FC-1'))), expect: [] },
      { name: 'no seller tax id', build: build(removeSellerIds), expect: [`${id}@seller.vatId`] },
      { name: 'no buyer VAT id nor legal registration id', build: build((inv) => (inv.buyer.vatId = undefined)), expect: [`${id}@buyer.vatId`] },
      { name: 'neither side identified', build: build(both(removeSellerIds, (inv) => (inv.buyer.vatId = undefined))), expect: [`${id}@seller.vatId`, `${id}@buyer.vatId`] },
    );
  }
  {
    const id = `BR-IC-${kind.n}`;
    const build = placed('K', kind);
    add(
      id,
      { name: 'seller and buyer VAT ids', build: build(), expect: [] },
      { name: 'seller through its tax representative', build: build(both(removeSellerIds, taxRep)), expect: [] },
      { name: 'seller tax registration id (BT-32) is not enough', build: build(both(removeSellerIds, (inv) => (inv.seller.taxRegistrationId = 'FC-1'))), expect: [`${id}@seller.vatId`] },
      { name: 'buyer legal registration id is not enough', build: build((inv) => {
        inv.buyer.vatId = undefined;
        inv.buyer.legalRegistrationId = { id: 'HRB 1234' };
      }), expect: [`${id}@buyer.vatId`] },
    );
  }
  {
    const id = `BR-G-${kind.n}`;
    const build = placed('G', kind);
    add(
      id,
      { name: 'seller VAT id', build: build(), expect: [] },
      { name: 'tax representative VAT id', build: build(both(removeSellerIds, taxRep)), expect: [] },
      { name: 'buyer without VAT id is fine', build: build((inv) => (inv.buyer.vatId = undefined)), expect: [] },
      { name: 'seller tax registration id (BT-32) is not enough', build: build(both(removeSellerIds, (inv) => (inv.seller.taxRegistrationId = 'FC-1'))), expect: [`${id}@seller.vatId`] },
    );
  }
  {
    const id = `BR-O-${kind.n}`;
    const build = placed('O', kind);
    add(
      id,
      { name: 'no VAT ids (a seller tax registration id is allowed)', build: build((inv) => (inv.seller.taxRegistrationId = 'FC-1')), expect: [] },
      { name: 'seller VAT id', build: build((inv) => (inv.seller.vatId = 'FR44732829320')), expect: [`${id}@seller.vatId`] },
      { name: 'buyer VAT id', build: build((inv) => (inv.buyer.vatId = 'FR40303265045')), expect: [`${id}@buyer.vatId`] },
      { name: 'tax representative VAT id', build: build(taxRep), expect: [`${id}@taxRepresentative.vatId`] },
    );
  }
}

// --- BR-x-05/06/07: rates -------------------------------------------------------------------------
const RATE_KINDS = [
  { n: '05', path: 'lines[0].vat.rate', set: (inv: Invoice, cat: Category, rate: string | undefined) => (inv.lines[0]!.vat = { category: cat, rate: rate === undefined ? undefined : dec(rate) }) },
  { n: '06', path: 'allowances[0].vatRate', set: (inv: Invoice, cat: Category, rate: string | undefined) => inv.allowances.push(ac(cat, rate)) },
  { n: '07', path: 'charges[0].vatRate', set: (inv: Invoice, cat: Category, rate: string | undefined) => inv.charges.push(ac(cat, rate)) },
] as const;
const RATE_EXPECTATIONS: Array<[Category, Array<[string | undefined, boolean]>]> = [
  ['S', [['20', true], ['5.5', true], ['0', false], [undefined, false]]],
  ['Z', [['0', true], ['0.00', true], ['5', false], [undefined, false]]],
  ['E', [['0', true], ['10', false], [undefined, false]]],
  ['AE', [['0', true], ['20', false], [undefined, false]]],
  ['K', [['0', true], ['19', false], [undefined, false]]],
  ['G', [['0', true], ['1', false], [undefined, false]]],
  ['L', [['7', true], ['0', false], [undefined, false]]],
  ['M', [['4', true], ['0', true], ['-1', false], [undefined, false]]],
  ['O', [[undefined, true], ['0', false]]],
];
for (const kind of RATE_KINDS) {
  for (const [cat, expectations] of RATE_EXPECTATIONS) {
    const id = `${FAMILY[cat]}-${kind.n}`;
    for (const [rate, ok] of expectations) {
      add(id, {
        name: `rate ${rate ?? 'absent'}`,
        build: on(cat, (inv) => kind.set(inv, cat, rate)),
        expect: ok ? [] : [`${id}@${kind.path}`],
      });
    }
  }
}

// --- BR-x-08: taxable amounts ---------------------------------------------------------------------
for (const cat of ['Z', 'E', 'AE', 'K', 'G'] as const) {
  const id = `${FAMILY[cat]}-08`;
  add(
    id,
    { name: 'taxable = line nets', build: on(cat), expect: [] },
    { name: 'difference below 1 is accepted', build: on(cat, (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('100.99'))), expect: [] },
    { name: 'difference of 1', build: on(cat, (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('101.00'))), expect: [`${id}@vatBreakdown[0].taxableAmount`] },
    { name: 'allowance and charge of the category counted', build: on(cat, both(addAllowance(cat, '0'), (inv) => inv.charges.push(ac(cat, '0', '30.00')), (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('120.00')))), expect: [] },
    { name: 'allowance of the category not deducted', build: on(cat, (inv) => inv.allowances.push(ac(cat, '0', '10.00'))), expect: [`${id}@vatBreakdown[0].taxableAmount`] },
    { name: 'lines of another category are ignored', build: on(cat, (inv) => inv.lines.push(validLine('2'))), expect: [] },
  );
}
add(
  'BR-O-08',
  { name: 'taxable = line nets', build: on('O'), expect: [] },
  { name: 'charge counted', build: on('O', both((inv) => inv.charges.push(ac('O', undefined, '5.00')), (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('105.00')))), expect: [] },
  { name: 'any difference fails (no tolerance for O)', build: on('O', (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('100.01'))), expect: ['BR-O-08@vatBreakdown[0].taxableAmount'] },
);
add(
  'BR-S-08',
  { name: 'one rate', build: on('S'), expect: [] },
  {
    name: 'two rates, each with its own breakdown',
    build: on('S', (inv) => {
      inv.lines.push({ ...validLine('2'), netAmount: dec('50.00'), vat: { category: 'S', rate: dec('10') } });
      inv.vatBreakdown.push({ category: 'S', rate: dec('10.00'), taxableAmount: dec('50.00'), taxAmount: dec('5.00') });
    }),
    expect: [],
  },
  {
    name: 'breakdown mixing two rates',
    build: on('S', (inv) => {
      inv.lines.push({ ...validLine('2'), netAmount: dec('50.00'), vat: { category: 'S', rate: dec('10') } });
      inv.vatBreakdown[0]!.taxableAmount = dec('150.00');
    }),
    expect: ['BR-S-08@vatBreakdown[0].taxableAmount'],
  },
  { name: 'charge at the rate added, allowance at the rate deducted', build: on('S', both(addAllowance('S', '20'), (inv) => inv.charges.push(ac('S', '20', '25.00')), (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('115.00')))), expect: [] },
  { name: 'allowance at another rate is not deducted', build: on('S', both(addAllowance('S', '10'), (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('90.00')))), expect: ['BR-S-08@vatBreakdown[0].taxableAmount'] },
  { name: 'one cent off', build: on('S', (inv) => (inv.vatBreakdown[0]!.taxableAmount = dec('100.01'))), expect: ['BR-S-08@vatBreakdown[0].taxableAmount'] },
  ...(
    [
      ['50.0025', '100.01', true],
      ['50.0025', '100.00', false],
      ['-50.0025', '-100.00', true],
      ['-50.0025', '-100.01', false],
    ] as const
  ).map(([net, taxable, ok]) => ({
    name: `sum of line nets 2 x ${net} rounds half towards +infinity (XPath round): taxable ${taxable}`,
    build: on('S', (inv) => {
      inv.lines = [{ ...validLine('1'), netAmount: dec(net) }, { ...validLine('2'), netAmount: dec(net) }];
      inv.vatBreakdown[0]!.taxableAmount = dec(taxable);
    }),
    expect: ok ? [] : ['BR-S-08@vatBreakdown[0].taxableAmount'],
  })),
  { name: 'breakdown without rate is not checked (the artefact iterates over its rates)', build: on('S', (inv) => {
    inv.vatBreakdown[0]!.rate = undefined;
    inv.vatBreakdown[0]!.taxableAmount = dec('1.00');
  }), expect: [] },
);

// --- BR-x-09: tax amounts -------------------------------------------------------------------------
for (const cat of ['Z', 'E', 'AE', 'K', 'G', 'O'] as const) {
  const id = `${FAMILY[cat]}-09`;
  add(
    id,
    { name: 'tax 0', build: on(cat), expect: [] },
    { name: 'tax 0.01', build: on(cat, (inv) => (inv.vatBreakdown[0]!.taxAmount = dec('0.01'))), expect: [`${id}@vatBreakdown[0].taxAmount`] },
  );
}
add(
  'BR-S-09',
  { name: '100 x 20 % = 20', build: on('S'), expect: [] },
  { name: 'half cent rounded up: 10.25 x 5.5 % = 0.56', build: on('S', (inv) => {
    inv.vatBreakdown[0] = { category: 'S', rate: dec('5.5'), taxableAmount: dec('10.25'), taxAmount: dec('0.56') };
  }), expect: [] },
  { name: 'difference below 1 is accepted by the artefact', build: on('S', (inv) => (inv.vatBreakdown[0]!.taxAmount = dec('20.99'))), expect: [] },
  { name: 'difference of 1', build: on('S', (inv) => (inv.vatBreakdown[0]!.taxAmount = dec('21.00'))), expect: ['BR-S-09@vatBreakdown[0].taxAmount'] },
  { name: 'credit amounts compared by absolute value', build: on('S', (inv) => {
    inv.vatBreakdown[0]!.taxableAmount = dec('-100.00');
    inv.vatBreakdown[0]!.taxAmount = dec('-20.00');
  }), expect: [] },
  { name: 'no rate', build: on('S', (inv) => (inv.vatBreakdown[0]!.rate = undefined)), expect: ['BR-S-09@vatBreakdown[0].taxAmount'] },
);

// --- BR-x-10: exemption reasons -------------------------------------------------------------------
for (const cat of ['S', 'Z', 'L', 'M'] as const) {
  const id = `${FAMILY[cat]}-10`;
  add(
    id,
    { name: 'no exemption', build: on(cat), expect: [] },
    { name: 'blank exemption reason counts as absent', build: on(cat, (inv) => (inv.vatBreakdown[0]!.exemptionReason = ' ')), expect: [] },
    { name: 'exemption reason text', build: on(cat, (inv) => (inv.vatBreakdown[0]!.exemptionReason = 'Exempt')), expect: [`${id}@vatBreakdown[0].exemptionReason`] },
    { name: 'exemption reason code', build: on(cat, (inv) => (inv.vatBreakdown[0]!.exemptionReasonCode = 'VATEX-EU-O')), expect: [`${id}@vatBreakdown[0].exemptionReasonCode`] },
  );
}
for (const cat of ['E', 'AE', 'K', 'G', 'O'] as const) {
  const id = `${FAMILY[cat]}-10`;
  add(
    id,
    { name: 'exemption code', build: on(cat), expect: [] },
    { name: 'exemption text only', build: on(cat, (inv) => {
      inv.vatBreakdown[0]!.exemptionReasonCode = undefined;
      inv.vatBreakdown[0]!.exemptionReason = 'Reason in words';
    }), expect: [] },
    { name: 'neither text nor code', build: on(cat, (inv) => (inv.vatBreakdown[0]!.exemptionReasonCode = undefined)), expect: [`${id}@vatBreakdown[0].exemptionReason`] },
    { name: 'blank text and code', build: on(cat, (inv) => {
      inv.vatBreakdown[0]!.exemptionReasonCode = ' ';
      inv.vatBreakdown[0]!.exemptionReason = '';
    }), expect: [`${id}@vatBreakdown[0].exemptionReason`] },
  );
}

// --- BR-IC-11/12 ----------------------------------------------------------------------------------
add(
  'BR-IC-11',
  { name: 'actual delivery date', build: on('K'), expect: [] },
  { name: 'invoicing period end only', build: on('K', (inv) => {
    inv.delivery!.actualDate = undefined;
    inv.invoicingPeriod = { end: '2026-10-31' };
  }), expect: [] },
  { name: 'neither delivery date nor period', build: on('K', (inv) => (inv.delivery!.actualDate = undefined)), expect: ['BR-IC-11@delivery.actualDate'] },
  { name: 'empty invoicing period', build: on('K', (inv) => {
    inv.delivery!.actualDate = undefined;
    inv.invoicingPeriod = {};
  }), expect: ['BR-IC-11@delivery.actualDate'] },
  { name: 'no K breakdown: not required', build: on('S'), expect: [] },
);
add(
  'BR-IC-12',
  { name: 'deliver to country', build: on('K'), expect: [] },
  { name: 'no delivery information', build: on('K', (inv) => (inv.delivery = { actualDate: '2026-10-30' })), expect: ['BR-IC-12@delivery.address.countryCode'] },
  { name: 'blank deliver to country', build: on('K', (inv) => (inv.delivery!.address!.countryCode = ' ')), expect: ['BR-IC-12@delivery.address.countryCode'] },
);

// --- BR-O-11..14 ---------------------------------------------------------------------------------
const addSLine = (inv: Invoice): void => {
  inv.lines.push(validLine('2'));
  inv.vatBreakdown.push({ category: 'S', rate: dec('20'), taxableAmount: dec('100.00'), taxAmount: dec('20.00') });
};
for (const id of ['BR-O-11', 'BR-O-12']) {
  add(
    id,
    { name: 'only O', build: on('O'), expect: [] },
    { name: 'an S line and breakdown beside O', build: on('O', addSLine), expect: [`${id}@vatBreakdown[1].category`, `${id}@lines[1].vat.category`] },
    { name: 'an S allowance is not its concern', build: on('O', addAllowance('S', '20')), expect: [] },
    { name: 'no O breakdown: not applicable', build: on('S'), expect: [] },
  );
}
for (const id of ['BR-O-13', 'BR-O-14']) {
  add(
    id,
    { name: 'O allowance and charge', build: on('O', both(addAllowance('O', undefined), addCharge('O', undefined))), expect: [] },
    { name: 'an S allowance and an E charge', build: on('O', both(addAllowance('S', '20'), addCharge('E', '0'))), expect: [`${id}@allowances[0].vatCategory`, `${id}@charges[0].vatCategory`] },
    { name: 'an S line is not its concern', build: on('O', addSLine), expect: [] },
  );
}

// --- BR-B-01/02 ----------------------------------------------------------------------------------
add(
  'BR-B-01',
  { name: 'Italian seller and buyer', build: on('B'), expect: [] },
  { name: 'no B code: not applicable', build: on('S'), expect: [] },
  { name: 'French buyer', build: on('B', (inv) => (inv.buyer.address.countryCode = 'FR')), expect: ['BR-B-01@buyer.address.countryCode'] },
  { name: 'B only on a charge, delivery abroad', build: on('S', both(addCharge('B', '22'), (inv) => (inv.delivery = { address: { countryCode: 'DE' } }))), expect: ['BR-B-01@seller.address.countryCode', 'BR-B-01@buyer.address.countryCode', 'BR-B-01@delivery.address.countryCode'] },
);
add(
  'BR-B-02',
  { name: 'B only', build: on('B'), expect: [] },
  { name: 'an S line and breakdown beside B', build: on('B', addSLine), expect: ['BR-B-02@lines[1].vat.category', 'BR-B-02@vatBreakdown[1].category'] },
  { name: 'an S allowance beside B', build: on('B', addAllowance('S', '22')), expect: ['BR-B-02@allowances[0].vatCategory'] },
  { name: 'S without B is fine', build: on('S'), expect: [] },
);

// -------------------------------------------------------------------------------------------------

const byId = new Map(rules.map((r) => [r.id, r]));

function findingsOf(rule: RuleDefinition, inv: Invoice): string[] {
  const report = runRules(inv, [rule]);
  return [...report.errors, ...report.warnings].map((f) => `${f.rule}@${f.path}`);
}

describe('VAT-category rules: table of cases', () => {
  for (const [id, cases] of Object.entries(CASES)) {
    describe(id, () => {
      it.each(cases)('$name', ({ build, expect: expected }) => {
        const rule = byId.get(id);
        expect(rule, `${id} is in the index`).toBeDefined();
        expect(findingsOf(rule!, build())).toEqual(expected);
      });
    });
  }
});

describeFamilyRegistry('VAT-category (BR-S, Z, E, AE, IC, G, O, AF, AG, B)', { ids: /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B)-\d+$/, rules, notImplemented, count: 98, everyTermNamed: true });

describeCaseCoverage('VAT-category', rules, CASES);

describe('VAT-category rules: coverage', () => {
  it.each(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B'] as const)('a consistent invoice in category %s produces no finding from any VAT rule', (cat) => {
    const report = runRules(invoiceIn(cat), rules);
    expect([...report.errors, ...report.warnings].map((f) => `${f.rule}@${f.path}`)).toEqual([]);
  });
});
