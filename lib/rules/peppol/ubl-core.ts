/**
 * The core PEPPOL-EN16931-R* rules on UBL that Peppol BIS Billing 3.0.21
 * (./index.ts) and the Peppol rules KoSIT merges into XRechnung 3.0.2
 * (lib/rules/xrechnung/ubl/PEPPOL-EN16931.ts) write alike: empty elements
 * (R008), business process (BT-23, R001), VAT totals and accounting currency
 * (BT-6, BT-110, BT-111: R005, R053..R055), electronic addresses (BT-34,
 * BT-49: R010, R020), allowances and charges (R040..R044, R046), direct debit
 * mandate (BT-89, R061), line periods within the invoice period (R110, R111),
 * line net amounts (R120), base quantities (R121, R130) and line object
 * references (R101). Where the two rule files differ (the tolerance of R040
 * and R120, the flag of R120), the difference is a parameter.
 *
 * As in the official patterns, an allowance or charge with a percentage but
 * no base amount (R041), or a base amount but no percentage (R042), is
 * claimed by that rule, so R040 and R043 do not check it.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { Decimal } from '../../model/decimal.js';
import type { RuleDocument } from '../document/document.js';
import { type DocumentAssert, type DocumentRule, type DocumentSeverity } from '../document/types.js';
import { isUblInvoice } from '../document/ubl-paths.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../document/ubl-view.js';
import { anyEq, attr, decimal, decimalOf, decimalOr, double, has, kids, normalizeSpace, normalized, path, round2, single, slack as within, stringValue, textItem, xsDate } from '../document/xpath.js';

/** `$documentCurrencyCode`: the root's `cbc:DocumentCurrencyCode` elements (BT-5). */
export const documentCurrencies = (doc: RuleDocument) => kids(doc.root, 'cbc:DocumentCurrencyCode');
/** The tolerance of R040 / R120: a function of the document (XRechnung's `$slackValue`) or fixed (Peppol's 0.02). */
export type Slack = (doc: RuleDocument) => string;
/** XRechnung's `$slackValue`: 0.5 for invoices in HUF, else 0.02. */
export const slackValue: Slack = (doc) => (anyEq(documentCurrencies(doc), 'HUF') ? '0.5' : '0.02');
/** Peppol BIS Billing 3.0.21's fixed tolerance. */
export const FIXED_SLACK: Slack = () => '0.02';

/** The allowance and charge contexts of R040..R043: document level and line level, invoice and credit note. */
export const ALLOWANCE_CONTEXTS = [`${UBL_INVOICE}/cac:AllowanceCharge`, `${UBL_INVOICE}/cac:InvoiceLine/cac:AllowanceCharge`, `${UBL_CREDIT_NOTE}/cac:AllowanceCharge`, `${UBL_CREDIT_NOTE}/cac:CreditNoteLine/cac:AllowanceCharge`];

/** R005 on `cbc:TaxCurrencyCode`. */
export const R005: DocumentAssert = {
  id: 'PEPPOL-EN16931-R005',
  flag: 'fatal',
  terms: ['BT-6', 'BT-5'],
  message: 'When given, the VAT accounting currency code (BT-6) must differ from the invoice currency code (BT-5).',
  test: (el) => normalizeSpace(el.text) !== normalizeSpace(textItem(kids(el.parent!, 'cbc:DocumentCurrencyCode'))),
};

/** `cac:TaxTotal/cbc:TaxAmount[@currencyID = normalize-space(../../cbc:X)] op 0` for R055. */
function vatTotalsCompare(root: CiiElement, currencyElement: string, op: (n: number) => boolean): boolean {
  return path(root, 'cac:TaxTotal/cbc:TaxAmount').some((a) => attr(a, 'currencyID') === normalized(kids(root, currencyElement)) && op(double(stringValue(a))));
}

/** The R001 / R053 / R054 / R055 asserts of the root. */
export const ROOT_ASSERTS: readonly DocumentAssert[] = [
  { id: 'PEPPOL-EN16931-R001', flag: 'fatal', terms: ['BT-23'], message: 'The business process type (BT-23) must be given.', test: (el) => has(el, 'cbc:ProfileID') },
  {
    id: 'PEPPOL-EN16931-R053',
    flag: 'fatal',
    terms: ['BT-110', 'BG-23'],
    message: 'Exactly one VAT total with VAT breakdowns (BT-110, BG-23) must be given.',
    test: (el) => kids(el, 'cac:TaxTotal').filter((t) => has(t, 'cac:TaxSubtotal')).length === 1,
  },
  {
    id: 'PEPPOL-EN16931-R054',
    flag: 'fatal',
    terms: ['BT-111', 'BT-6'],
    message: 'Exactly one VAT total without breakdown (BT-111) must be given when the VAT accounting currency (BT-6) is, and none otherwise.',
    test: (el) => kids(el, 'cac:TaxTotal').filter((t) => !has(t, 'cac:TaxSubtotal')).length === (has(el, 'cbc:TaxCurrencyCode') ? 1 : 0),
  },
  {
    id: 'PEPPOL-EN16931-R055',
    flag: 'fatal',
    terms: ['BT-110', 'BT-111'],
    message: 'The invoice total VAT amount (BT-110) and the total VAT amount in accounting currency (BT-111) must have the same sign.',
    test: (el) =>
      !has(el, 'cbc:TaxCurrencyCode') ||
      (vatTotalsCompare(el, 'cbc:TaxCurrencyCode', (n) => n <= 0) && vatTotalsCompare(el, 'cbc:DocumentCurrencyCode', (n) => n <= 0)) ||
      (vatTotalsCompare(el, 'cbc:TaxCurrencyCode', (n) => n >= 0) && vatTotalsCompare(el, 'cbc:DocumentCurrencyCode', (n) => n >= 0)),
  },
];

/** R010 / R020 rules. */
export const ENDPOINT_RULES: readonly DocumentRule[] = [
  {
    context: 'cac:AccountingCustomerParty/cac:Party',
    asserts: [{ id: 'PEPPOL-EN16931-R010', flag: 'fatal', terms: ['BT-49'], message: "The buyer's electronic address (BT-49) must be given.", test: (el) => has(el, 'cbc:EndpointID') }],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party',
    asserts: [{ id: 'PEPPOL-EN16931-R020', flag: 'fatal', terms: ['BT-34'], message: "The seller's electronic address (BT-34) must be given.", test: (el) => has(el, 'cbc:EndpointID') }],
  },
];

/** The allowance and charge rules (R041, R042, then R040 + R043 on what they leave), R040 with the tolerance `slack`. */
export function allowanceRules(slack: Slack): DocumentRule[] {
  return [
  {
    context: ALLOWANCE_CONTEXTS,
    where: (el) => has(el, 'cbc:MultiplierFactorNumeric') && !has(el, 'cbc:BaseAmount'),
    asserts: [{ id: 'PEPPOL-EN16931-R041', flag: 'fatal', terms: ['BT-93', 'BT-94', 'BT-100', 'BT-101'], message: 'An allowance or charge with a percentage (BT-94, BT-101) must give its base amount (BT-93, BT-100).', test: () => false }],
  },
  {
    context: ALLOWANCE_CONTEXTS,
    where: (el) => !has(el, 'cbc:MultiplierFactorNumeric') && has(el, 'cbc:BaseAmount'),
    asserts: [{ id: 'PEPPOL-EN16931-R042', flag: 'fatal', terms: ['BT-93', 'BT-94', 'BT-100', 'BT-101'], message: 'An allowance or charge with a base amount (BT-93, BT-100) must give its percentage (BT-94, BT-101).', test: () => false }],
  },
  {
    context: ALLOWANCE_CONTEXTS,
    asserts: [
      {
        id: 'PEPPOL-EN16931-R040',
        flag: 'fatal',
        terms: ['BT-92', 'BT-93', 'BT-94', 'BT-99', 'BT-100', 'BT-101'],
        message: 'An allowance or charge amount (BT-92, BT-99) must equal its base amount times its percentage / 100 (BT-93 x BT-94, BT-100 x BT-101), within 0.02.',
        test: (el, doc) => {
          if (!(has(el, 'cbc:MultiplierFactorNumeric') && has(el, 'cbc:BaseAmount'))) return true;
          const amount = decimalOr(kids(el, 'cbc:Amount'), 0);
          const base = decimalOf(kids(el, 'cbc:BaseAmount'))!;
          const percent = decimalOf(kids(el, 'cbc:MultiplierFactorNumeric'))!;
          return within(amount, base.times(percent).div(100), slack(doc));
        },
      },
      {
        id: 'PEPPOL-EN16931-R043',
        flag: 'fatal',
        terms: ['BT-92', 'BT-99'],
        message: "The charge indicator of an allowance or charge (BG-20, BG-21, BG-27, BG-28) must read 'true' or 'false'.",
        test: (el) => {
          const v = normalizeSpace(textItem(kids(el, 'cbc:ChargeIndicator')));
          return v === 'true' || v === 'false';
        },
      },
    ],
  },
  ];
}

/** R061: the mandate reference of a direct debit (BT-81 = 49 or 59). */
export const MANDATE_RULE: DocumentRule = {
  context: 'cac:PaymentMeans',
  where: (el) => ['49', '59'].includes(normalized(kids(el, 'cbc:PaymentMeansCode'))),
  asserts: [{ id: 'PEPPOL-EN16931-R061', flag: 'fatal', terms: ['BT-89', 'BT-81'], message: 'For a direct debit (BT-81 = 49 or 59), the mandate reference (BT-89) must be given.', test: (el) => has(el, 'cac:PaymentMandate/cbc:ID') }],
};

/** R110 / R111: a line period date against the invoice period date, as `xs:date` values. */
export function linePeriodRule(step: 'cbc:StartDate' | 'cbc:EndDate', id: string, lineTerm: string, headTerm: string, what: string, ok: (line: number, head: number) => boolean): DocumentRule {
  return {
    context: [`${UBL_INVOICE}/cac:InvoiceLine/cac:InvoicePeriod/${step}`, `${UBL_CREDIT_NOTE}/cac:CreditNoteLine/cac:InvoicePeriod/${step}`],
    where: (el) => has(el.parent?.parent?.parent, `cac:InvoicePeriod/${step}`),
    asserts: [
      {
        id,
        flag: 'fatal',
        terms: [lineTerm, headTerm],
        message: `The invoice line period ${what} date (${lineTerm}) must lie within the invoicing period (${headTerm}).`,
        test: (el) => {
          const head = single(path(el.parent?.parent?.parent, `cac:InvoicePeriod/${step}`))!;
          return ok(xsDate(el.text), xsDate(stringValue(head)));
        },
      },
    ],
  };
}

/** R120's test: the line net amount against quantity x price / base quantity + charges - allowances, as the rule's variables compute them. */
export function lineNetMatches(line: CiiElement, doc: RuleDocument, slack: Slack): boolean {
  const lineExtension = decimalOr(kids(line, 'cbc:LineExtensionAmount'), 0);
  const quantity = decimalOr(kids(line, isUblInvoice(doc) ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity'), 1);
  const price = decimalOr(path(line, 'cac:Price/cbc:PriceAmount'), 0);
  const baseEls = path(line, 'cac:Price/cbc:BaseQuantity');
  const base = baseEls.length > 0 && !decimalOf(baseEls)!.isZero() ? decimalOf(baseEls)! : new Decimal(1);
  const total = (charge: 'true' | 'false') => {
    const items = kids(line, 'cac:AllowanceCharge').filter((a) => normalized(kids(a, 'cbc:ChargeIndicator')) === charge);
    if (items.length === 0) return new Decimal(0);
    let sum = new Decimal(0);
    for (const a of items) for (const amount of kids(a, 'cbc:Amount')) sum = sum.plus(decimal(stringValue(amount)));
    return round2(sum);
  };
  return within(lineExtension, quantity.times(price.div(base)).plus(total('true')).minus(total('false')), slack(doc));
}

/** The line rule: R120 (with the flag and tolerance the rule set gives it), R121, then `more` (Peppol's R100), R101. */
export function lineRule(r120: DocumentSeverity, slack: Slack, more: readonly DocumentAssert[] = []): DocumentRule {
  return {
    context: ['cac:InvoiceLine', 'cac:CreditNoteLine'],
    asserts: [
      {
        id: 'PEPPOL-EN16931-R120',
        flag: r120,
        terms: ['BT-131', 'BT-129', 'BT-146', 'BT-149', 'BT-136', 'BT-141'],
        message: 'The invoice line net amount (BT-131) must equal quantity (BT-129) x net price (BT-146) / base quantity (BT-149) + line charges (BT-141) - line allowances (BT-136), within 0.02.',
        test: (el, doc) => lineNetMatches(el, doc, slack),
      },
      {
        id: 'PEPPOL-EN16931-R121',
        flag: 'fatal',
        terms: ['BT-149'],
        message: 'The item price base quantity (BT-149) must be greater than zero.',
        test: (el) => !has(el, 'cac:Price/cbc:BaseQuantity') || decimalOf(path(el, 'cac:Price/cbc:BaseQuantity'))!.gt(0),
      },
      ...more,
      {
        id: 'PEPPOL-EN16931-R101',
        flag: 'fatal',
        terms: ['BT-128'],
        message: 'A line may reference a document only as its invoiced object (BT-128, document type code 130).',
        test: (el) => !has(el, 'cac:DocumentReference') || anyEq(path(el, 'cac:DocumentReference/cbc:DocumentTypeCode'), '130'),
      },
    ],
  };
}

/** R044 / R046 on a price allowance. */
export const PRICE_ALLOWANCE_RULE: DocumentRule = {
  context: 'cac:Price/cac:AllowanceCharge',
  asserts: [
    {
      id: 'PEPPOL-EN16931-R044',
      flag: 'fatal',
      terms: ['BT-147'],
      message: 'A price may only carry an allowance (BT-147): its charge indicator must read false.',
      test: (el) => normalized(kids(el, 'cbc:ChargeIndicator')) === 'false',
    },
    {
      id: 'PEPPOL-EN16931-R046',
      flag: 'fatal',
      terms: ['BT-146', 'BT-147', 'BT-148'],
      message: 'The item net price (BT-146) must equal the gross price (BT-148) minus the price discount (BT-147) when the gross price is given.',
      test: (el) => {
        if (!has(el, 'cbc:BaseAmount')) return true;
        const net = decimalOf(kids(el.parent!, 'cbc:PriceAmount'));
        const gross = decimalOf(kids(el, 'cbc:BaseAmount'))!;
        const discount = decimalOf(kids(el, 'cbc:Amount'));
        return net !== undefined && discount !== undefined && net.eq(gross.minus(discount));
      },
    },
  ],
};

/** R130: the unit of the price base quantity is that of the invoiced quantity. */
export const BASE_QUANTITY_UNIT_RULE: DocumentRule = {
  context: 'cac:Price/cbc:BaseQuantity',
  where: (el) => attr(el, 'unitCode') !== undefined,
  asserts: [
    {
      id: 'PEPPOL-EN16931-R130',
      flag: 'fatal',
      terms: ['BT-150', 'BT-130'],
      message: 'The unit of the item price base quantity (BT-150) must be that of the invoiced quantity (BT-130).',
      test: (el, doc) => {
        const line = el.parent?.parent;
        const has1 = has(line, 'cbc:InvoicedQuantity') || has(line, 'cbc:CreditedQuantity');
        if (!has1) return true;
        const unit = attr(el, 'unitCode');
        return kids(line!, isUblInvoice(doc) ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity').some((q) => attr(q, 'unitCode') === unit);
      },
    },
  ],
};

/** R008: no empty elements (no child element and only white space). */
export const EMPTY_ELEMENTS_RULE: DocumentRule = {
  context: '*',
  where: (el) => el.children.length === 0 && normalizeSpace(el.text) === '',
  asserts: [{ id: 'PEPPOL-EN16931-R008', flag: 'fatal', terms: [], message: 'The document must not contain empty elements.', test: () => false }],
};

