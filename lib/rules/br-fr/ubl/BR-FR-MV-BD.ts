/**
 * The multi-vendor (BT-23 = S8, B8, M8) and two-way (S9, B9, M9) invoice
 * rules (BR-FR-MV-nn, BR-FR-BD-nn) on UBL. A sub-invoice is a group of lines:
 * a GROUP line (sub-type EXT-FR-FE-163 = `GROUP` in the line's billing
 * reference to this invoice, no parent line EXT-FR-FE-162) carries the
 * sub-invoice's vendor (`cac:Item/cac:ManufacturerParty`), totals and
 * invoice number (BT-128, scheme AFL); DETAIL lines reference their GROUP line
 * as parent (`cac:BillingReferenceLine/cbc:ID`). The arithmetic checks
 * (MV-05, MV-09, MV-10) use XPath `number()`, binary doubles, as the
 * official file does.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import { definePattern, type DocumentAssert, type DocumentRule } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { anyEq, anyIn, attr, has, kids, normalizeSpace, normalized, one, path, stringValue, xpathNumber } from '../../document/xpath.js';
import { invoiceIds, isInvoiceId, isMultiVendor, isNotInvoiceId, isSpecialContract, isTwoWay, lineElements, roots } from './common.js';

const LINES = ['cac:InvoiceLine', 'cac:CreditNoteLine'];
const LINE_REFERENCES = [`${UBL_INVOICE}/cac:InvoiceLine/cac:BillingReference`, `${UBL_CREDIT_NOTE}/cac:CreditNoteLine/cac:BillingReference`];
const status = (ref: CiiElement) => path(ref, 'cac:InvoiceDocumentReference/cbc:DocumentStatusCode');
/** A billing reference to this invoice (`cac:InvoiceDocumentReference/cbc:ID = $invoiceID`). */
const toThisInvoice = (ref: CiiElement, doc: RuleDocument) => isInvoiceId(path(ref, 'cac:InvoiceDocumentReference/cbc:ID'), doc);
/** A GROUP reference without parent line. */
const topGroup = (ref: CiiElement) => anyEq(status(ref), 'GROUP') && !has(ref, 'cac:BillingReferenceLine/cbc:ID');
/** The line's GROUP reference to this invoice, when it is a GROUP line without parent. */
const isGroupReference = (ref: CiiElement, doc: RuleDocument) => toThisInvoice(ref, doc) && topGroup(ref);
const groupReferences = (root: CiiElement, doc: RuleDocument) => lineElements(root).flatMap((l) => kids(l, 'cac:BillingReference')).filter((r) => isGroupReference(r, doc));
/** The AFL invoice number of a line (BT-128 of document type 130, scheme AFL). */
const aflIds = (line: CiiElement | undefined) => path(line, 'cac:DocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentTypeCode'), '130')).flatMap((d) => kids(d, 'cbc:ID')).filter((id) => attr(id, 'schemeID') === 'AFL');
const avvIds = (line: CiiElement | undefined) => path(line, 'cac:DocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentTypeCode'), '130')).flatMap((d) => kids(d, 'cbc:ID')).filter((id) => attr(id, 'schemeID') === 'AVV');
/** XPath `number()` of at most one element (NaN for none). */
const num = (els: readonly CiiElement[]) => (els.length === 0 ? Number.NaN : xpathNumber(one(els)));
/** XPath `sum()` over untyped values: each cast to xs:double (an error for what is no number), added in document order. */
function dsum(els: readonly CiiElement[]): number {
  let total = 0;
  for (const el of els) total += xpathNumber(stringValue(el));
  return total;
}

const special = (doc: RuleDocument) => isSpecialContract(doc);

function assert(id: string, terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert {
  return { id, flag: 'fatal', terms, message, test };
}

/** Pattern `BR-FR-MV-01`: BR-FR-MV-01_EXT-FR-FE-163 (EXT-FR-FE-163, BT-23). */
export const BR_FR_MV_01 = definePattern('BR-FR-MV-01', {
  context: LINES,
  asserts: [
    assert('BR-FR-MV-01_EXT-FR-FE-163', ['EXT-FR-FE-163', 'BT-23'], 'In a multi-vendor or two-way invoice (BT-23 = S8, B8, M8, S9, B9, M9), every line must reference this invoice with a line sub-type (EXT-FR-FE-163).', (el, doc) => {
      if (!special(doc)) return true;
      const refs = kids(el, 'cac:BillingReference').filter((r) => toThisInvoice(r, doc));
      return refs.length > 0 && normalized(path(refs, 'cac:InvoiceDocumentReference/cbc:DocumentStatusCode')) !== '';
    }),
  ],
});

/** Pattern `BR-FR-MV-02`: BR-FR-MV-02_EXT-FR-FE-163 (EXT-FR-FE-163, BT-23). */
export const BR_FR_MV_02 = definePattern('BR-FR-MV-02', {
  context: roots(),
  asserts: [
    assert('BR-FR-MV-02_EXT-FR-FE-163', ['EXT-FR-FE-163', 'BT-23'], 'A multi-vendor invoice (BT-23 = S8, B8, M8) must have at least one GROUP line without parent (EXT-FR-FE-163).', (el, doc) => !isMultiVendor(doc) || groupReferences(el, doc).length >= 1),
  ],
});

const sameCompany = (ref: CiiElement, partyPath: string) => {
  const line = ref.parent!;
  const root = line.parent!;
  const vendor = path(line, 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID').map(stringValue);
  return path(root, `${partyPath}/cac:PartyLegalEntity/cbc:CompanyID`).some((c) => vendor.includes(stringValue(c)));
};

/** Pattern `BR-FR-BD-02`: BR-FR-BD-02_EXT-FR-FE-163, BR-FR-BD-02_BT-30, BR-FR-BD-02_BT-47 (EXT-FR-FE-163, BT-23, BT-30, EXT-FR-FE-167, BT-47). */
export const BR_FR_BD_02 = definePattern('BR-FR-BD-02', {
  context: roots(),
  asserts: [
    assert('BR-FR-BD-02_EXT-FR-FE-163', ['EXT-FR-FE-163', 'BT-23'], 'A two-way invoice (BT-23 = S9, B9, M9) must have exactly two GROUP lines without parent (EXT-FR-FE-163).', (el, doc) => !isTwoWay(doc) || groupReferences(el, doc).length === 2),
    assert('BR-FR-BD-02_BT-30', ['BT-30', 'EXT-FR-FE-167'], "A two-way invoice must have exactly one GROUP line whose vendor's legal identifier (EXT-FR-FE-167) is the seller's (BT-30).", (el, doc) => !isTwoWay(doc) || groupReferences(el, doc).filter((r) => sameCompany(r, 'cac:AccountingSupplierParty/cac:Party')).length === 1),
    assert('BR-FR-BD-02_BT-47', ['BT-47', 'EXT-FR-FE-167'], "A two-way invoice must have exactly one GROUP line whose vendor's legal identifier (EXT-FR-FE-167) is the buyer's (BT-47).", (el, doc) => !isTwoWay(doc) || groupReferences(el, doc).filter((r) => sameCompany(r, 'cac:AccountingCustomerParty/cac:Party')).length === 1),
  ],
});

const groupReferenceRule = (asserts: DocumentAssert[]): DocumentRule => ({ context: LINE_REFERENCES, where: isGroupReference, asserts });
const nonBlank = (els: readonly CiiElement[]) => normalized(els) !== '';
const lineVat = (ref: CiiElement, currencies: readonly string[]) => path(ref.parent, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => currencies.includes(attr(a, 'currencyID') as string));
const documentCurrencies = (ref: CiiElement) => kids(ref.parent!.parent!, 'cbc:DocumentCurrencyCode').map(stringValue);

/** Pattern `BR-FR-MV-03`: BR-FR-MV-03_EXT-FR-FE-164, BR-FR-MV-03_EXT-FR-FE-167, BR-FR-MV-03_EXT-FR-FE-177, BR-FR-MV-03_EXT-FR-FE-181, BR-FR-MV-03_EXT-FR-FE-182, BR-FR-MV-03_BT-128_AFL, BR-FR-MV-03_BT-128_AVV (EXT-FR-FE-164, EXT-FR-FE-167, EXT-FR-FE-177, EXT-FR-FE-181, EXT-FR-FE-182, BT-6). */
export const BR_FR_MV_03 = definePattern(
  'BR-FR-MV-03',
  groupReferenceRule([
    assert('BR-FR-MV-03_EXT-FR-FE-164', ['EXT-FR-FE-164'], "A GROUP line of a multi-vendor or two-way invoice must give the vendor's name (EXT-FR-FE-164).", (el, doc) => !special(doc) || nonBlank(path(el.parent, 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:RegistrationName'))),
    assert('BR-FR-MV-03_EXT-FR-FE-167', ['EXT-FR-FE-167'], "A GROUP line of a multi-vendor or two-way invoice must give the vendor's legal identifier (EXT-FR-FE-167).", (el, doc) => !special(doc) || nonBlank(path(el.parent, 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID'))),
    assert('BR-FR-MV-03_EXT-FR-FE-177', ['EXT-FR-FE-177'], "A GROUP line of a multi-vendor or two-way invoice must give the vendor's country (EXT-FR-FE-177).", (el, doc) => {
      if (!special(doc)) return true;
      const items: CiiElement[] = [];
      const walk = (e: CiiElement) => {
        for (const c of e.children) {
          if (c.name === 'cac:Item') items.push(c);
          walk(c);
        }
      };
      walk(el.parent!);
      return nonBlank(path(items, 'cac:ManufacturerParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode'));
    }),
    assert('BR-FR-MV-03_EXT-FR-FE-181', ['EXT-FR-FE-181'], 'A GROUP line of a multi-vendor or two-way invoice must give its VAT amount in the invoice currency (EXT-FR-FE-181).', (el, doc) => !special(doc) || nonBlank(lineVat(el, documentCurrencies(el)))),
    assert('BR-FR-MV-03_EXT-FR-FE-182', ['EXT-FR-FE-182', 'BT-6'], 'A GROUP line of a multi-vendor or two-way invoice must give its VAT amount in the VAT accounting currency (EXT-FR-FE-182) when the invoice has one (BT-6).', (el, doc) => {
      if (!special(doc)) return true;
      const root = el.parent!.parent!;
      const accounting: CiiElement[] = [];
      const walk = (e: CiiElement) => {
        for (const c of e.children) {
          if (c.name === 'cbc:TaxCurrencyCode') accounting.push(c);
          walk(c);
        }
      };
      walk(root);
      if (accounting.length === 0) return true;
      const codes = accounting.map(stringValue);
      return codes.some((c) => c !== '') && nonBlank(lineVat(el, codes));
    }),
    assert('BR-FR-MV-03_BT-128_AFL', ['BT-128'], 'A GROUP line of a multi-vendor or two-way invoice must give the sub-invoice number (BT-128, scheme AFL).', (el, doc) => !special(doc) || nonBlank(aflIds(el.parent))),
    assert('BR-FR-MV-03_BT-128_AVV', ['BT-128', 'BT-23'], "A GROUP line of a multi-vendor or two-way invoice must give the sub-invoice's billing framework (BT-128, scheme AVV), not S8, B8 or M8.", (el, doc) => {
      if (!special(doc)) return true;
      const avv = avvIds(el.parent);
      return nonBlank(avv) && !avv.some((id) => ['M8', 'S8', 'B8'].includes(stringValue(id)));
    }),
  ]),
);

/** The lines of the root whose reference to this invoice is not INFORMATION and names `parent` as parent line. */
function subLines(root: CiiElement, doc: RuleDocument, parent: string): CiiElement[] {
  return lineElements(root).filter((line) =>
    kids(line, 'cac:BillingReference').some(
      (r) => toThisInvoice(r, doc) && status(r).some((s) => stringValue(s) !== 'INFORMATION') && path(r, 'cac:BillingReferenceLine/cbc:ID').some((p) => stringValue(p) === parent),
    ),
  );
}

/** Pattern `BR-FR-MV-05`: BR-FR-MV-05_EXT-FR-FE-BG-12 (BT-131, EXT-FR-FE-BG-12). */
export const BR_FR_MV_05 = definePattern(
  'BR-FR-MV-05',
  groupReferenceRule([
    assert('BR-FR-MV-05_EXT-FR-FE-BG-12', ['BT-131', 'EXT-FR-FE-BG-12'], "A GROUP line's net amount (BT-131) must equal the sum of its detail lines' net amounts, within 0.01 per line.", (el, doc) => {
      if (!special(doc)) return true;
      const line = el.parent!;
      const subs = subLines(line.parent!, doc, normalized(kids(line, 'cbc:ID')));
      const amounts = subs.flatMap((s) => kids(s, 'cbc:LineExtensionAmount'));
      return Math.abs(num(kids(line, 'cbc:LineExtensionAmount')) - dsum(amounts)) <= 0.01 * amounts.length;
    }),
  ]),
);

/** `$parentlineID`: the parent line ids of the line's references to this invoice. */
const parentIds = (line: CiiElement, doc: RuleDocument) => path(kids(line, 'cac:BillingReference').filter((r) => toThisInvoice(r, doc)), 'cac:BillingReferenceLine/cbc:ID').map(stringValue);
const linesWithId = (line: CiiElement, ids: readonly string[]) => lineElements(line.parent!).filter((l) => kids(l, 'cbc:ID').some((i) => ids.includes(stringValue(i))));

/** Pattern `BR-FR-MV-06`: BR-FR-MV-06_EXT-FR-FE-167 (EXT-FR-FE-167). */
export const BR_FR_MV_06 = definePattern('BR-FR-MV-06', {
  context: roots('').map((r) => `${r}/${r === UBL_INVOICE ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'}`),
  asserts: [
    assert('BR-FR-MV-06_EXT-FR-FE-167', ['EXT-FR-FE-167'], "Every line of a multi-vendor or two-way invoice must give the vendor's legal identifier (EXT-FR-FE-167), the same as its parent line's.", (el, doc) => {
      if (!special(doc)) return true;
      const legal = normalized(path(el, 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID'));
      const parents = parentIds(el, doc);
      if (legal === '') return false;
      if (parents.length === 0) return true;
      return legal === normalized(path(linesWithId(el, parents), 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID'));
    }),
  ],
});

/** Pattern `BR-FR-MV-07`: BR-FR-MV-07_BT-128 (BT-128). */
export const BR_FR_MV_07 = definePattern('BR-FR-MV-07', {
  context: roots('').map((r) => `${r}/${r === UBL_INVOICE ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'}`),
  asserts: [
    assert('BR-FR-MV-07_BT-128', ['BT-128'], 'Every line of a multi-vendor or two-way invoice must give its sub-invoice number (BT-128, scheme AFL), the same as its parent line\'s.', (el, doc) => {
      if (!special(doc)) return true;
      const own = normalized(aflIds(el));
      const parents = parentIds(el, doc);
      if (own === '') return false;
      if (parents.length === 0) return true;
      return own === normalized(linesWithId(el, parents).flatMap((l) => aflIds(l)));
    }),
  ],
});

/** Pattern `BR-FR-MV-08`: BR-FR-MV-08_BT-128 (BT-128, BT-120). */
export const BR_FR_MV_08 = definePattern('BR-FR-MV-08', {
  context: roots('').map((r) => `${r}/${r === UBL_INVOICE ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'}`),
  where: (el, doc) => anyEq(path(kids(el, 'cac:BillingReference').filter((r) => toThisInvoice(r, doc)), 'cac:InvoiceDocumentReference/cbc:DocumentStatusCode'), 'DETAIL'),
  asserts: [
    assert('BR-FR-MV-08_BT-128', ['BT-128', 'BT-120'], 'A DETAIL line of a multi-vendor or two-way invoice must give a VAT exemption reason (BT-120) beginning with #<its sub-invoice number (BT-128)>#.', (el, doc) => {
      if (!special(doc)) return true;
      const reason = path(el, 'cac:Item/cac:ClassifiedTaxCategory/cbc:TaxExemptionReason');
      const numfact = normalized(aflIds(el));
      return normalized(reason) !== '' && numfact !== '' && one(reason).startsWith(`#${numfact}#`);
    }),
  ],
});

/** Pattern `BR-FR-MV-09`: BR-FR-MV-09_EXT-FR-FE-181 (EXT-FR-FE-181, BT-117). */
export const BR_FR_MV_09 = definePattern(
  'BR-FR-MV-09',
  groupReferenceRule([
    assert('BR-FR-MV-09_EXT-FR-FE-181', ['EXT-FR-FE-181', 'BT-117'], "A GROUP line's VAT amount (EXT-FR-FE-181) must equal the VAT amounts (BT-117) of the VAT breakdowns whose exemption reason begins with #<its sub-invoice number>#, within 0.01.", (el, doc) => {
      if (!special(doc)) return true;
      const line = el.parent!;
      const numfact = normalized(aflIds(line));
      const subtotals = path(line.parent, 'cac:TaxTotal/cac:TaxSubtotal').filter(
        (s) => anyEq(path(s, 'cac:TaxCategory/cac:TaxScheme/cbc:ID'), 'VAT') && one(path(s, 'cac:TaxCategory/cbc:TaxExemptionReason')).startsWith(`#${numfact}#`),
      );
      return Math.abs(num(lineVat(el, documentCurrencies(el))) - dsum(subtotals.flatMap((s) => kids(s, 'cbc:TaxAmount')))) <= 0.01;
    }),
  ]),
);

/** Pattern `BR-FR-MV-10`: BR-FR-MV-10_EXT-FR-FE-184 (EXT-FR-FE-184, BT-131, EXT-FR-FE-181). */
export const BR_FR_MV_10 = definePattern(
  'BR-FR-MV-10',
  groupReferenceRule([
    assert('BR-FR-MV-10_EXT-FR-FE-184', ['EXT-FR-FE-184', 'BT-131', 'EXT-FR-FE-181'], "A GROUP line's amount with VAT (EXT-FR-FE-184), when given, must equal its net amount (BT-131) plus its VAT amount (EXT-FR-FE-181), within 0.01 per detail line.", (el, doc) => {
      if (!special(doc)) return true;
      const line = el.parent!;
      const withVat = kids(line, 'cbc:TaxInclusiveLineExtensionAmount');
      if (withVat.length === 0) return true;
      const parents = kids(line, 'cbc:ID').map(stringValue);
      const details = lineElements(line.parent!)
        .flatMap((l) => kids(l, 'cac:BillingReference'))
        .filter((r) => toThisInvoice(r, doc) && anyEq(status(r), 'DETAIL') && path(r, 'cac:BillingReferenceLine/cbc:ID').some((p) => parents.includes(stringValue(p))));
      return normalized(withVat) !== '' && Math.abs(num(withVat) - num(kids(line, 'cbc:LineExtensionAmount')) - num(lineVat(el, documentCurrencies(el)))) <= 0.01 * details.length;
    }),
  ]),
);

/** `$sellerID`: the seller's legal identifiers (BT-30). */
const sellerIds = (doc: RuleDocument) => doc.value('fr:sellerID', (d) => path(d.root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID').map(stringValue));
const vendorIsSeller = (line: CiiElement, doc: RuleDocument) => sellerIds(doc).includes(normalized(path(line, 'cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID')));

/** Pattern `BR-FR-MV-11`: BR-FR-MV-11_BT-128 (BT-128, BT-1, BT-30). */
export const BR_FR_MV_11 = definePattern(
  'BR-FR-MV-11',
  {
    context: LINE_REFERENCES,
    where: (el, doc) => vendorIsSeller(el.parent!, doc) && isGroupReference(el, doc),
    asserts: [
      assert('BR-FR-MV-11_BT-128', ['BT-128', 'BT-1', 'BT-30'], "In a multi-vendor or two-way invoice, the seller's own GROUP line (vendor = seller, BT-30) must carry the invoice number (BT-1) as its sub-invoice number (BT-128, scheme AFL).", (el, doc) => {
        if (!special(doc)) return true;
        const ids = invoiceIds(doc);
        const count = lineElements(doc.root).filter(
          (line) =>
            vendorIsSeller(line, doc) &&
            isInvoiceId(kids(line, 'cac:BillingReference').filter(topGroup).flatMap((r) => path(r, 'cac:InvoiceDocumentReference/cbc:ID')), doc) &&
            aflIds(line).some((a) => ids.includes(stringValue(a))),
        ).length;
        const own = normalized(aflIds(el.parent));
        return count === 1 || (count === 0 && ids.includes(own)) || (count > 1 && ids.some((id) => id !== own));
      }),
    ],
  },
);

/** Pattern `BR-FR-MV-12`: BR-FR-MV-12_BT-128 (BT-128). */
export const BR_FR_MV_12 = definePattern('BR-FR-MV-12', {
  context: [UBL_INVOICE, `/${UBL_CREDIT_NOTE}`],
  asserts: [
    assert('BR-FR-MV-12_BT-128', ['BT-128'], 'The sub-invoice numbers (BT-128, scheme AFL) of the GROUP lines without parent must be unique.', (el, doc) => {
      if (!special(doc)) return true;
      const all = doc.named('cac:DocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentTypeCode'), '130')).flatMap((d) => kids(d, 'cbc:ID')).filter((id) => attr(id, 'schemeID') === 'AFL');
      const groupLines = lineElements(el).filter((line) => kids(line, 'cac:BillingReference').some((r) => isGroupReference(r, doc)));
      for (const id of groupLines.flatMap((l) => aflIds(l))) {
        const at = doc.position(id);
        // `preceding::cac:DocumentReference` excludes the identifier's own reference (an ancestor).
        if (all.some((other) => other.parent !== id.parent && doc.position(other) < at && stringValue(other) === stringValue(id))) return false;
      }
      return true;
    }),
  ],
});

const SELF_BILLED = new Set(['389', '261', '501', '500', '502', '471', '473']);
const TYPE_CODE = [`${UBL_INVOICE}/cbc:InvoiceTypeCode`, `/${UBL_CREDIT_NOTE}/cbc:CreditNoteTypeCode`];

/** Pattern `BR-FR-MV-13`: BR-FR-MV-13_BT-3 (BT-3, BT-23). */
export const BR_FR_MV_13 = definePattern('BR-FR-MV-13', {
  context: TYPE_CODE,
  asserts: [
    assert('BR-FR-MV-13_BT-3', ['BT-3', 'BT-23'], 'A multi-vendor invoice (BT-23 = S8, B8, M8) cannot be self-billed (BT-3 not 389, 261, 501, 500, 502, 471 or 473).', (el, doc) => {
      if (!isMultiVendor(doc)) return true;
      const v = normalizeSpace(stringValue(el));
      return v !== '' && !SELF_BILLED.has(v);
    }),
  ],
});

/** Pattern `BR-FR-BD-13`: BR-FR-MV-BD_BT-3 (BT-3, BT-23). */
export const BR_FR_BD_13 = definePattern('BR-FR-BD-13', {
  context: TYPE_CODE,
  asserts: [
    assert('BR-FR-MV-BD_BT-3', ['BT-3', 'BT-23'], 'A two-way invoice (BT-23 = S9, B9, M9) must be self-billed (BT-3 = 389, 261, 501, 500, 502, 471 or 473).', (el, doc) => {
      if (!isTwoWay(doc)) return true;
      const v = normalizeSpace(stringValue(el));
      return v !== '' && SELF_BILLED.has(v);
    }),
  ],
});

/** The MV-14 / BD-14 context: GROUP references of a document whose type is in `types` (the saxon99 union of the official match). */
function typedGroupReferences(types: ReadonlySet<string>): Pick<DocumentRule, 'context' | 'where'> {
  return {
    context: [`${UBL_INVOICE}/cac:InvoiceLine/cac:BillingReference`, `${UBL_INVOICE}/cac:CreditNoteLine/cac:BillingReference`, `${UBL_CREDIT_NOTE}/cac:InvoiceLine/cac:BillingReference`, `${UBL_CREDIT_NOTE}/cac:CreditNoteLine/cac:BillingReference`],
    where: (el, doc) => {
      const root = el.parent!.parent!;
      return anyIn([...kids(root, 'cbc:InvoiceTypeCode'), ...kids(root, 'cbc:CreditNoteTypeCode')], types) && isGroupReference(el, doc);
    },
  };
}

const otherReferenceAsserts = (family: 'MV' | 'BD', applies: (doc: RuleDocument) => boolean, what: string): DocumentAssert[] => [
  assert(`BR-FR-${family}-14-EXT-FR-FE-136`, ['EXT-FR-FE-136'], `A GROUP line of a ${what} must reference the preceding invoice's number (EXT-FR-FE-136).`, (el, doc) => !applies(doc) || kids(el.parent!, 'cac:BillingReference').filter((r) => isNotInvoiceId(path(r, 'cac:InvoiceDocumentReference/cbc:ID'), doc)).some((r) => has(r, 'cac:InvoiceDocumentReference/cbc:ID'))),
  assert(`BR-FR-${family}-14-EXT-FR-FE-138`, ['EXT-FR-FE-138'], `A GROUP line of a ${what} must reference the preceding invoice's issue date (EXT-FR-FE-138).`, (el, doc) => !applies(doc) || kids(el.parent!, 'cac:BillingReference').filter((r) => isNotInvoiceId(path(r, 'cac:InvoiceDocumentReference/cbc:ID'), doc)).some((r) => has(r, 'cac:InvoiceDocumentReference/cbc:IssueDate'))),
];

/** Pattern `BR-FR-MV-14`: BR-FR-MV-14-EXT-FR-FE-136, BR-FR-MV-14-EXT-FR-FE-138 (EXT-FR-FE-136, EXT-FR-FE-138). */
export const BR_FR_MV_14 = definePattern('BR-FR-MV-14', { ...typedGroupReferences(new Set(['384', '472', '381', '396', '503'])), asserts: otherReferenceAsserts('MV', isMultiVendor, 'corrective multi-vendor invoice or credit note') });
/** Pattern `BR-FR-BD-14`: BR-FR-BD-14-EXT-FR-FE-136, BR-FR-BD-14-EXT-FR-FE-138 (EXT-FR-FE-136, EXT-FR-FE-138). */
export const BR_FR_BD_14 = definePattern('BR-FR-BD-14', { ...typedGroupReferences(new Set(['261', '471', '473', '502'])), asserts: otherReferenceAsserts('BD', isTwoWay, 'corrective two-way invoice or credit note') });
