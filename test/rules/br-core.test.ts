/**
 * EN 16931 core rules BR-01 .. BR-65 over the semantic model: one table row per
 * rule, each with passing and failing minimal variations of validInvoice();
 * assertions on rule id and path only. Also the registry check against the
 * official CEN 1.3.16 catalogue.
 */
import { dec } from '../../lib/model/decimal.js';
import type { DocumentAllowanceCharge, Invoice, LineAllowanceCharge, TaxRepresentative, VatBreakdown } from '../../lib/model/invoice.js';
import { notImplemented, rules } from '../../lib/rules/br/index.js';
import { describeRuleTable, line, unset, type Mutation, type RuleCases } from './rule-table.js';
import { validLine } from '../fixtures/model.js';
import { describeFamilyRegistry } from './registry-checks.js';

const allowance = (over: Partial<DocumentAllowanceCharge> = {}): DocumentAllowanceCharge => ({
  amount: dec('10.00'),
  vatCategory: 'S',
  vatRate: dec('20'),
  reason: 'Loyalty discount',
  ...over,
});
const lineAllowance = (over: Partial<LineAllowanceCharge> = {}): LineAllowanceCharge => ({ amount: dec('5.00'), reason: 'Promotion', ...over });
const taxRepresentative = (over: Partial<TaxRepresentative> = {}): TaxRepresentative => ({
  name: 'Fiscal Rep BV',
  vatId: 'NL001234567B01',
  address: { city: 'Amsterdam', countryCode: 'NL' },
  ...over,
});
const twoLines: Mutation = (inv) => {
  inv.lines = [validLine('1'), validLine('2')];
};

const cases: RuleCases[] = [
  {
    id: 'BR-01',
    pass: [],
    fail: [
      ['empty specification id', (inv) => void (inv.process.specificationId = ''), ['process.specificationId']],
      ['whitespace specification id', (inv) => void (inv.process.specificationId = '  \t'), ['process.specificationId']],
    ],
  },
  { id: 'BR-02', pass: [], fail: [['blank invoice number', (inv) => void (inv.number = '   '), ['number']]] },
  { id: 'BR-03', pass: [], fail: [['empty issue date', (inv) => void (inv.issueDate = ''), ['issueDate']]] },
  { id: 'BR-04', pass: [], fail: [['empty type code', (inv) => void (inv.typeCode = ''), ['typeCode']]] },
  { id: 'BR-05', pass: [], fail: [['empty currency', (inv) => void (inv.currency = ' '), ['currency']]] },
  { id: 'BR-06', pass: [], fail: [['blank seller name', (inv) => void (inv.seller.name = ' '), ['seller.name']]] },
  { id: 'BR-07', pass: [], fail: [['empty buyer name', (inv) => void (inv.buyer.name = ''), ['buyer.name']]] },
  {
    id: 'BR-08',
    pass: [['address with only a country', (inv) => void (inv.seller.address = { countryCode: 'FR' })]],
    fail: [
      ['empty seller address', (inv) => void (inv.seller.address = {}), ['seller.address']],
      ['seller address of blanks', (inv) => void (inv.seller.address = { line1: ' ', city: '' }), ['seller.address']],
    ],
  },
  {
    id: 'BR-09',
    pass: [],
    fail: [
      ['no seller country', (inv) => void delete inv.seller.address.countryCode, ['seller.address.countryCode']],
      ['no seller address at all', (inv) => void (inv.seller.address = {}), ['seller.address.countryCode']],
    ],
  },
  {
    id: 'BR-10',
    pass: [['address with only a country', (inv) => void (inv.buyer.address = { countryCode: 'BE' })]],
    fail: [['empty buyer address', (inv) => void (inv.buyer.address = {}), ['buyer.address']]],
  },
  {
    id: 'BR-11',
    pass: [],
    fail: [['blank buyer country', (inv) => void (inv.buyer.address.countryCode = ' '), ['buyer.address.countryCode']]],
  },
  {
    id: 'BR-12',
    pass: [['zero is a value', (inv) => void (inv.totals.lineNetTotal = dec('0'))]],
    fail: [
      ['BT-106 absent', (inv) => unset(inv.totals, 'lineNetTotal'), ['totals.lineNetTotal']],
      ['BT-106 not a number', (inv) => void (inv.totals.lineNetTotal = dec('NaN')), ['totals.lineNetTotal']],
    ],
  },
  { id: 'BR-13', pass: [], fail: [['BT-109 absent', (inv) => unset(inv.totals, 'taxExclusiveAmount'), ['totals.taxExclusiveAmount']]] },
  { id: 'BR-14', pass: [], fail: [['BT-112 absent', (inv) => unset(inv.totals, 'taxInclusiveAmount'), ['totals.taxInclusiveAmount']]] },
  { id: 'BR-15', pass: [], fail: [['BT-115 absent', (inv) => unset(inv.totals, 'amountDue'), ['totals.amountDue']]] },
  { id: 'BR-16', pass: [['two lines', twoLines]], fail: [['no line', (inv) => void (inv.lines = []), ['lines']]] },
  {
    id: 'BR-17',
    pass: [
      ['distinct payee', (inv) => void (inv.payee = { name: 'Factor SA', legalRegistrationId: { id: '552100554' } })],
      [
        'same scheme-qualified id (a GlobalID, not compared officially)',
        (inv) => {
          inv.seller.identifiers = [{ id: '3012345000004', scheme: '0088' }];
          inv.payee = { name: 'Factor SA', identifier: { id: '3012345000004', scheme: '0088' } };
        },
      ],
    ],
    fail: [
      ['payee without name', (inv) => void (inv.payee = { name: ' ' }), ['payee.name']],
      ['payee named as the seller', (inv) => void (inv.payee = { name: 'Atelier Dupont SARL' }), ['payee.name']],
      [
        'payee with the seller identifier',
        (inv) => {
          inv.seller.identifiers = [{ id: 'S-42' }];
          inv.payee = { name: 'Factor SA', identifier: { id: 'S-42' } };
        },
        ['payee.identifier'],
      ],
      [
        'payee with the seller legal registration id',
        (inv) => void (inv.payee = { name: 'Factor SA', legalRegistrationId: { id: '732829320', scheme: '0002' } }),
        ['payee.legalRegistrationId'],
      ],
    ],
  },
  {
    id: 'BR-18',
    pass: [['complete representative', (inv) => void (inv.taxRepresentative = taxRepresentative())]],
    fail: [['representative without name', (inv) => void (inv.taxRepresentative = taxRepresentative({ name: '' })), ['taxRepresentative.name']]],
  },
  {
    id: 'BR-19',
    pass: [['complete representative', (inv) => void (inv.taxRepresentative = taxRepresentative())]],
    fail: [
      ['representative without address', (inv) => void (inv.taxRepresentative = taxRepresentative({ address: {} })), ['taxRepresentative.address']],
    ],
  },
  {
    id: 'BR-20',
    pass: [['complete representative', (inv) => void (inv.taxRepresentative = taxRepresentative())]],
    fail: [
      [
        'representative address without country',
        (inv) => void (inv.taxRepresentative = taxRepresentative({ address: { city: 'Amsterdam' } })),
        ['taxRepresentative.address.countryCode'],
      ],
    ],
  },
  {
    id: 'BR-21',
    pass: [['two lines', twoLines]],
    fail: [
      [
        'second line without id',
        (inv) => {
          twoLines(inv);
          line(inv, 1).id = ' ';
        },
        ['lines[1].id'],
      ],
    ],
  },
  { id: 'BR-22', pass: [], fail: [['no quantity', (inv) => unset(line(inv), 'quantity'), ['lines[0].quantity']]] },
  {
    id: 'BR-23',
    pass: [],
    fail: [
      ['blank unit code', (inv) => void (line(inv).unitCode = ''), ['lines[0].unitCode']],
      ['no quantity to carry the unit code', (inv) => unset(line(inv), 'quantity'), ['lines[0].unitCode']],
    ],
  },
  { id: 'BR-24', pass: [], fail: [['no line net amount', (inv) => unset(line(inv), 'netAmount'), ['lines[0].netAmount']]] },
  { id: 'BR-25', pass: [], fail: [['blank item name', (inv) => void (line(inv).item.name = '  '), ['lines[0].item.name']]] },
  { id: 'BR-26', pass: [], fail: [['no net price', (inv) => unset(line(inv).price, 'netPrice'), ['lines[0].price.netPrice']]] },
  {
    id: 'BR-27',
    pass: [['zero net price', (inv) => void (line(inv).price.netPrice = dec('0'))]],
    fail: [
      ['negative net price', (inv) => void (line(inv).price.netPrice = dec('-0.01')), ['lines[0].price.netPrice']],
      ['missing net price', (inv) => unset(line(inv).price, 'netPrice'), ['lines[0].price.netPrice']],
    ],
  },
  {
    id: 'BR-28',
    pass: [['zero gross price', (inv) => void (line(inv).price.grossPrice = dec('0'))]],
    fail: [['negative gross price', (inv) => void (line(inv).price.grossPrice = dec('-1')), ['lines[0].price.grossPrice']]],
  },
  {
    id: 'BR-29',
    pass: [
      ['one-day period', (inv) => void (inv.invoicingPeriod = { start: '2026-10-01', end: '2026-10-01' })],
      ['start only', (inv) => void (inv.invoicingPeriod = { start: '2026-10-01' })],
    ],
    fail: [['end before start', (inv) => void (inv.invoicingPeriod = { start: '2026-10-31', end: '2026-10-01' }), ['invoicingPeriod.end']]],
  },
  {
    id: 'BR-30',
    pass: [['ordered line period', (inv) => void (line(inv).period = { start: '2026-10-01', end: '2026-10-31' })]],
    fail: [
      ['line period end before start', (inv) => void (line(inv).period = { start: '2026-10-02', end: '2026-10-01' }), ['lines[0].period.end']],
    ],
  },
  {
    id: 'BR-31',
    pass: [['allowance with amount', (inv) => void (inv.allowances = [allowance()])]],
    fail: [
      [
        'allowance without amount',
        (inv) => {
          const a = allowance();
          unset(a, 'amount');
          inv.allowances = [allowance(), a];
        },
        ['allowances[1].amount'],
      ],
    ],
  },
  {
    id: 'BR-32',
    pass: [['allowance with category', (inv) => void (inv.allowances = [allowance()])]],
    fail: [['allowance without category', (inv) => void (inv.allowances = [allowance({ vatCategory: '' })]), ['allowances[0].vatCategory']]],
  },
  {
    id: 'BR-33',
    pass: [['reason code only', (inv) => void (inv.allowances = [allowance({ reason: undefined, reasonCode: '95' })])]],
    fail: [['neither reason nor code', (inv) => void (inv.allowances = [allowance({ reason: ' ' })]), ['allowances[0].reason']]],
  },
  {
    id: 'BR-36',
    pass: [['charge with amount', (inv) => void (inv.charges = [allowance({ reason: 'Freight' })])]],
    fail: [
      [
        'charge without amount',
        (inv) => {
          const c = allowance({ reason: 'Freight' });
          unset(c, 'amount');
          inv.charges = [c];
        },
        ['charges[0].amount'],
      ],
    ],
  },
  {
    id: 'BR-37',
    pass: [['charge with category', (inv) => void (inv.charges = [allowance()])]],
    fail: [['charge without category', (inv) => void (inv.charges = [allowance({ vatCategory: undefined })]), ['charges[0].vatCategory']]],
  },
  {
    id: 'BR-38',
    pass: [['reason code only', (inv) => void (inv.charges = [allowance({ reason: undefined, reasonCode: 'FC' })])]],
    fail: [['neither reason nor code', (inv) => void (inv.charges = [allowance({ reason: undefined })]), ['charges[0].reason']]],
  },
  {
    id: 'BR-41',
    pass: [['line allowance with amount', (inv) => void (line(inv).allowances = [lineAllowance()])]],
    fail: [
      [
        'line allowance without amount',
        (inv) => {
          const a = lineAllowance();
          unset(a, 'amount');
          line(inv).allowances = [a];
        },
        ['lines[0].allowances[0].amount'],
      ],
    ],
  },
  {
    id: 'BR-42',
    pass: [['reason code only', (inv) => void (line(inv).allowances = [lineAllowance({ reason: undefined, reasonCode: '95' })])]],
    fail: [
      ['neither reason nor code', (inv) => void (line(inv).allowances = [lineAllowance({ reason: '' })]), ['lines[0].allowances[0].reason']],
    ],
  },
  {
    id: 'BR-43',
    pass: [['line charge with amount', (inv) => void (line(inv).charges = [lineAllowance()])]],
    fail: [
      [
        'line charge without amount',
        (inv) => {
          const c = lineAllowance();
          unset(c, 'amount');
          line(inv).charges = [lineAllowance(), c];
        },
        ['lines[0].charges[1].amount'],
      ],
    ],
  },
  {
    id: 'BR-44',
    pass: [['reason code only', (inv) => void (line(inv).charges = [lineAllowance({ reason: undefined, reasonCode: 'AA' })])]],
    fail: [['neither reason nor code', (inv) => void (line(inv).charges = [lineAllowance({ reason: undefined })]), ['lines[0].charges[0].reason']]],
  },
  {
    id: 'BR-45',
    pass: [
      [
        'category O breakdown is left to the BR-O rules, as officially',
        (inv) => {
          inv.vatBreakdown = [{ category: 'O', taxAmount: dec('0') } as VatBreakdown];
        },
      ],
    ],
    fail: [['no taxable amount', (inv) => unset(inv.vatBreakdown[0]!, 'taxableAmount'), ['vatBreakdown[0].taxableAmount']]],
  },
  {
    id: 'BR-46',
    pass: [
      [
        'category L breakdown is left to the BR-AF rules, as officially',
        (inv) => void (inv.vatBreakdown = [{ category: 'L', taxableAmount: dec('100.00'), rate: dec('7') } as VatBreakdown]),
      ],
    ],
    fail: [['no tax amount', (inv) => unset(inv.vatBreakdown[0]!, 'taxAmount'), ['vatBreakdown[0].taxAmount']]],
  },
  {
    id: 'BR-47',
    pass: [],
    fail: [['blank category', (inv) => void (inv.vatBreakdown[0]!.category = ' '), ['vatBreakdown[0].category']]],
  },
  {
    id: 'BR-48',
    pass: [
      ['category O without rate', (inv) => void (inv.vatBreakdown = [{ category: 'O', taxableAmount: dec('100.00'), taxAmount: dec('0') }])],
      ['category M without rate (official rule order)', (inv) => void (inv.vatBreakdown = [{ category: 'M', taxableAmount: dec('100.00'), taxAmount: dec('0') }])],
    ],
    fail: [
      ['standard rate without rate', (inv) => void delete inv.vatBreakdown[0]!.rate, ['vatBreakdown[0].rate']],
      ['exempt without rate', (inv) => void (inv.vatBreakdown = [{ category: 'E', taxableAmount: dec('100.00'), taxAmount: dec('0') }]), ['vatBreakdown[0].rate']],
    ],
  },
  {
    id: 'BR-49',
    pass: [['type code given', (inv) => void (inv.paymentInstructions = { typeCode: '58', creditTransfers: [{ accountId: 'FR7630006000011234567890189' }] })]],
    fail: [['blank type code', (inv) => void (inv.paymentInstructions = { typeCode: ' ', creditTransfers: [] }), ['paymentInstructions.typeCode']]],
  },
  ...(['BR-50', 'BR-61'] as const).map(
    (id): RuleCases => ({
      id,
      pass: [
        ['SEPA transfer with IBAN', (inv) => void (inv.paymentInstructions = { typeCode: '58', creditTransfers: [{ accountId: 'FR7630006000011234567890189' }] })],
        ['SEPA transfer with a BIC only (no account element in CII)', (inv) => void (inv.paymentInstructions = { typeCode: '58', creditTransfers: [{ serviceProviderId: 'AGRIFRPP' }] })],
        ['other means with an account name only', (inv) => void (inv.paymentInstructions = { typeCode: '49', creditTransfers: [{ accountName: 'Dupont' }] })],
      ],
      fail: [
        [
          'SEPA transfer account without identifier',
          (inv) => void (inv.paymentInstructions = { typeCode: '58', creditTransfers: [{ accountName: 'Dupont', accountId: ' ' }] }),
          ['paymentInstructions.creditTransfers[0].accountId'],
        ],
        [
          'credit transfer, second account without identifier',
          (inv) =>
            void (inv.paymentInstructions = {
              typeCode: '30',
              creditTransfers: [{ accountId: 'FR7630006000011234567890189' }, { accountName: 'Dupont' }],
            }),
          ['paymentInstructions.creditTransfers[1].accountId'],
        ],
      ],
    }),
  ),
  {
    id: 'BR-51',
    pass: [['first 6 and last 4 digits only', (inv) => void (inv.paymentInstructions = { typeCode: '48', creditTransfers: [], card: { accountNumber: '4111111111' } })]],
    fail: [
      [
        'full card number',
        (inv) => void (inv.paymentInstructions = { typeCode: '48', creditTransfers: [], card: { accountNumber: '4111111111111111' } }),
        ['paymentInstructions.card.accountNumber'],
      ],
    ],
  },
  {
    id: 'BR-52',
    pass: [['document with reference', (inv) => void (inv.supportingDocuments = [{ reference: 'TS-2026-17' }])]],
    fail: [['document without reference', (inv) => void (inv.supportingDocuments = [{ reference: '', description: 'Timesheet' }]), ['supportingDocuments[0].reference']]],
  },
  {
    id: 'BR-53',
    pass: [
      [
        'accounting currency with its VAT total',
        (inv) => {
          inv.vatAccountingCurrency = 'USD';
          inv.totals.vatTotalInAccountingCurrency = dec('21.50');
        },
      ],
    ],
    fail: [
      ['accounting currency without VAT total', (inv) => void (inv.vatAccountingCurrency = 'USD'), ['totals.vatTotalInAccountingCurrency']],
      [
        'accounting currency equal to the invoice currency',
        (inv) => {
          inv.vatAccountingCurrency = 'EUR';
          inv.totals.vatTotalInAccountingCurrency = dec('20.00');
        },
        ['vatAccountingCurrency'],
      ],
    ],
  },
  {
    id: 'BR-54',
    pass: [['complete attribute', (inv) => void (line(inv).item.attributes = [{ name: 'Colour', value: 'Red' }])]],
    fail: [
      ['attribute without name', (inv) => void (line(inv).item.attributes = [{ name: '', value: 'Red' }]), ['lines[0].item.attributes[0].name']],
      ['attribute without value', (inv) => void (line(inv).item.attributes = [{ name: 'Colour', value: ' ' }]), ['lines[0].item.attributes[0].value']],
    ],
  },
  {
    id: 'BR-55',
    pass: [['reference given', (inv) => void (inv.precedingInvoices = [{ reference: 'F-2026-000', issueDate: '2026-10-01' }])]],
    fail: [['reference blank', (inv) => void (inv.precedingInvoices = [{ reference: ' ', issueDate: '2026-10-01' }]), ['precedingInvoices[0].reference']]],
  },
  {
    id: 'BR-56',
    pass: [['complete representative', (inv) => void (inv.taxRepresentative = taxRepresentative())]],
    fail: [['representative without VAT id', (inv) => void (inv.taxRepresentative = taxRepresentative({ vatId: undefined })), ['taxRepresentative.vatId']]],
  },
  {
    id: 'BR-57',
    pass: [
      ['deliver-to address with country', (inv) => void (inv.delivery = { address: { city: 'Lyon', countryCode: 'FR' } })],
      ['delivery without address', (inv) => void (inv.delivery = { actualDate: '2026-10-30', address: {} })],
    ],
    fail: [['deliver-to address without country', (inv) => void (inv.delivery = { address: { city: 'Lyon' } }), ['delivery.address.countryCode']]],
  },
  {
    id: 'BR-62',
    pass: [['address with scheme', (inv) => void (inv.seller.electronicAddress = { id: 'factures@dupont.fr', scheme: 'EM' })]],
    fail: [['address without scheme', (inv) => void (inv.seller.electronicAddress = { id: 'factures@dupont.fr' }), ['seller.electronicAddress.scheme']]],
  },
  {
    id: 'BR-63',
    pass: [['address with scheme', (inv) => void (inv.buyer.electronicAddress = { id: '40303265045', scheme: '0009' })]],
    fail: [['address without scheme', (inv) => void (inv.buyer.electronicAddress = { id: '40303265045', scheme: ' ' }), ['buyer.electronicAddress.scheme']]],
  },
  {
    id: 'BR-64',
    pass: [['GTIN with scheme', (inv) => void (line(inv).item.standardId = { id: '4012345000003', scheme: '0160' })]],
    fail: [['GTIN without scheme', (inv) => void (line(inv).item.standardId = { id: '4012345000003' }), ['lines[0].item.standardId.scheme']]],
  },
  {
    id: 'BR-65',
    pass: [['classification with list id', (inv) => void (line(inv).item.classifications = [{ id: '72224000', scheme: 'STI' }])]],
    fail: [
      [
        'second classification without list id',
        (inv) => void (line(inv).item.classifications = [{ id: '72224000', scheme: 'STI' }, { id: '1234' }]),
        ['lines[0].item.classifications[1].scheme'],
      ],
    ],
  },
];

describeRuleTable('BR-nn', rules, cases);

describeFamilyRegistry('BR-nn', { ids: /^BR-\d+$/, rules, notImplemented, count: { atLeast: 51 }, folder: 'br', inIdOrder: true });
