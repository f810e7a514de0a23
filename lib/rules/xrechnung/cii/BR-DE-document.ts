/**
 * XRechnung 3.0.2 (CII) on the document as a whole: buyer reference (BT-10,
 * BR-DE-15), a seller VAT identifier or tax representative when VAT
 * categories are used (BR-DE-16), invoice type codes (BR-DE-17), the Skonto
 * format of the payment terms (BR-DE-18), the specification identifier
 * (BR-DE-21), unique attachment file names (BR-DE-22), a preceding invoice for
 * corrected invoices (BR-DE-26), the VAT rate of each VAT breakdown
 * (BR-DE-14), external document URLs (BR-TMP-2), equal base quantities of
 * gross and net prices (BR-TMP-3) and the delivery date or period
 * (BR-DE-TMP-32, information).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentRule } from '../../document/types.js';
import { anyEq, anyIn, attr, has, kids, matches, normalizeSpace, normalized, one, path, stringValue } from '../../document/xpath.js';
import { skontoLinesValid, XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID, XR_URL_REGEX } from '../common.js';
import { present } from './BR-DE-parties.js';
import { ROOT_PAYMENT_ASSERTS } from './BR-DE-payment.js';

const VAT_CODES: ReadonlySet<string> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);
const TYPE_CODES = ['326', '380', '384', '389', '381', '875', '876', '877'];
const LINE_TAX = 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax';
const HEADER_ALLOWANCE_TAX = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax';

/** BR-DE-16's condition: a VAT category of the list is used on a line (or, as the official test reads, on a document allowance or charge whose tax aggregate reads exactly `VAT`). */
function usesVatCategory(root: CiiElement): boolean {
  const lineTax = path(root, LINE_TAX);
  const onLines = anyEq(path(lineTax, 'ram:TypeCode'), 'VAT') && anyIn(path(lineTax, 'ram:CategoryCode'), VAT_CODES);
  const tax = path(root, HEADER_ALLOWANCE_TAX);
  // `ram:CategoryTradeTax = 'VAT'` compares the aggregate's whole string value (all its children's text), as the official XPath does.
  const onAllowances = anyEq(tax, 'VAT') && anyIn(path(tax, 'ram:CategoryCode'), VAT_CODES);
  return onLines || onAllowances;
}

function sellerVatOrRepresentative(root: CiiElement): boolean {
  const ids = path(root, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID').filter((id) => {
    const scheme = normalizeSpace(attr(id, 'schemeID') ?? '');
    return (scheme === 'VA' || scheme === 'FC') && normalizeSpace(stringValue(id)) !== '';
  });
  return ids.length > 0 || has(root, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty');
}

/** BR-DE-22: no attachment (ram:AdditionalReferencedDocument, anywhere) has a file name that a preceding sibling's attachment already has. */
export function attachmentNamesUnique(docs: readonly CiiElement[], attachmentPath: string): boolean {
  for (const d of docs) {
    const names = new Set(path(d, attachmentPath).map((b) => attr(b, 'filename')).filter((n): n is string => n !== undefined));
    if (names.size === 0 || d.parent === undefined) continue;
    for (const sib of d.parent.children) {
      if (sib === d) break;
      if (sib.name !== d.name) continue;
      if (path(sib, attachmentPath).some((b) => { const n = attr(b, 'filename'); return n !== undefined && names.has(n); })) return false;
    }
  }
  return true;
}

/** Rule: BR-DE-30, BR-DE-31, BR-DE-1, BR-DE-15, BR-DE-16, BR-DE-17, BR-DE-18, BR-DE-22, BR-DE-26 (BG-19, BT-90, BT-91, BG-16, BT-10, BT-31). */
export const ROOT: DocumentRule = {
  context: CII.ROOT,
  asserts: [
    ...ROOT_PAYMENT_ASSERTS,
    present('BR-DE-15', 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerReference', ['BT-10'], 'An XRechnung must give the buyer reference (BT-10), e.g. the Leitweg-ID.'),
    {
      id: 'BR-DE-16',
      flag: 'fatal',
      terms: ['BT-31', 'BT-32', 'BG-11', 'BT-151'],
      message: 'When VAT categories S, Z, E, AE, K, G, L or M are used, an XRechnung must give the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or a seller tax representative (BG-11).',
      test: (el) => !usesVatCategory(el) || sellerVatOrRepresentative(el),
    },
    {
      id: 'BR-DE-17',
      flag: 'warning',
      terms: ['BT-3'],
      message: `The invoice type code (BT-3) should be one of ${TYPE_CODES.join(', ')}.`,
      test: (el) => TYPE_CODES.includes(normalized(path(el, 'rsm:ExchangedDocument/ram:TypeCode'))),
    },
    {
      id: 'BR-DE-18',
      flag: 'fatal',
      terms: ['BT-20'],
      message: 'Skonto lines of the payment terms (BT-20) must read #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn#), in capitals, each ended by a line break.',
      test: (el) => skontoLinesValid(path(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms').flatMap((t) => kids(t, 'ram:Description').slice(0, 1).map(stringValue))),
    },
    {
      id: 'BR-DE-22',
      flag: 'fatal',
      terms: ['BG-24', 'BT-125'],
      message: 'The file names of the attached documents (BT-125) must be unique.',
      test: (_el, doc) => attachmentNamesUnique(doc.named('ram:AdditionalReferencedDocument'), 'ram:AttachmentBinaryObject'),
    },
    {
      id: 'BR-DE-26',
      flag: 'warning',
      terms: ['BT-3', 'BG-3'],
      message: 'A corrected invoice (BT-3 = 384) should reference the preceding invoice (BG-3).',
      test: (el) => normalized(path(el, 'rsm:ExchangedDocument/ram:TypeCode')) !== '384' || has(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument'),
    },
  ],
};

/** Rule: BR-DE-21 (BT-24). */
export const CONTEXT: DocumentRule = {
  context: CII.CTX,
  asserts: [
    {
      id: 'BR-DE-21',
      flag: 'warning',
      terms: ['BT-24'],
      message: `The specification identifier (BT-24) should be that of XRechnung (${XR_CIUS_ID}, or its extension or CVD variant).`,
      test: (el) => {
        const ids = path(el, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID');
        return anyEq(ids, XR_CIUS_ID) || anyEq(ids, XR_EXTENSION_ID) || anyEq(ids, XR_CVD_ID);
      },
    },
  ],
};

/** Rule: BR-TMP-2 (BT-124). */
export const EXTERNAL_DOCUMENT: DocumentRule = {
  context: `${CII.AGR}/ram:AdditionalReferencedDocument`,
  where: (el) => anyEq(kids(el, 'ram:TypeCode'), '916'),
  asserts: [
    {
      id: 'BR-TMP-2',
      flag: 'warning',
      terms: ['BT-124'],
      message: 'The external document location (BT-124) must be an absolute URL with a scheme.',
      test: (el) => !has(el, 'ram:URIID') || matches(one(kids(el, 'ram:URIID')), XR_URL_REGEX),
    },
  ],
};

/** Rule: BR-DE-14 (BT-119). */
export const VAT_BREAKDOWN: DocumentRule = {
  context: `${CII.SET}/ram:ApplicableTradeTax`,
  asserts: [present('BR-DE-14', 'ram:RateApplicablePercent', ['BT-119'], 'An XRechnung must give the VAT category rate (BT-119) of each VAT breakdown.')],
};

/** Rule: BR-DE-TMP-32 (BT-72, BG-14, BG-26). */
export const TRANSACTION: DocumentRule = {
  context: CII.TX,
  asserts: [
    {
      id: 'BR-DE-TMP-32',
      flag: 'information',
      terms: ['BT-72', 'BG-14', 'BG-26'],
      message: 'An XRechnung should give the actual delivery date (BT-72), an invoicing period (BG-14), or an invoice line period (BG-26) on every line.',
      test: (el) =>
        has(el, 'ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime') ||
        has(el, 'ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod') ||
        kids(el, 'ram:IncludedSupplyChainTradeLineItem').every((line) => has(line, 'ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod')),
    },
  ],
};

/** `a = b` between two untyped node sequences: some pair of string values is equal. */
function generalEq(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.includes(x));
}

/** Rule: BR-TMP-3 (BT-149, BT-150). */
export const LINE: DocumentRule = {
  context: CII.LINE,
  asserts: [
    {
      id: 'BR-TMP-3',
      flag: 'fatal',
      terms: ['BT-149', 'BT-150'],
      message: 'When both the gross and the net price give an item price base quantity (BT-149), they must be equal, with the same unit of measure (BT-150) when both have one.',
      test: (el: CiiElement, _doc: RuleDocument) => {
        const gross = path(el, 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity');
        const net = path(el, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
        if (gross.length === 0 || net.length === 0) return true;
        if (!generalEq(gross.map(stringValue), net.map(stringValue))) return false;
        const gu = gross.map((q) => attr(q, 'unitCode')).filter((u): u is string => u !== undefined);
        const nu = net.map((q) => attr(q, 'unitCode')).filter((u): u is string => u !== undefined);
        return !(nu.length > 0 && gu.length > 0) || generalEq(gu, nu);
      },
    },
  ],
};
