/**
 * UBL binding variants of the core EN 16931 rules (BR-nn) whose official UBL
 * test (ubl/schematron/UBL/EN16931-UBL-model.sch, release 1.3.16) differs
 * from the CII one: another rule context (a postal address, a payee, each
 * payment means or billing reference wherever it sits), another test (the
 * payee against the seller's trading name and every party identifier,
 * `xs:date` periods, existence instead of a non-blank value), or the
 * schematron's first-rule-wins reading of a context (an allowance whose
 * repeated `cbc:ChargeIndicator` is both false and true is checked as an
 * allowance only). Each cites the official test.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { RuleDefinition } from '../../rules/types.js';
import { ublVariant, type UblReport } from './define.js';
import type { UblDocument } from './document.js';
import {
  all,
  chargeIndicatorIs,
  contextElements,
  descendants,
  digitsAfterPoint,
  exists,
  first,
  kids,
  normalizeSpace,
  notNegative,
  ns,
  someNumber,
  stringValue,
  vatScheme,
  xdate,
} from './xpath.js';

/** An official context that is a relative path: every element it matches, each checked by `test`. */
function eachContext(path: string, test: (el: CiiElement) => boolean): (doc: UblDocument, report: UblReport) => void {
  return (doc, report) => {
    for (const el of contextElements(doc, path)) if (!test(el)) report(el);
  };
}

/** The lines of the document (`cac:InvoiceLine | cac:CreditNoteLine`), in document order. */
export function lines(doc: UblDocument): readonly CiiElement[] {
  return doc.memo('lines', () => {
    const out: CiiElement[] = [];
    const visit = (el: CiiElement): void => {
      for (const c of el.children) {
        if (c.name === 'cac:InvoiceLine' || c.name === 'cac:CreditNoteLine') out.push(c);
        visit(c);
      }
    };
    visit(doc.root);
    return out;
  });
}

/**
 * The allowances and charges a context `AllowanceCharge[cbc:ChargeIndicator
 * = false()]` (`charge` false) or `= true()` selects among `candidates`: the
 * schematron checks a node by the first rule of the pattern that matches it,
 * and the allowance rule comes first, so an element whose indicator is both
 * is an allowance only.
 */
export function contextAllowancesCharges(candidates: readonly CiiElement[], charge: boolean): CiiElement[] {
  return candidates.filter((ac) => (charge ? chargeIndicatorIs(ac, true) && !chargeIndicatorIs(ac, false) : chargeIndicatorIs(ac, false)));
}

/** The document level allowances (charge false) or charges (true): `/ubl:Invoice/cac:AllowanceCharge[...]`. */
export function documentAllowancesCharges(doc: UblDocument, charge: boolean): readonly CiiElement[] {
  return doc.memo(charge ? 'charges' : 'allowances', () => contextAllowancesCharges(kids(doc.root, 'cac:AllowanceCharge'), charge));
}

/** The line allowances or charges: `//cac:InvoiceLine/cac:AllowanceCharge[...] | //cac:CreditNoteLine/...`. */
export function lineAllowancesCharges(doc: UblDocument, charge: boolean): readonly CiiElement[] {
  return doc.memo(charge ? 'line charges' : 'line allowances', () => contextAllowancesCharges(lines(doc).flatMap((l) => kids(l, 'cac:AllowanceCharge')), charge));
}

/** A rule on each document (`line` false) or line allowance (`charge` false) or charge. */
function onAllowancesCharges(id: string, level: 'document' | 'line', charge: boolean, test: (ac: CiiElement) => boolean): RuleDefinition {
  return ublVariant(id, (doc, report) => {
    const list = level === 'document' ? documentAllowancesCharges(doc, charge) : lineAllowancesCharges(doc, charge);
    for (const ac of list) if (!test(ac)) report(ac);
  });
}

/** `exists(cbc:AllowanceChargeReason) or exists(cbc:AllowanceChargeReasonCode)`. */
export const hasReason = (ac: CiiElement): boolean => exists(ac, 'cbc:AllowanceChargeReason') || exists(ac, 'cbc:AllowanceChargeReasonCode');
/** `exists(cbc:Amount)`. */
const hasAmount = (ac: CiiElement): boolean => exists(ac, 'cbc:Amount');
/** `exists(cac:TaxCategory[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']/cbc:ID)`. */
const hasVatCategory = (ac: CiiElement): boolean => kids(ac, 'cac:TaxCategory').some((t) => vatScheme(t) && exists(t, 'cbc:ID'));

/** `(exists(cbc:EndDate) and exists(cbc:StartDate) and xs:date(cbc:EndDate) >= xs:date(cbc:StartDate)) or not(exists(cbc:StartDate)) or not(exists(cbc:EndDate))` (BR-29, BR-30). */
function periodInOrder(period: CiiElement): boolean {
  const start = first(period, 'cbc:StartDate');
  const end = first(period, 'cbc:EndDate');
  if (start === undefined || end === undefined) return true;
  const s = xdate(start);
  const e = xdate(end);
  return !Number.isNaN(s) && !Number.isNaN(e) && e >= s;
}

/** An invoice (header) period: `cac:InvoicePeriod` not of a line (the line context comes first in the pattern). */
export function headerPeriods(doc: UblDocument): CiiElement[] {
  return descendants(doc, 'cac:InvoicePeriod').filter((p) => p.parent?.name !== 'cac:InvoiceLine' && p.parent?.name !== 'cac:CreditNoteLine');
}

/** A line period: `cac:InvoiceLine/cac:InvoicePeriod | cac:CreditNoteLine/cac:InvoicePeriod`. */
export function linePeriods(doc: UblDocument): CiiElement[] {
  return descendants(doc, 'cac:InvoicePeriod').filter((p) => p.parent?.name === 'cac:InvoiceLine' || p.parent?.name === 'cac:CreditNoteLine');
}

/** General comparison `A = B` of two node sets as untyped strings (exact, no trimming): some pair equal. */
function someEqual(a: readonly CiiElement[], b: readonly CiiElement[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const values = new Set(b.map(stringValue));
  return a.some((x) => values.has(stringValue(x)));
}

/** `normalize-space(cbc:PaymentMeansCode)` of a payment means. */
const meansCode = (means: CiiElement): string => ns(means, 'cbc:PaymentMeansCode');

/** The core rule variants, by id. */
export const CORE_VARIANTS: readonly RuleDefinition[] = [
  // BR-12..BR-15: context every `cac:LegalMonetaryTotal`, `exists(cbc:...Amount)` in each.
  ...([
    ['BR-12', 'cbc:LineExtensionAmount'],
    ['BR-13', 'cbc:TaxExclusiveAmount'],
    ['BR-14', 'cbc:TaxInclusiveAmount'],
    ['BR-15', 'cbc:PayableAmount'],
  ] as const).map(([id, name]) => ublVariant(id, eachContext('cac:LegalMonetaryTotal', (t) => exists(t, name)))),
  // BR-18 / BR-19: context every `cac:TaxRepresentativeParty`: `normalize-space(cac:PartyName/cbc:Name) != ''`, `exists(cac:PostalAddress)`.
  ublVariant('BR-18', eachContext('cac:TaxRepresentativeParty', (r) => ns(r, 'cac:PartyName', 'cbc:Name') !== '')),
  ublVariant('BR-19', eachContext('cac:TaxRepresentativeParty', (r) => exists(r, 'cac:PostalAddress'))),
  // BR-09 / BR-11 / BR-20: context the address itself (`cac:AccountingSupplierParty/cac:Party/cac:PostalAddress`),
  // `normalize-space(cac:Country/cbc:IdentificationCode) != ''`: no address, no check.
  ublVariant('BR-09', eachContext('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress', (a) => ns(a, 'cac:Country', 'cbc:IdentificationCode') !== '')),
  ublVariant('BR-11', eachContext('cac:AccountingCustomerParty/cac:Party/cac:PostalAddress', (a) => ns(a, 'cac:Country', 'cbc:IdentificationCode') !== '')),
  ublVariant('BR-20', eachContext('cac:TaxRepresentativeParty/cac:PostalAddress', (a) => ns(a, 'cac:Country', 'cbc:IdentificationCode') !== '')),
  // BR-17: `exists(cac:PartyName/cbc:Name) and (not(cac:PartyName/cbc:Name = ../cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name)
  // and not(cac:PartyIdentification/cbc:ID = ../cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID))`:
  // the payee is compared with the seller's trading name (BT-28) and with every party identifier, as written.
  ublVariant(
    'BR-17',
    eachContext('cac:PayeeParty', (payee) => {
      const seller = all(payee.parent, 'cac:AccountingSupplierParty', 'cac:Party');
      const sellerNames = seller.flatMap((p) => all(p, 'cac:PartyName', 'cbc:Name'));
      const sellerIds = seller.flatMap((p) => all(p, 'cac:PartyIdentification', 'cbc:ID'));
      return exists(payee, 'cac:PartyName', 'cbc:Name') && !someEqual(all(payee, 'cac:PartyName', 'cbc:Name'), sellerNames) && !someEqual(all(payee, 'cac:PartyIdentification', 'cbc:ID'), sellerIds);
    }),
  ),
  // BR-23: `exists(cbc:InvoicedQuantity/@unitCode) or exists(cbc:CreditedQuantity/@unitCode)`: any quantity element of the line.
  ublVariant('BR-23', (doc, report) => {
    for (const line of lines(doc)) {
      if (!line.children.some((c) => (c.name === 'cbc:InvoicedQuantity' || c.name === 'cbc:CreditedQuantity') && c.attrs.unitCode !== undefined)) report(line);
    }
  }),
  // BR-27: `(cac:Price/cbc:PriceAmount) >= 0`, every price amount of the line (a missing one fails).
  ublVariant('BR-27', (doc, report) => {
    for (const line of lines(doc)) if (!someNumber(all(line, 'cac:Price', 'cbc:PriceAmount'), notNegative)) report(line);
  }),
  // BR-28: `(cac:Price/cac:AllowanceCharge/cbc:BaseAmount) >= 0 or not(exists(cac:Price/cac:AllowanceCharge/cbc:BaseAmount))`.
  ublVariant('BR-28', (doc, report) => {
    for (const line of lines(doc)) {
      const gross = all(line, 'cac:Price', 'cac:AllowanceCharge', 'cbc:BaseAmount');
      if (gross.length > 0 && !someNumber(gross, notNegative)) report(gross[0]!);
    }
  }),
  // BR-29 / BR-30: `xs:date(cbc:EndDate) >= xs:date(cbc:StartDate)` when both are there; the header context is every
  // `cac:InvoicePeriod` that is not a line's (the line context comes first in the pattern).
  ublVariant('BR-29', (doc, report) => {
    for (const p of headerPeriods(doc)) if (!periodInOrder(p)) report(p);
  }),
  ublVariant('BR-30', (doc, report) => {
    for (const p of linePeriods(doc)) if (!periodInOrder(p)) report(p);
  }),
  // Document allowances (BR-31..33) and charges (BR-36..38), line allowances (BR-41, 42) and charges (BR-43, 44):
  // the contexts `[cbc:ChargeIndicator = false()]` / `= true()`, the allowance rule first.
  onAllowancesCharges('BR-31', 'document', false, hasAmount),
  onAllowancesCharges('BR-32', 'document', false, hasVatCategory),
  onAllowancesCharges('BR-33', 'document', false, hasReason),
  onAllowancesCharges('BR-36', 'document', true, hasAmount),
  onAllowancesCharges('BR-37', 'document', true, hasVatCategory),
  onAllowancesCharges('BR-38', 'document', true, hasReason),
  onAllowancesCharges('BR-41', 'line', false, hasAmount),
  onAllowancesCharges('BR-42', 'line', false, hasReason),
  onAllowancesCharges('BR-43', 'line', true, hasAmount),
  onAllowancesCharges('BR-44', 'line', true, hasReason),
  // BR-45..48: context `cac:TaxTotal/cac:TaxSubtotal` wherever it sits.
  ublVariant('BR-45', eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => exists(s, 'cbc:TaxableAmount'))),
  ublVariant('BR-46', eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => exists(s, 'cbc:TaxAmount'))),
  ublVariant('BR-47', eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => kids(s, 'cac:TaxCategory').some((t) => vatScheme(t) && exists(t, 'cbc:ID')))),
  // BR-48: `exists(cac:TaxCategory[VAT]/cbc:Percent) or (cac:TaxCategory[VAT]/normalize-space(cbc:ID)='O')`.
  ublVariant(
    'BR-48',
    eachContext('cac:TaxTotal/cac:TaxSubtotal', (s) => {
      const vat = kids(s, 'cac:TaxCategory').filter(vatScheme);
      return vat.some((t) => exists(t, 'cbc:Percent')) || vat.some((t) => ns(t, 'cbc:ID') === 'O');
    }),
  ),
  // BR-49: context every `cac:PaymentMeans`: `exists(cbc:PaymentMeansCode)`.
  ublVariant('BR-49', eachContext('cac:PaymentMeans', (m) => exists(m, 'cbc:PaymentMeansCode'))),
  // BR-50: context `cac:PaymentMeans[cbc:PaymentMeansCode='30' or cbc:PaymentMeansCode='58']/cac:PayeeFinancialAccount`
  // (the codes as written), `normalize-space(cbc:ID) != ''`.
  ublVariant('BR-50', (doc, report) => {
    for (const account of contextElements(doc, 'cac:PaymentMeans/cac:PayeeFinancialAccount')) {
      const codes = kids(account.parent, 'cbc:PaymentMeansCode').map(stringValue);
      if ((codes.includes('30') || codes.includes('58')) && ns(account, 'cbc:ID') === '') report(account);
    }
  }),
  // BR-51 (a warning in the UBL artefact): context each `cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID`.
  ublVariant('BR-51', eachContext('cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID', (n) => [...normalizeSpace(stringValue(n))].length <= 10), 'warning'),
  // BR-53: `every $taxcurrency in cbc:TaxCurrencyCode satisfies exists(//cac:TaxTotal/cbc:TaxAmount[@currencyID=$taxcurrency])`.
  ublVariant('BR-53', (doc, report) => {
    const currencies = new Set(descendants(doc, 'cbc:TaxAmount').filter((a) => a.parent?.name === 'cac:TaxTotal').map((a) => a.attrs.currencyID));
    for (const code of kids(doc.root, 'cbc:TaxCurrencyCode')) if (!currencies.has(stringValue(code))) report(code);
  }),
  // BR-54: context `//cac:AdditionalItemProperty`: `exists(cbc:Name) and exists(cbc:Value)`.
  ublVariant('BR-54', (doc, report) => {
    for (const p of descendants(doc, 'cac:AdditionalItemProperty')) if (!exists(p, 'cbc:Name') || !exists(p, 'cbc:Value')) report(p);
  }),
  // BR-55: context every `cac:BillingReference` (a line's too): `exists(cac:InvoiceDocumentReference/cbc:ID)`.
  ublVariant('BR-55', eachContext('cac:BillingReference', (b) => exists(b, 'cac:InvoiceDocumentReference', 'cbc:ID'))),
  // BR-56: `exists(cac:PartyTaxScheme[cac:TaxScheme/(normalize-space(upper-case(cbc:ID)) = 'VAT')]/cbc:CompanyID)`.
  ublVariant('BR-56', eachContext('cac:TaxRepresentativeParty', (r) => kids(r, 'cac:PartyTaxScheme').some((s) => vatScheme(s) && exists(s, 'cbc:CompanyID')))),
  // BR-57: context `cac:Delivery/cac:DeliveryLocation/cac:Address`: `exists(cac:Country/cbc:IdentificationCode)`.
  ublVariant('BR-57', eachContext('cac:Delivery/cac:DeliveryLocation/cac:Address', (a) => exists(a, 'cac:Country', 'cbc:IdentificationCode'))),
  // BR-61: context every `cac:PaymentMeans`: `(exists(cac:PayeeFinancialAccount/cbc:ID) and (normalize-space(cbc:PaymentMeansCode) = '30'
  // or ... = '58')) or (normalize-space(cbc:PaymentMeansCode) != '30' and ... != '58')`.
  ublVariant(
    'BR-61',
    eachContext('cac:PaymentMeans', (m) => {
      const code = meansCode(m);
      return code !== '30' && code !== '58' ? true : exists(m, 'cac:PayeeFinancialAccount', 'cbc:ID');
    }),
  ),
  // BR-62 / BR-63: context the `cbc:EndpointID`: `exists(@schemeID)`.
  ublVariant('BR-62', eachContext('cac:AccountingSupplierParty/cac:Party/cbc:EndpointID', (e) => e.attrs.schemeID !== undefined)),
  ublVariant('BR-63', eachContext('cac:AccountingCustomerParty/cac:Party/cbc:EndpointID', (e) => e.attrs.schemeID !== undefined)),
  // BR-64 / BR-65: context the line item's standard identifier / classification code: `exists(@schemeID)` / `exists(@listID)`.
  ublVariant('BR-64', (doc, report) => {
    for (const line of lines(doc)) for (const id of all(line, 'cac:Item', 'cac:StandardItemIdentification', 'cbc:ID')) if (id.attrs.schemeID === undefined) report(id);
  }),
  ublVariant('BR-65', (doc, report) => {
    for (const line of lines(doc)) for (const c of all(line, 'cac:Item', 'cac:CommodityClassification', 'cbc:ItemClassificationCode')) if (c.attrs.listID === undefined) report(c);
  }),
];

/** `string-length(substring-after(cbc:X, '.')) <= 2` on an allowance or charge (BR-DEC-01..06, 24..28). */
export function amountDigits(name: string): (ac: CiiElement) => boolean {
  return (ac) => digitsAfterPoint(first(ac, name)) <= 2;
}

export { onAllowancesCharges, eachContext };
