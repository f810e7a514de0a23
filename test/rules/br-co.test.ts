/**
 * EN 16931 rules BR-CO-* over the semantic model: one table row per rule,
 * passing and failing minimal variations of validInvoice(), asserting rule id
 * and path only. The numeric cases follow the official CEN 1.3.16 tests
 * (rounding to two decimals with ties towards +infinity, the one-unit
 * tolerance of BR-CO-17, absent optional totals counting as zero). Also the
 * registry check against the official catalogue.
 */
import { dec } from '../../lib/model/decimal.js';
import type { DocumentAllowanceCharge, Invoice } from '../../lib/model/invoice.js';
import { notImplemented, rules } from '../../lib/rules/br-co/index.js';
import { breakdown, describeRuleTable, line, unset, type Mutation, type RuleCases } from './rule-table.js';
import { validLine } from '../fixtures/model.js';
import { describeFamilyRegistry } from './registry-checks.js';

/** Removes a property the model declares mandatory, as a reader does when the term is absent from the XML. */
const docCharge = (over: Partial<DocumentAllowanceCharge> = {}): DocumentAllowanceCharge => ({
  amount: dec('10.00'),
  vatCategory: 'S',
  vatRate: dec('20'),
  reason: 'Discount',
  ...over,
});

/** Sets the base invoice's only VAT breakdown to `taxable` x `rate` with tax amount `tax`. */
const vat =
  (taxable: string, rate: string | undefined, tax: string, category = 'S'): Mutation =>
  (inv) => {
    inv.vatBreakdown = [{ category, taxableAmount: dec(taxable), taxAmount: dec(tax), ...(rate === undefined ? {} : { rate: dec(rate) }) }];
  };

const cases: RuleCases[] = [
  {
    id: 'BR-CO-03',
    pass: [
      ['tax point date only', (inv) => void (inv.taxPointDate = '2026-10-31')],
      ['tax point date code only', (inv) => void (inv.taxPointDateCode = '5')],
      [
        'both, but only a category O breakdown (the official generic breakdown rule does not run)',
        (inv) => {
          inv.taxPointDate = '2026-10-31';
          inv.taxPointDateCode = '5';
          inv.vatBreakdown = [{ category: 'O', taxableAmount: dec('100.00'), taxAmount: dec('0') }];
        },
      ],
    ],
    fail: [
      [
        'both date and code',
        (inv) => {
          inv.taxPointDate = '2026-10-31';
          inv.taxPointDateCode = '5';
        },
        ['taxPointDateCode'],
      ],
    ],
  },
  {
    id: 'BR-CO-04',
    pass: [],
    fail: [
      [
        'second line without VAT category',
        (inv) => {
          inv.lines = [validLine('1'), validLine('2')];
          line(inv, 1).vat.category = ' ';
        },
        ['lines[1].vat.category'],
      ],
    ],
  },
  {
    id: 'BR-CO-09',
    pass: [
      ['Greek EL prefix', (inv) => void (inv.seller.vatId = 'EL094259216')],
      ['Northern Ireland XI prefix', (inv) => void (inv.buyer.vatId = 'XI123456789')],
      ['no buyer VAT id', (inv) => void delete inv.buyer.vatId],
    ],
    fail: [
      ['seller VAT id without prefix', (inv) => void (inv.seller.vatId = '44732829320'), ['seller.vatId']],
      ['lower-case buyer prefix', (inv) => void (inv.buyer.vatId = 'fr40303265045'), ['buyer.vatId']],
      [
        'representative with an unknown prefix',
        (inv) => void (inv.taxRepresentative = { name: 'Rep', vatId: 'XX123', address: { countryCode: 'NL' } }),
        ['taxRepresentative.vatId'],
      ],
    ],
  },
  {
    id: 'BR-CO-10',
    pass: [
      [
        'two lines summing to BT-106',
        (inv) => {
          inv.lines = [validLine('1'), validLine('2')];
          line(inv, 0).netAmount = dec('33.33');
          line(inv, 1).netAmount = dec('66.67');
        },
      ],
      [
        'the sum is rounded to two decimals, ties upwards (100.125 is exact as a double)',
        (inv) => {
          line(inv).netAmount = dec('100.125');
          inv.totals.lineNetTotal = dec('100.13');
        },
      ],
      [
        'the sum is a double, as officially: 100.005 is 100.00499... and rounds to 100.00',
        (inv) => {
          line(inv).netAmount = dec('100.005');
          inv.totals.lineNetTotal = dec('100.00');
        },
      ],
      [
        'negative tie rounds towards +infinity',
        (inv) => {
          line(inv).netAmount = dec('-0.125');
          inv.totals.lineNetTotal = dec('-0.12');
        },
      ],
      [
        'no lines and BT-106 zero',
        (inv) => {
          inv.lines = [];
          inv.totals.lineNetTotal = dec('0.00');
        },
      ],
    ],
    fail: [
      ['BT-106 one cent off', (inv) => void (inv.totals.lineNetTotal = dec('100.01')), ['totals.lineNetTotal']],
      ['rounded sum differs', (inv) => void (line(inv).netAmount = dec('100.125')), ['totals.lineNetTotal']],
      ['BT-106 absent', (inv) => unset(inv.totals, 'lineNetTotal'), ['totals.lineNetTotal']],
      ['no lines but BT-106 100', (inv) => void (inv.lines = []), ['totals.lineNetTotal']],
      [
        'a line without net amount adds nothing',
        (inv) => {
          inv.lines = [validLine('1'), validLine('2')];
          unset(line(inv, 1), 'netAmount');
          inv.totals.lineNetTotal = dec('200.00');
        },
        ['totals.lineNetTotal'],
      ],
    ],
  },
  {
    id: 'BR-CO-11',
    pass: [
      [
        'BT-107 equals the allowances',
        (inv) => {
          inv.allowances = [docCharge(), docCharge({ amount: dec('2.50') })];
          inv.totals.allowanceTotal = dec('12.50');
        },
      ],
      ['no allowances, BT-107 zero', (inv) => void (inv.totals.allowanceTotal = dec('0'))],
    ],
    fail: [
      ['allowances without BT-107', (inv) => void (inv.allowances = [docCharge()]), ['totals.allowanceTotal']],
      [
        'BT-107 differs',
        (inv) => {
          inv.allowances = [docCharge()];
          inv.totals.allowanceTotal = dec('10.01');
        },
        ['totals.allowanceTotal'],
      ],
      ['no allowances, BT-107 not zero', (inv) => void (inv.totals.allowanceTotal = dec('5.00')), ['totals.allowanceTotal']],
    ],
  },
  {
    id: 'BR-CO-12',
    pass: [
      [
        'BT-108 equals the charges',
        (inv) => {
          inv.charges = [docCharge({ reason: 'Freight', amount: dec('7.30') })];
          inv.totals.chargeTotal = dec('7.30');
        },
      ],
    ],
    fail: [
      ['charges without BT-108', (inv) => void (inv.charges = [docCharge()]), ['totals.chargeTotal']],
      ['no charges, BT-108 not zero', (inv) => void (inv.totals.chargeTotal = dec('1')), ['totals.chargeTotal']],
    ],
  },
  {
    id: 'BR-CO-13',
    pass: [
      [
        'BT-109 = BT-106 - BT-107 + BT-108',
        (inv) => {
          inv.totals.allowanceTotal = dec('10.00');
          inv.totals.chargeTotal = dec('5.50');
          inv.totals.taxExclusiveAmount = dec('95.50');
        },
      ],
      [
        'uses BT-106, not the line sum (BR-CO-10 covers that)',
        (inv) => {
          line(inv).netAmount = dec('90.00');
        },
      ],
    ],
    fail: [
      ['allowance total not deducted', (inv) => void (inv.totals.allowanceTotal = dec('10.00')), ['totals.taxExclusiveAmount']],
      ['BT-109 one cent off', (inv) => void (inv.totals.taxExclusiveAmount = dec('100.01')), ['totals.taxExclusiveAmount']],
      ['BT-109 absent', (inv) => unset(inv.totals, 'taxExclusiveAmount'), ['totals.taxExclusiveAmount']],
      ['BT-106 absent', (inv) => unset(inv.totals, 'lineNetTotal'), ['totals.taxExclusiveAmount']],
    ],
  },
  {
    id: 'BR-CO-14',
    pass: [
      [
        'BT-110 is the sum of two breakdowns',
        (inv) => {
          inv.vatBreakdown = [
            { category: 'S', rate: dec('20'), taxableAmount: dec('50.00'), taxAmount: dec('10.00') },
            { category: 'S', rate: dec('5.5'), taxableAmount: dec('50.00'), taxAmount: dec('2.75') },
          ];
          inv.totals.vatTotal = dec('12.75');
        },
      ],
      ['no BT-110: nothing to compare', (inv) => void delete inv.totals.vatTotal],
      [
        'BT-111 in another currency is not compared',
        (inv) => {
          inv.vatAccountingCurrency = 'USD';
          inv.totals.vatTotalInAccountingCurrency = dec('21.50');
        },
      ],
    ],
    fail: [
      ['BT-110 one cent off', (inv) => void (inv.totals.vatTotal = dec('20.01')), ['totals.vatTotal']],
      ['no breakdown but BT-110 20', (inv) => void (inv.vatBreakdown = []), ['totals.vatTotal']],
      [
        'a second VAT total in the invoice currency is compared too',
        (inv) => {
          inv.vatAccountingCurrency = 'EUR';
          inv.totals.vatTotalInAccountingCurrency = dec('25.00');
        },
        ['totals.vatTotalInAccountingCurrency'],
      ],
    ],
  },
  {
    id: 'BR-CO-15',
    pass: [
      [
        'no VAT total but BT-112 = BT-109',
        (inv) => {
          delete inv.totals.vatTotal;
          inv.totals.taxInclusiveAmount = dec('100.00');
        },
      ],
      ['no invoice currency: not evaluated (BR-05 reports)', (inv) => void (inv.currency = '')],
    ],
    fail: [
      ['BT-112 one cent off', (inv) => void (inv.totals.taxInclusiveAmount = dec('120.01')), ['totals.taxInclusiveAmount']],
      ['no VAT total and BT-112 above BT-109', (inv) => void delete inv.totals.vatTotal, ['totals.taxInclusiveAmount']],
      [
        'two VAT totals in the invoice currency',
        (inv) => {
          inv.vatAccountingCurrency = 'EUR';
          inv.totals.vatTotalInAccountingCurrency = dec('20.00');
        },
        ['totals.taxInclusiveAmount'],
      ],
      ['BT-109 absent', (inv) => unset(inv.totals, 'taxExclusiveAmount'), ['totals.taxInclusiveAmount']],
      ['BT-112 absent', (inv) => unset(inv.totals, 'taxInclusiveAmount'), ['totals.taxInclusiveAmount']],
    ],
  },
  {
    id: 'BR-CO-16',
    pass: [
      [
        'prepaid amount deducted',
        (inv) => {
          inv.totals.prepaidAmount = dec('20.00');
          inv.totals.amountDue = dec('100.00');
        },
      ],
      [
        'rounding amount added',
        (inv) => {
          inv.totals.roundingAmount = dec('-0.01');
          inv.totals.amountDue = dec('119.99');
        },
      ],
    ],
    fail: [
      ['BT-115 one cent off', (inv) => void (inv.totals.amountDue = dec('120.01')), ['totals.amountDue']],
      ['prepaid amount not deducted', (inv) => void (inv.totals.prepaidAmount = dec('20.00')), ['totals.amountDue']],
      ['BT-115 absent', (inv) => unset(inv.totals, 'amountDue'), ['totals.amountDue']],
      ['BT-112 absent', (inv) => unset(inv.totals, 'taxInclusiveAmount'), ['totals.amountDue']],
    ],
  },
  {
    id: 'BR-CO-17',
    pass: [
      ['deviation of exactly +1 is tolerated', vat('100.00', '20', '21.00')],
      ['deviation of exactly -1 is tolerated', vat('100.00', '20', '19.00')],
      ['official example: -72.50 at 19 %, tax -13.78', vat('-72.50', '19', '-13.78')],
      ['official example: deviation +1 on a credit', vat('-72.50', '19', '-12.78')],
      ['zero rate with a tax amount rounding to 0', vat('100.00', '0', '0.49', 'Z')],
      ['no rate and zero tax', vat('100.00', undefined, '0.00', 'E')],
      ['category O is left to BR-O-09, as officially', vat('100.00', undefined, '5.00', 'O')],
    ],
    fail: [
      ['deviation of +1.01', vat('100.00', '20', '21.01'), ['vatBreakdown[0].taxAmount']],
      ['deviation of -1.01', vat('100.00', '20', '18.99'), ['vatBreakdown[0].taxAmount']],
      ['official example: deviation -1.01 on a credit', vat('-72.50', '19', '-14.79'), ['vatBreakdown[0].taxAmount']],
      ['zero rate, tax amount rounds to 1', vat('100.00', '0', '0.50', 'Z'), ['vatBreakdown[0].taxAmount']],
      ['no rate but a tax amount', vat('100.00', undefined, '3.00', 'E'), ['vatBreakdown[0].taxAmount']],
      ['tax amount absent', (inv) => unset(breakdown(inv), 'taxAmount'), ['vatBreakdown[0].taxAmount']],
      ['taxable amount absent', (inv) => unset(breakdown(inv), 'taxableAmount'), ['vatBreakdown[0].taxAmount']],
    ],
  },
  {
    id: 'BR-CO-18',
    pass: [
      [
        'no lines and no breakdown: only BR-16 applies (the official test runs per line)',
        (inv) => {
          inv.lines = [];
          inv.vatBreakdown = [];
        },
      ],
    ],
    fail: [['no VAT breakdown', (inv) => void (inv.vatBreakdown = []), ['vatBreakdown']]],
  },
  {
    id: 'BR-CO-19',
    pass: [['end date only', (inv) => void (inv.invoicingPeriod = { end: '2026-10-31' })]],
    fail: [['empty invoicing period', (inv) => void (inv.invoicingPeriod = { start: ' ' }), ['invoicingPeriod']]],
  },
  {
    id: 'BR-CO-20',
    pass: [['start date only', (inv) => void (line(inv).period = { start: '2026-10-01' })]],
    fail: [['empty line period', (inv) => void (line(inv).period = {}), ['lines[0].period']]],
  },
  {
    id: 'BR-CO-21',
    pass: [['reason code only', (inv) => void (inv.allowances = [docCharge({ reason: undefined, reasonCode: '95' })])]],
    fail: [['neither reason nor code', (inv) => void (inv.allowances = [docCharge({ reason: '' })]), ['allowances[0].reason']]],
  },
  {
    id: 'BR-CO-22',
    pass: [['reason only', (inv) => void (inv.charges = [docCharge({ reason: 'Freight' })])]],
    fail: [['neither reason nor code', (inv) => void (inv.charges = [docCharge(), docCharge({ reason: undefined })]), ['charges[1].reason']]],
  },
  {
    id: 'BR-CO-23',
    pass: [['reason only', (inv) => void (line(inv).allowances = [{ amount: dec('5.00'), reason: 'Promotion' }])]],
    fail: [['neither reason nor code', (inv) => void (line(inv).allowances = [{ amount: dec('5.00') }]), ['lines[0].allowances[0].reason']]],
  },
  {
    id: 'BR-CO-24',
    pass: [['reason code only', (inv) => void (line(inv).charges = [{ amount: dec('5.00'), reasonCode: 'AA' }])]],
    fail: [['neither reason nor code', (inv) => void (line(inv).charges = [{ amount: dec('5.00'), reason: ' ' }]), ['lines[0].charges[0].reason']]],
  },
  {
    id: 'BR-CO-26',
    pass: [
      [
        'seller identifier only',
        (inv) => {
          delete inv.seller.vatId;
          delete inv.seller.legalRegistrationId;
          inv.seller.identifiers = [{ id: '3012345000004', scheme: '0088' }];
        },
      ],
      ['legal registration id only', (inv) => void delete inv.seller.vatId],
      ['VAT id only', (inv) => void delete inv.seller.legalRegistrationId],
    ],
    fail: [
      [
        'no identifier at all',
        (inv) => {
          delete inv.seller.vatId;
          delete inv.seller.legalRegistrationId;
        },
        ['seller'],
      ],
      [
        'a tax registration id (BT-32) does not identify the seller',
        (inv) => {
          delete inv.seller.vatId;
          inv.seller.legalRegistrationId = { id: ' ' };
          inv.seller.taxRegistrationId = '12345678901';
        },
        ['seller'],
      ],
    ],
  },
];

describeRuleTable('BR-CO', rules, cases);

describeFamilyRegistry('BR-CO', { ids: /^BR-CO-\d+$/, rules, notImplemented, count: { atLeast: 21 }, folder: 'br-co', inIdOrder: true });
