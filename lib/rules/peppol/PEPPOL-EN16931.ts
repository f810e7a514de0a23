/**
 * The Peppol BIS Billing 3.0.21 rules on the whole UBL document
 * (PEPPOL-EN16931-R*): no empty elements (R008); one project reference on a
 * credit note (BT-11, R080); business process (BT-23: R001 given, R007 an
 * approved Peppol profile), at most one note outside German domestic trade
 * (BG-1, R002), a buyer reference or order reference (BT-10 / BT-13, R003),
 * the Peppol customization identifier (BT-24, R004); the VAT totals and
 * accounting currency (R005, R053..R055); electronic addresses (R010, R020);
 * allowances and charges (R040..R044, R046); one currency (BT-5) on every
 * amount but BT-111 (R051); direct debit mandate (R061); line periods within
 * the invoice period (R110, R111); lines: net amount (R120), base quantity
 * (R121, R130), one object reference of type 130 (R100, R101).
 */
import type { RuleDocument } from '../document/document.js';
import { definePattern, type DocumentAssert } from '../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../document/ubl-view.js';
import { anyEq, attr, has, kids, normalizeSpace, stringValue, textItem } from '../document/xpath.js';
import { bothGerman, profile } from './common.js';
import {
  allowanceRules, BASE_QUANTITY_UNIT_RULE, documentCurrencies, EMPTY_ELEMENTS_RULE, ENDPOINT_RULES, FIXED_SLACK, linePeriodRule, lineRule, MANDATE_RULE, PRICE_ALLOWANCE_RULE, R005, ROOT_ASSERTS,
} from './ubl-core.js';

/** The Peppol BIS Billing 3.0 customization identifier (BT-24), as R004 tests its start. */
const CUSTOMIZATION_PREFIX = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

const [R001, R053, R054, R055] = ROOT_ASSERTS as [DocumentAssert, DocumentAssert, DocumentAssert, DocumentAssert];

const ROOT_PEPPOL: readonly DocumentAssert[] = [
  R001,
  { id: 'PEPPOL-EN16931-R007', flag: 'fatal', terms: ['BT-23'], message: 'The business process type (BT-23) must be an approved Peppol one, e.g. urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.', test: (_el, doc: RuleDocument) => profile(doc) !== 'Unknown' },
  { id: 'PEPPOL-EN16931-R002', flag: 'fatal', terms: ['BG-1', 'BT-22'], message: 'A Peppol invoice may have at most one note (BG-1, BT-22), except between a German seller and a German buyer.', test: (el, doc) => kids(el, 'cbc:Note').length <= 1 || bothGerman(doc) },
  { id: 'PEPPOL-EN16931-R003', flag: 'fatal', terms: ['BT-10', 'BT-13'], message: 'A Peppol invoice must give a buyer reference (BT-10) or a purchase order reference (BT-13).', test: (el) => has(el, 'cbc:BuyerReference') || has(el, 'cac:OrderReference/cbc:ID') },
  {
    id: 'PEPPOL-EN16931-R004',
    flag: 'fatal',
    terms: ['BT-24'],
    message: `The specification identifier (BT-24) must be the Peppol BIS Billing 3.0 one (${CUSTOMIZATION_PREFIX}).`,
    test: (el) => {
      const text = normalizeSpace(textItem(kids(el, 'cbc:CustomizationID')));
      return text.startsWith(CUSTOMIZATION_PREFIX) && !text.includes('::');
    },
  },
  R053,
  R054,
  R055,
];

/** The amounts R051 checks: every UBL amount but a VAT total without breakdown (BT-111). */
const AMOUNTS = ['cbc:Amount', 'cbc:BaseAmount', 'cbc:PriceAmount', 'cac:TaxSubtotal/cbc:TaxAmount', 'cbc:TaxableAmount', 'cbc:LineExtensionAmount', 'cbc:TaxExclusiveAmount', 'cbc:TaxInclusiveAmount', 'cbc:AllowanceTotalAmount', 'cbc:ChargeTotalAmount', 'cbc:PrepaidAmount', 'cbc:PayableRoundingAmount', 'cbc:PayableAmount', 'cac:TaxTotal/cbc:TaxAmount'];

/** Pattern `peppol-empty-elements`: PEPPOL-EN16931-R008. */
export const PEPPOL_EMPTY_ELEMENTS = definePattern('peppol-empty-elements', EMPTY_ELEMENTS_RULE);

/** Pattern `peppol-credit-note`: PEPPOL-EN16931-R080 (BT-11). */
export const PEPPOL_CREDIT_NOTE = definePattern('peppol-credit-note', {
  context: UBL_CREDIT_NOTE,
  asserts: [
    {
      id: 'PEPPOL-EN16931-R080',
      flag: 'fatal',
      terms: ['BT-11'],
      message: 'A credit note may have at most one project reference (BT-11, document type code 50).',
      test: (el) => kids(el, 'cac:AdditionalDocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentTypeCode'), '50')).length <= 1,
    },
  ],
});

/** Pattern `peppol-core`: PEPPOL-EN16931-R001, PEPPOL-EN16931-R007, PEPPOL-EN16931-R002, PEPPOL-EN16931-R003, PEPPOL-EN16931-R004, PEPPOL-EN16931-R053, PEPPOL-EN16931-R054, PEPPOL-EN16931-R055, PEPPOL-EN16931-R005, PEPPOL-EN16931-R010, PEPPOL-EN16931-R020, PEPPOL-EN16931-R041, PEPPOL-EN16931-R042, PEPPOL-EN16931-R040, PEPPOL-EN16931-R043, PEPPOL-EN16931-R061, PEPPOL-EN16931-R051, PEPPOL-EN16931-R110, PEPPOL-EN16931-R111, PEPPOL-EN16931-R120, PEPPOL-EN16931-R121, PEPPOL-EN16931-R100, PEPPOL-EN16931-R101, PEPPOL-EN16931-R044, PEPPOL-EN16931-R046, PEPPOL-EN16931-R130 (BT-23, BG-1, BT-22, BT-10, BT-13, BT-24). */
export const PEPPOL_CORE = definePattern(
  'peppol-core',
  { context: [UBL_CREDIT_NOTE, UBL_INVOICE], asserts: ROOT_PEPPOL },
  { context: 'cbc:TaxCurrencyCode', asserts: [R005] },
  ...ENDPOINT_RULES,
  ...allowanceRules(FIXED_SLACK),
  MANDATE_RULE,
  {
    context: AMOUNTS,
    // `cac:TaxTotal[cac:TaxSubtotal]/cbc:TaxAmount`: the VAT total with a breakdown (BT-110), not the one in accounting currency (BT-111).
    where: (el) => el.name !== 'cbc:TaxAmount' || el.parent?.name !== 'cac:TaxTotal' || has(el.parent, 'cac:TaxSubtotal'),
    asserts: [
      {
        id: 'PEPPOL-EN16931-R051',
        flag: 'fatal',
        terms: ['BT-5'],
        message: 'Every amount must be in the invoice currency (BT-5), except the VAT total in accounting currency (BT-111).',
        test: (el, doc) => {
          const c = attr(el, 'currencyID');
          return c !== undefined && documentCurrencies(doc).some((d) => stringValue(d) === c);
        },
      },
    ],
  },
  linePeriodRule('cbc:StartDate', 'PEPPOL-EN16931-R110', 'BT-134', 'BT-73', 'start', (line, head) => line >= head),
  linePeriodRule('cbc:EndDate', 'PEPPOL-EN16931-R111', 'BT-135', 'BT-74', 'end', (line, head) => line <= head),
  lineRule('fatal', FIXED_SLACK, [
    { id: 'PEPPOL-EN16931-R100', flag: 'fatal', terms: ['BT-128'], message: 'A line may reference at most one invoiced object (BT-128).', test: (el) => kids(el, 'cac:DocumentReference').length <= 1 },
  ]),
  PRICE_ALLOWANCE_RULE,
  BASE_QUANTITY_UNIT_RULE,
);
