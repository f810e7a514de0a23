/**
 * XRechnung 3.0.2 (UBL) on the document as a whole: payment instructions
 * (BG-16, BR-DE-1), buyer reference (BT-10, BR-DE-15), a seller VAT or tax
 * registration identifier or tax representative when VAT categories are used
 * (BR-DE-16), invoice type codes (BR-DE-17), the Skonto format of the payment
 * terms (BR-DE-18), the specification identifier (BR-DE-21), unique
 * attachment file names (BR-DE-22), a preceding invoice for corrected
 * invoices (BR-DE-26), complete direct debit data (BR-DE-30, 31), the
 * delivery date or period (BR-DE-TMP-32, information), external document URLs
 * (BR-TMP-2) and the VAT rate of each VAT breakdown (BR-DE-14).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { DocumentRule } from '../../document/types.js';
import { bothRoots } from '../../document/ubl-paths.js';
import { anyEq, anyIn, attr, has, kids, matches, normalized, one, path, someNonBlank, stringValue } from '../../document/xpath.js';
import { skontoLinesValid, XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID, XR_URL_REGEX } from '../common.js';
import { present } from '../cii/BR-DE-parties.js';
import { attachmentNamesUnique } from '../cii/BR-DE-document.js';

const VAT_CODES: ReadonlySet<string> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);
const TYPE_CODES = ['326', '380', '384', '389', '381', '875', '876', '877'];

/** BR-DE-16's condition: a listed VAT category on a document allowance or charge (BT-95, BT-102) or a line item (BT-151). */
function usesVatCategory(root: CiiElement): boolean {
  const allowanceCategories = kids(root, 'cac:AllowanceCharge').flatMap((ac) => {
    // `ancestor::cac:AllowanceCharge/cbc:ChargeIndicator = 'true' | 'false'` compares the untyped value exactly.
    const indicators = kids(ac, 'cbc:ChargeIndicator');
    return anyEq(indicators, 'false') || anyEq(indicators, 'true') ? path(ac, 'cac:TaxCategory/cbc:ID') : [];
  });
  const lineCategories = [...kids(root, 'cac:InvoiceLine'), ...kids(root, 'cac:CreditNoteLine')].flatMap((l) => path(l, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'));
  return anyIn(allowanceCategories, VAT_CODES) || anyIn(lineCategories, VAT_CODES);
}

const typeCode = (root: CiiElement) => [normalized(kids(root, 'cbc:InvoiceTypeCode')), normalized(kids(root, 'cbc:CreditNoteTypeCode'))];

/** Rule: BR-DE-1, BR-DE-15, BR-DE-16, BR-DE-17, BR-DE-18, BR-DE-21, BR-DE-22, BR-DE-26, BR-DE-30, BR-DE-31, BR-DE-TMP-32 (BG-16, BT-10, BT-31, BT-32, BG-11, BT-95). */
export const ROOT: DocumentRule = {
  context: bothRoots(),
  asserts: [
    { id: 'BR-DE-1', flag: 'fatal', terms: ['BG-16'], message: 'An XRechnung must give payment instructions (BG-16).', test: (el) => has(el, 'cac:PaymentMeans') },
    present('BR-DE-15', 'cbc:BuyerReference', ['BT-10'], 'An XRechnung must give the buyer reference (BT-10), e.g. the Leitweg-ID.'),
    {
      id: 'BR-DE-16',
      flag: 'fatal',
      terms: ['BT-31', 'BT-32', 'BG-11', 'BT-95', 'BT-102', 'BT-151'],
      message: 'When VAT categories S, Z, E, AE, K, G, L or M are used, an XRechnung must give the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or a seller tax representative (BG-11).',
      test: (el) => !usesVatCategory(el) || has(el, 'cac:TaxRepresentativeParty') || someNonBlank(path(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')),
    },
    {
      id: 'BR-DE-17',
      flag: 'warning',
      terms: ['BT-3'],
      message: `The invoice type code (BT-3) should be one of ${TYPE_CODES.join(', ')}.`,
      test: (el) => typeCode(el).some((c) => TYPE_CODES.includes(c)),
    },
    {
      id: 'BR-DE-18',
      flag: 'fatal',
      terms: ['BT-20'],
      message: 'Skonto lines of the payment terms (BT-20) must read #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn#), in capitals, each ended by a line break.',
      test: (el) => skontoLinesValid(kids(el, 'cac:PaymentTerms').flatMap((t) => kids(t, 'cbc:Note').slice(0, 1).map(stringValue))),
    },
    {
      id: 'BR-DE-21',
      flag: 'warning',
      terms: ['BT-24'],
      message: `The specification identifier (BT-24) should be that of XRechnung (${XR_CIUS_ID}, or its extension or CVD variant).`,
      test: (el) => {
        const ids = kids(el, 'cbc:CustomizationID');
        return anyEq(ids, XR_CIUS_ID) || anyEq(ids, XR_EXTENSION_ID) || anyEq(ids, XR_CVD_ID);
      },
    },
    {
      id: 'BR-DE-22',
      flag: 'fatal',
      terms: ['BG-24', 'BT-125'],
      message: 'The file names of the attached documents (BT-125) must be unique.',
      test: (el) => attachmentNamesUnique(kids(el, 'cac:AdditionalDocumentReference'), 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject'),
    },
    {
      id: 'BR-DE-26',
      flag: 'warning',
      terms: ['BT-3', 'BG-3'],
      message: 'A corrected invoice (BT-3 = 384) should reference the preceding invoice (BG-3).',
      test: (el) => !typeCode(el).includes('384') || has(el, 'cac:BillingReference/cac:InvoiceDocumentReference'),
    },
    {
      id: 'BR-DE-30',
      flag: 'fatal',
      terms: ['BG-19', 'BT-90'],
      message: 'When direct debit data (BG-19) is given, an XRechnung must give the bank assigned creditor identifier (BT-90): a seller or payee identifier with scheme SEPA.',
      test: (el) =>
        !has(el, 'cac:PaymentMeans/cac:PaymentMandate') ||
        [...path(el, 'cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID'), ...path(el, 'cac:PayeeParty/cac:PartyIdentification/cbc:ID')].some((id) => attr(id, 'schemeID') === 'SEPA'),
    },
    {
      id: 'BR-DE-31',
      flag: 'fatal',
      terms: ['BG-19', 'BT-91'],
      message: 'When direct debit data (BG-19) is given, an XRechnung must give the debited account identifier (BT-91).',
      test: (el) => !has(el, 'cac:PaymentMeans/cac:PaymentMandate') || has(el, 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'),
    },
    {
      id: 'BR-DE-TMP-32',
      flag: 'information',
      terms: ['BT-72', 'BG-14', 'BG-26'],
      message: 'An XRechnung should give the actual delivery date (BT-72), an invoicing period (BG-14), or an invoice line period (BG-26) on every line.',
      test: (el) =>
        has(el, 'cac:Delivery/cbc:ActualDeliveryDate') ||
        has(el, 'cac:InvoicePeriod') ||
        [...kids(el, 'cac:InvoiceLine'), ...kids(el, 'cac:CreditNoteLine')].every((line) => has(line, 'cac:InvoicePeriod')),
    },
  ],
};

/** Rule: BR-TMP-2 (BT-124). */
export const EXTERNAL_DOCUMENT: DocumentRule = {
  context: bothRoots('cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference'),
  asserts: [
    {
      id: 'BR-TMP-2',
      flag: 'warning',
      terms: ['BT-124'],
      message: 'The external document location (BT-124) must be an absolute URL with a scheme.',
      test: (el) => matches(one(kids(el, 'cbc:URI')), XR_URL_REGEX),
    },
  ],
};

/** Rule: BR-DE-14 (BT-119). */
export const VAT_BREAKDOWN: DocumentRule = {
  context: bothRoots('cac:TaxTotal/cac:TaxSubtotal'),
  asserts: [present('BR-DE-14', 'cac:TaxCategory/cbc:Percent', ['BT-119'], 'An XRechnung must give the VAT category rate (BT-119) of each VAT breakdown.')],
};
