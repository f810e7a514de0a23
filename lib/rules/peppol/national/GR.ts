/**
 * Peppol BIS Billing 3.0.21 national rules of Greece (GR-R-*, GR-S-*): for a
 * Greek seller (VAT prefix GR or EL, else country GR) the invoice number
 * (BT-1) is the six-part myDATA identifier (seller tax number | issue date |
 * branch | document type | series | number), party names, the EL VAT number
 * with its check digit, the M.AR.K and invoice URL supporting documents, and
 * electronic addresses of scheme 9933 (Greek tax number).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { anyEq, attr, kids, matches, normalizeSpace, normalized, one, path, stringLength, stringValue, tokenize, xpathNumber } from '../../document/xpath.js';
import { accountingSupplierCountry, customerCountry, integerCastable, supplierCountry, tinVerification } from '../common.js';

const assert = (id: string, flag: 'fatal' | 'warning', terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert => ({ id, flag, terms, message, test });
const substr = (s: string, start: number, len?: number) => Array.from(s).slice(start - 1, len === undefined ? undefined : start - 1 + len).join('');
const greekSender = (doc: RuleDocument) => ['GR', 'EL'].includes(supplierCountry(doc));
const greekReceiver = (doc: RuleDocument) => ['GR', 'EL'].includes(customerCountry(doc));
const sellerCountryGR = (doc: RuleDocument) => anyEq(path(doc.root, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode'), 'GR');
const DATE_REGEX = '^(0?[1-9]|[12][0-9]|3[01])[-\\\\/ ]?(0?[1-9]|1[0-2])[-\\\\/ ]?(19|20)[0-9]{2}';
const GREEK_DOCUMENT_TYPES = ['1.1', '1.6', '2.1', '2.4', '5.1', '5.2', ''];
const vatIds = (party: CiiElement) => kids(party, 'cac:PartyTaxScheme').filter((s) => normalized(path(s, 'cac:TaxScheme/cbc:ID')) === 'VAT').flatMap((s) => kids(s, 'cbc:CompanyID'));
/** `x/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID, 3, 9)` of the seller and the tax representative. */
const taxNumbers = (doc: RuleDocument) =>
  [...path(doc.root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme'), ...path(doc.root, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme')]
    .filter((s) => anyEq(path(s, 'cac:TaxScheme/cbc:ID'), 'VAT'))
    .map((s) => substr(one(kids(s, 'cbc:CompanyID')), 3, 9));
/** The myDATA identifier's parts (`tokenize(., '\|')`); an absent part is undefined (the empty sequence). */
const parts = (el: CiiElement) => tokenize(stringValue(el), '\\|');
const len = (s: string | undefined) => stringLength(s ?? '');
/** A Greek VAT number: EL and a 9-digit tax number with a valid check digit (GR-S-011, GR-R-006). */
const elVat = (party: CiiElement) => {
  const ids = vatIds(party);
  return ids.length === 1 && substr(stringValue(ids[0]!), 1, 2) === 'EL' && tinVerification(substr(stringValue(ids[0]!), 3));
};

/** Pattern `GR`: GR-R-001-1, GR-R-001-2, GR-R-001-3, GR-R-001-4, GR-R-001-5, GR-R-001-6, GR-R-001-7, GR-R-002, GR-S-011, GR-R-003, GR-R-004-1, GR-S-008-1, GR-R-008-2, GR-R-004-2, GR-R-008-3, GR-R-005, GR-R-009 (BT-1, BT-31, BT-2, BT-28, BG-24, BT-122). */
export const GR_RULES = definePattern(
  'GR',
  {
    context: [`/${UBL_INVOICE}/cbc:ID`, `/${UBL_CREDIT_NOTE}/cbc:ID`],
    where: (_el, doc) => greekSender(doc),
    asserts: [
      assert('GR-R-001-1', 'fatal', ['BT-1'], 'A Greek invoice number (BT-1) must have six parts separated by |.', (el) => parts(el).length === 6),
      assert('GR-R-001-2', 'fatal', ['BT-1', 'BT-31'], "The first part of a Greek invoice number (BT-1) must be the seller's (or tax representative's) 9-digit tax number (BT-31) with a valid check digit.", (el, doc) => {
        const p = parts(el)[0];
        return len(normalizeSpace(p ?? '')) === 9 && tinVerification(p!) && taxNumbers(doc).includes(p!);
      }),
      assert('GR-R-001-3', 'fatal', ['BT-1', 'BT-2'], 'The second part of a Greek invoice number (BT-1) must be the issue date (BT-2) as DD/MM/YYYY.', (el, doc) => {
        const p = parts(el)[1];
        if (len(normalizeSpace(p ?? '')) === 0 || !matches(p!, DATE_REGEX)) return false;
        const d = tokenize(p!, '/');
        const issue = tokenize(one(kids(doc.root, 'cbc:IssueDate')), '-');
        const eq = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a === b;
        return eq(d[0], issue[2]) && eq(d[1], issue[1]) && eq(d[2], issue[0]);
      }),
      assert('GR-R-001-4', 'fatal', ['BT-1'], 'The third part of a Greek invoice number (BT-1) must be a non-negative branch number.', (el) => {
        const p = parts(el)[2];
        if (len(normalizeSpace(p ?? '')) === 0 || Number.isNaN(xpathNumber(p!))) return false;
        if (!integerCastable(p!)) return false;
        return Number(normalizeSpace(p!)) >= 0;
      }),
      assert('GR-R-001-5', 'fatal', ['BT-1'], 'The fourth part of a Greek invoice number (BT-1) must be a Greek document type (1.1, 1.6, 2.1, 2.4, 5.1, 5.2).', (el) => {
        const p = parts(el)[3];
        return len(normalizeSpace(p ?? '')) > 0 && GREEK_DOCUMENT_TYPES.includes(p!);
      }),
      assert('GR-R-001-6', 'fatal', ['BT-1'], 'The fifth part of a Greek invoice number (BT-1), the series, must not be empty.', (el) => len(parts(el)[4]) > 0),
      assert('GR-R-001-7', 'fatal', ['BT-1'], 'The sixth part of a Greek invoice number (BT-1), the number, must not be empty.', (el) => len(parts(el)[5]) > 0),
    ],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party',
    where: (_el, doc) => greekSender(doc),
    asserts: [
      assert('GR-R-002', 'fatal', ['BT-28'], 'A Greek seller must give its trading name (BT-28).', (el) => len(one(path(el, 'cac:PartyName/cbc:Name'))) > 0),
      assert('GR-S-011', 'warning', ['BT-31'], 'A Greek seller should give one VAT identifier (BT-31): EL and a 9-digit tax number with a valid check digit.', elVat),
    ],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID',
    where: (el, doc) => greekSender(doc) && normalized(path(el.parent, 'cac:TaxScheme/cbc:ID')) === 'VAT',
    asserts: [assert('GR-R-003', 'fatal', ['BT-31'], 'A Greek seller VAT identifier (BT-31) must be EL and a 9-digit tax number with a valid check digit.', (el) => substr(stringValue(el), 1, 2) === 'EL' && tinVerification(substr(stringValue(el), 3)))],
  },
  {
    context: [`/${UBL_INVOICE}`, `/${UBL_CREDIT_NOTE}`],
    where: (_el, doc) => greekSender(doc) && sellerCountryGR(doc),
    asserts: [
      assert('GR-R-004-1', 'fatal', ['BG-24', 'BT-122'], 'A Greek invoice must have exactly one supporting document ##M.AR.K## (BT-122), its myDATA mark.', (el) => documents(el, '##M.AR.K##').length === 1),
      assert('GR-S-008-1', 'warning', ['BG-24', 'BT-122'], 'A Greek invoice should have one supporting document ##INVOICE|URL## (BT-122).', (el) => documents(el, '##INVOICE|URL##').length === 1),
      assert('GR-R-008-2', 'fatal', ['BG-24', 'BT-122'], 'A Greek invoice may have at most one supporting document ##INVOICE|URL## (BT-122).', (el) => documents(el, '##INVOICE|URL##').length <= 1),
    ],
  },
  {
    context: 'cac:AdditionalDocumentReference/cbc:ID',
    where: (el, doc) => greekSender(doc) && sellerCountryGR(doc) && anyEq(kids(el.parent!, 'cbc:DocumentDescription'), '##M.AR.K##'),
    asserts: [assert('GR-R-004-2', 'fatal', ['BT-122'], 'The myDATA mark (BT-122 of ##M.AR.K##) must be a positive integer.', (el) => matches(stringValue(el), '^[1-9]([0-9]*)'))],
  },
  {
    context: 'cac:AdditionalDocumentReference',
    where: (el, doc) => greekSender(doc) && anyEq(kids(el, 'cbc:DocumentDescription'), '##INVOICE|URL##'),
    asserts: [assert('GR-R-008-3', 'fatal', ['BT-124'], 'The ##INVOICE|URL## supporting document must give the external location (BT-124).', (el) => len(normalizeSpace(one(path(el, 'cac:Attachment/cac:ExternalReference/cbc:URI')))) > 0)],
  },
  {
    context: 'cac:AccountingCustomerParty/cac:Party',
    where: (_el, doc) => greekSender(doc),
    asserts: [assert('GR-R-005', 'fatal', ['BT-45'], 'On a Greek invoice the buyer must give its trading name (BT-45).', (el) => len(one(path(el, 'cac:PartyName/cbc:Name'))) > 0)],
  },
  {
    context: 'cac:AccountingSupplierParty/cac:Party/cbc:EndpointID',
    where: (_el, doc) => ['GR', 'EL'].includes(accountingSupplierCountry(doc)),
    asserts: [assert('GR-R-009', 'fatal', ['BT-34'], 'A Greek seller electronic address (BT-34) must be its tax number with scheme 9933.', (el) => attr(el, 'schemeID') === '9933' && tinVerification(stringValue(el)))],
  },
);

function documents(root: CiiElement, description: string): CiiElement[] {
  return kids(root, 'cac:AdditionalDocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentDescription'), description));
}

/** Pattern `GR-receiver`: GR-R-006, GR-R-010 (BT-48, BT-49). */
export const GR_RECEIVER_RULES = definePattern(
  'GR-receiver',
  {
    context: 'cac:AccountingCustomerParty/cac:Party',
    where: (_el, doc) => greekSender(doc) && greekReceiver(doc),
    asserts: [assert('GR-R-006', 'fatal', ['BT-48'], 'Between Greek parties the buyer must give one VAT identifier (BT-48): EL and a 9-digit tax number with a valid check digit.', elVat)],
  },
  {
    context: 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID',
    where: (_el, doc) => greekSender(doc) && greekReceiver(doc),
    asserts: [assert('GR-R-010', 'fatal', ['BT-49'], 'Between Greek parties the buyer electronic address (BT-49) must be its tax number with scheme 9933.', (el) => attr(el, 'schemeID') === '9933' && tinVerification(stringValue(el)))],
  },
);
