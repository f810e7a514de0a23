/**
 * The Peppol BIS Billing rules KoSIT merges into XRechnung 3.0.2 for CII
 * (patterns `peppol-cii-pattern-1`, `-0-a`, `-0-b` of the merged schematron):
 * business process (BT-23, R001), VAT accounting currency (BT-6, R005,
 * R053..R055), electronic addresses (BT-34, BT-49: R010, R020), empty
 * elements (R008), allowances and charges (R040..R044, R046), direct debit
 * mandate (BT-89, R061), line periods within the invoice period (R110, R111),
 * line net amounts (R120, warning), line object references (R101), base
 * quantities and their units (R121, R130).
 *
 * Within pattern 1 an allowance or charge with a percentage but no base
 * amount (R041), or a base amount but no percentage (R042), is claimed by that
 * rule, so R040 and R043-1 do not check it (schematron first-match).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { Decimal } from '../../../model/decimal.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert, type DocumentRule } from '../../document/types.js';
import { anyEq, attr, decimal, decimalOf, decimalOr, double, has, kids, normalizeSpace, normalized, path, round2, slack, stringValue, textItem } from '../../document/xpath.js';

const ZERO = new Decimal(0);
/** `$documentCurrencyCode`: the invoice currency code elements (BT-5). */
const documentCurrencies = (doc: RuleDocument) => doc.at(`${CII.SET}/ram:InvoiceCurrencyCode`);
/** `$slackValue`: 0.5 for invoices in HUF, else 0.02. */
const slackValue = (doc: RuleDocument) => (anyEq(documentCurrencies(doc), 'HUF') ? '0.5' : '0.02');
/** `normalize-space(x/text())`. */
const textOf = (els: readonly CiiElement[]) => normalizeSpace(textItem(els));

/** `@currencyID = $nodes` (an attribute against untyped elements): equal to the string value of one of them. */
const currencyIn = (amount: CiiElement, currencies: readonly CiiElement[], eq: boolean) => {
  const c = attr(amount, 'currencyID');
  if (c === undefined) return false;
  return eq ? currencies.some((x) => stringValue(x) === c) : currencies.some((x) => stringValue(x) !== c);
};

/** General comparison `amounts op 0` over untyped values (each cast to xs:double). */
const someCompare = (amounts: readonly CiiElement[], op: (n: number) => boolean) => amounts.some((a) => op(double(stringValue(a))));

const indicatorIsBoolean = (el: CiiElement) => {
  const v = textOf(path(el, 'ram:ChargeIndicator/udt:Indicator'));
  return v === 'true' || v === 'false';
};

function indicatorAssert(id: string): DocumentAssert {
  return {
    id,
    flag: 'fatal',
    terms: ['BT-94', 'BT-101'],
    message: "The charge indicator of an allowance or charge (BG-20, BG-21, BG-27, BG-28) must read 'true' or 'false'.",
    test: indicatorIsBoolean,
  };
}

const LINE_ALLOWANCES = 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge';

/** The line amounts of R120, as the rule's variables compute them. */
function lineNetMatches(line: CiiElement, doc: RuleDocument): boolean {
  const lineExtension = decimalOr(path(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'), 0);
  const quantity = decimalOr(path(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity'), 1);
  const price = decimalOr(path(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount'), 0);
  const netBase = path(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
  const grossBase = path(line, 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity');
  let base = new Decimal(1);
  if (netBase.length > 0 && !decimalOf(netBase)!.isZero()) base = decimalOf(netBase)!;
  else if (grossBase.length > 0 && !decimalOf(grossBase)!.isZero()) base = decimalOf(grossBase)!;
  const total = (charge: 'true' | 'false') => {
    const items = path(line, LINE_ALLOWANCES).filter((a) => normalized(path(a, 'ram:ChargeIndicator/udt:Indicator')) === charge);
    if (items.length === 0) return ZERO;
    let sum = ZERO;
    for (const a of items) for (const amount of kids(a, 'ram:ActualAmount')) sum = sum.plus(decimal(stringValue(amount)));
    return round2(sum);
  };
  const expected = quantity.times(price.div(base)).plus(total('true')).minus(total('false'));
  return slack(lineExtension, expected, slackValue(doc));
}

/** Pattern `peppol-cii-pattern-1`: PEPPOL-EN16931-R001, PEPPOL-EN16931-R005, PEPPOL-EN16931-R053, PEPPOL-EN16931-R054, PEPPOL-EN16931-R055, PEPPOL-EN16931-R010, PEPPOL-EN16931-R020, PEPPOL-EN16931-R041, PEPPOL-EN16931-R042, PEPPOL-EN16931-R040, PEPPOL-EN16931-R043-1, PEPPOL-EN16931-R043-2, PEPPOL-EN16931-R061, PEPPOL-EN16931-R110, PEPPOL-EN16931-R111, PEPPOL-EN16931-R120, PEPPOL-EN16931-R101, PEPPOL-EN16931-R121, PEPPOL-EN16931-R130 (BT-23, BT-6, BT-5, BT-110, BT-111, BT-49). */
export const PEPPOL_CII_PATTERN_1 = definePattern(
  'peppol-cii-pattern-1',
  {
    context: 'rsm:ExchangedDocumentContext',
    asserts: [
      {
        id: 'PEPPOL-EN16931-R001',
        flag: 'fatal',
        terms: ['BT-23'],
        message: 'The business process type (BT-23) must be given.',
        test: (el) => has(el, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID'),
      },
    ],
  },
  {
    context: 'ram:ApplicableHeaderTradeSettlement',
    asserts: [
      {
        id: 'PEPPOL-EN16931-R005',
        flag: 'fatal',
        terms: ['BT-6', 'BT-5'],
        message: 'When given, the VAT accounting currency code (BT-6) must differ from the invoice currency code (BT-5).',
        test: (el) => !has(el, 'ram:TaxCurrencyCode') || textOf(kids(el, 'ram:TaxCurrencyCode')) !== textOf(kids(el, 'ram:InvoiceCurrencyCode')),
      },
      {
        id: 'PEPPOL-EN16931-R053',
        flag: 'fatal',
        terms: ['BT-110', 'BT-5'],
        message: 'At most one invoice total VAT amount (BT-110) may be in the invoice currency (BT-5).',
        test: (el, doc) => path(el, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount').filter((a) => currencyIn(a, documentCurrencies(doc), true)).length <= 1,
      },
      {
        id: 'PEPPOL-EN16931-R054',
        flag: 'fatal',
        terms: ['BT-111', 'BT-6'],
        message: 'Exactly one total VAT amount in accounting currency (BT-111) must be given when the VAT accounting currency (BT-6) is, and none otherwise.',
        test: (el, doc) =>
          path(el, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount').filter((a) => currencyIn(a, documentCurrencies(doc), false)).length ===
          (has(el, 'ram:TaxCurrencyCode') ? 1 : 0),
      },
      {
        id: 'PEPPOL-EN16931-R055',
        flag: 'fatal',
        terms: ['BT-110', 'BT-111'],
        message: 'The invoice total VAT amount (BT-110) and the total VAT amount in accounting currency (BT-111) must have the same sign.',
        test: (el, doc) => {
          const totals = path(el, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount');
          const inDocument = totals.filter((a) => currencyIn(a, documentCurrencies(doc), true));
          if (doc.at(`${CII.SET}/ram:TaxCurrencyCode`).length === 0 || inDocument.length === 0) return true;
          const inTax = totals.filter((a) => currencyIn(a, doc.at(`${CII.SET}/ram:TaxCurrencyCode`), true));
          return (someCompare(inTax, (n) => n < 0) && someCompare(inDocument, (n) => n < 0)) || (someCompare(inTax, (n) => n >= 0) && someCompare(inDocument, (n) => n >= 0));
        },
      },
    ],
  },
  {
    context: 'ram:BuyerTradeParty',
    asserts: [
      { id: 'PEPPOL-EN16931-R010', flag: 'fatal', terms: ['BT-49'], message: "The buyer's electronic address (BT-49) must be given.", test: (el) => has(el, 'ram:URIUniversalCommunication/ram:URIID') },
    ],
  },
  {
    context: 'ram:SellerTradeParty',
    asserts: [
      { id: 'PEPPOL-EN16931-R020', flag: 'fatal', terms: ['BT-34'], message: "The seller's electronic address (BT-34) must be given.", test: (el) => has(el, 'ram:URIUniversalCommunication/ram:URIID') },
    ],
  },
  {
    context: 'ram:SpecifiedTradeAllowanceCharge',
    where: (el) => has(el, 'ram:CalculationPercent') && !has(el, 'ram:BasisAmount'),
    asserts: [
      { id: 'PEPPOL-EN16931-R041', flag: 'fatal', terms: ['BT-93', 'BT-94', 'BT-100', 'BT-101'], message: 'An allowance or charge with a percentage (BT-94, BT-101) must give its base amount (BT-93, BT-100).', test: () => false },
    ],
  },
  {
    context: 'ram:SpecifiedTradeAllowanceCharge',
    where: (el) => !has(el, 'ram:CalculationPercent') && has(el, 'ram:BasisAmount'),
    asserts: [
      { id: 'PEPPOL-EN16931-R042', flag: 'fatal', terms: ['BT-93', 'BT-94', 'BT-100', 'BT-101'], message: 'An allowance or charge with a base amount (BT-93, BT-100) must give its percentage (BT-94, BT-101).', test: () => false },
    ],
  },
  {
    context: 'ram:SpecifiedTradeAllowanceCharge',
    asserts: [
      {
        id: 'PEPPOL-EN16931-R040',
        flag: 'fatal',
        terms: ['BT-92', 'BT-93', 'BT-94', 'BT-99', 'BT-100', 'BT-101'],
        message: 'An allowance or charge amount (BT-92, BT-99) must equal its base amount times its percentage / 100 (BT-93 x BT-94, BT-100 x BT-101), within 0.02.',
        test: (el, doc) => {
          if (!(has(el, 'ram:CalculationPercent') && has(el, 'ram:BasisAmount'))) return true;
          const amount = decimalOr(kids(el, 'ram:ActualAmount'), 0);
          const base = decimalOf(kids(el, 'ram:BasisAmount'))!;
          const percent = decimalOf(kids(el, 'ram:CalculationPercent'))!;
          return slack(amount, base.times(percent).div(100), slackValue(doc));
        },
      },
      indicatorAssert('PEPPOL-EN16931-R043-1'),
    ],
  },
  { context: 'ram:AppliedTradeAllowanceCharge', asserts: [indicatorAssert('PEPPOL-EN16931-R043-2')] },
  {
    context: 'ram:SpecifiedTradeSettlementPaymentMeans',
    where: (el) => ['49', '59'].includes(normalized(kids(el, 'ram:TypeCode'))),
    asserts: [
      {
        id: 'PEPPOL-EN16931-R061',
        flag: 'fatal',
        terms: ['BT-89', 'BT-81'],
        message: 'For a direct debit (BT-81 = 49 or 59), the mandate reference (BT-89) must be given.',
        test: (el) => has(el.parent, 'ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID'),
      },
    ],
  },
  linePeriodRule('StartDateTime', 'PEPPOL-EN16931-R110', 'BT-134', 'BT-73', 'start', (line, head) => line >= head),
  linePeriodRule('EndDateTime', 'PEPPOL-EN16931-R111', 'BT-135', 'BT-74', 'end', (line, head) => line <= head),
  {
    context: 'ram:IncludedSupplyChainTradeLineItem',
    asserts: [
      {
        id: 'PEPPOL-EN16931-R120',
        flag: 'warning',
        terms: ['BT-131', 'BT-129', 'BT-146', 'BT-149', 'BT-136', 'BT-141'],
        message: 'The invoice line net amount (BT-131) should equal quantity (BT-129) x net price (BT-146) / base quantity (BT-149) + line charges (BT-141) - line allowances (BT-136), within 0.02.',
        test: lineNetMatches,
      },
      {
        id: 'PEPPOL-EN16931-R101',
        flag: 'fatal',
        terms: ['BT-128'],
        message: 'A line may reference a document only as its invoiced object (BT-128, type code 130).',
        test: (el) => {
          const docs = path(el, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument');
          return docs.length === 0 || anyEq(path(docs, 'ram:TypeCode'), '130');
        },
      },
    ],
  },
  {
    context: ['ram:NetPriceProductTradePrice', 'ram:GrossPriceProductTradePrice'],
    asserts: [
      {
        id: 'PEPPOL-EN16931-R121',
        flag: 'fatal',
        terms: ['BT-149'],
        message: 'The item price base quantity (BT-149) must be greater than zero.',
        test: (el) => !has(el, 'ram:BasisQuantity') || decimalOf(kids(el, 'ram:BasisQuantity'))!.gt(0),
      },
    ],
  },
  {
    context: ['ram:NetPriceProductTradePrice/ram:BasisQuantity', 'ram:GrossPriceProductTradePrice/ram:BasisQuantity'],
    where: (el) => attr(el, 'unitCode') !== undefined,
    asserts: [
      {
        id: 'PEPPOL-EN16931-R130',
        flag: 'fatal',
        terms: ['BT-150', 'BT-130'],
        message: 'The unit of the item price base quantity (BT-150) must be that of the invoiced quantity (BT-130).',
        test: (el) => {
          const line = el.parent?.parent?.parent;
          const unit = attr(el, 'unitCode');
          return path(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity').some((q) => attr(q, 'unitCode') === unit);
        },
      },
    ],
  },
);

/** R110 / R111: a line period date against the invoice period date, compared as strings (untyped values). */
function linePeriodRule(step: 'StartDateTime' | 'EndDateTime', id: string, lineTerm: string, headTerm: string, what: string, ok: (line: string, head: string) => boolean): DocumentRule {
  const headPath = `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:${step}`;
  return {
    context: `rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:${step}`,
    where: (el) => has(el.parent?.parent?.parent?.parent, headPath),
    asserts: [
      {
        id,
        flag: 'fatal',
        terms: [lineTerm, headTerm],
        message: `The invoice line period ${what} date (${lineTerm}) must lie within the invoicing period (${headTerm}).`,
        test: (el) => {
          const heads = path(el.parent?.parent?.parent?.parent, `${headPath}/udt:DateTimeString`).map(stringValue);
          return kids(el, 'udt:DateTimeString').some((d) => heads.some((h) => ok(stringValue(d), h)));
        },
      },
    ],
  };
}

/** Pattern `peppol-cii-pattern-0-a`: PEPPOL-EN16931-R008. */
export const PEPPOL_CII_PATTERN_0A = definePattern('peppol-cii-pattern-0-a', {
  context: '*',
  where: (el) => el.name !== 'ram:ApplicableHeaderTradeDelivery' && el.children.length === 0 && normalizeSpace(el.text) === '',
  asserts: [{ id: 'PEPPOL-EN16931-R008', flag: 'fatal', terms: [], message: 'The document must not contain empty elements.', test: () => false }],
});

/** Pattern `peppol-cii-pattern-0-b`: PEPPOL-EN16931-R044, PEPPOL-EN16931-R046 (BT-147, BT-146, BT-148). */
export const PEPPOL_CII_PATTERN_0B = definePattern('peppol-cii-pattern-0-b', {
  context: 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice',
  asserts: [
    {
      id: 'PEPPOL-EN16931-R044',
      flag: 'fatal',
      terms: ['BT-147'],
      message: 'A price may only carry an allowance (BT-147): its charge indicator must read false.',
      test: (el) => !has(el, 'ram:AppliedTradeAllowanceCharge/ram:ActualAmount') || anyEq(path(el, 'ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator/udt:Indicator'), 'false'),
    },
    {
      id: 'PEPPOL-EN16931-R046',
      flag: 'fatal',
      terms: ['BT-146', 'BT-147', 'BT-148'],
      message: 'The item net price (BT-146) must equal the gross price (BT-148) minus the price discount (BT-147) when the gross price is given.',
      test: (el) => {
        if (!has(el, 'ram:ChargeAmount')) return true;
        const net = decimalOf(path(el.parent, 'ram:NetPriceProductTradePrice/ram:ChargeAmount'));
        const gross = decimalOf(kids(el, 'ram:ChargeAmount'))!;
        const firsts = kids(el, 'ram:AppliedTradeAllowanceCharge').flatMap((a) => kids(a, 'ram:ActualAmount').slice(0, 1));
        const discount = decimalOr(firsts, 0);
        return net !== undefined && net.eq(gross.minus(discount));
      },
    },
  ],
});

