/**
 * The multi-vendor (BR-FR-MV-nn; BT-23 = S8, B8, M8) and two-way
 * (BR-FR-BD-nn; BT-23 = S9, B9, M9) invoices of the EXTENDED-CTC-FR profile:
 * GROUP lines without a parent line open each sub-invoice, name its seller
 * and number (AFL reference, type 130), and carry its totals; DETAIL lines
 * belong to a GROUP line (EXT-FR-FE-163..184). Every rule here holds
 * trivially on other invoices (`custom:isSpecialContract*` false).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P, type FrDocument } from './document.js';
import { definePattern, onlyWhen, type BrFrAssert, type BrFrPattern } from './types.js';
import { anyEq, anyIn, anyNe, attr, kids, normalizeSpace, path, steps, str, stringValue, sum, xpathNumber } from './xpath.js';

const STATUS = steps('ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode');
const PARENT_IDS = steps('ram:AssociatedDocumentLineDocument/ram:ParentLineID');
const LINE_IDS = steps('ram:AssociatedDocumentLineDocument/ram:LineID');
const status = (line: CiiElement) => path(line, STATUS);
const parentIds = (line: CiiElement) => path(line, PARENT_IDS);
const lineIds = (line: CiiElement) => path(line, LINE_IDS);
/** A GROUP line without a parent: the head of a sub-invoice. */
export const isGroupRoot = (line: CiiElement) => anyEq(status(line), 'GROUP') && parentIds(line).length === 0;
const groupRoots = (doc: FrDocument) => doc.at(P.LINE).filter(isGroupRoot);
const itemSeller = (line: CiiElement, rel: string) => path(line, `ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/${rel}`);
const lineSums = (line: CiiElement, rel: string) => path(line, `ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/${rel}`);
/** The AFL references of type 130 of a line (its sub-invoice number, BT-128). */
const aflRefs = (line: CiiElement) =>
  path(line, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument').filter(
    (d) => anyEq(kids(d, 'ram:ReferenceTypeCode'), 'AFL') && anyEq(kids(d, 'ram:TypeCode'), '130'),
  );
const subInvoiceNumber = (line: CiiElement) => normalizeSpace(str(aflRefs(line).flatMap((d) => kids(d, 'ram:IssuerAssignedID'))));
/** `TaxTotalAmount[@currencyID = $currency]` where `$currency` is a node sequence (general comparison). */
const inCurrency = (amounts: readonly CiiElement[], currencies: readonly CiiElement[]) => {
  const values = new Set(currencies.map(stringValue));
  return amounts.filter((a) => {
    const c = attr(a, 'currencyID');
    return c !== undefined && values.has(c);
  });
};
const invoiceCurrency = (doc: FrDocument) => doc.at(`${P.SET}/ram:InvoiceCurrencyCode`);

const special = (doc: FrDocument) => doc.isSpecialContract();
const mv = (doc: FrDocument) => doc.isMultiVendor();
const bd = (doc: FrDocument) => doc.isTwoWay();

export const BR_FR_MV_01 = onlyWhen(special, definePattern('BR-FR-MV-01', {
  context: `${P.LINE}/ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode`,
  asserts: [
    {
      id: 'BR-FR-MV-01_EXT-FR-FE-163',
      terms: ['EXT-FR-FE-163'],
      message: 'In a multi-vendor or two-way invoice (BT-23 = S8, B8, M8, S9, B9, M9), a line sub-type (EXT-FR-FE-163) must not be blank.',
      test: (el, doc) => !special(doc) || normalizeSpace(stringValue(el)) !== '',
    },
  ],
}));

export const BR_FR_MV_02 = onlyWhen(mv, definePattern('BR-FR-MV-02', {
  context: P.TX,
  asserts: [
    {
      id: 'BR-FR-MV-02_EXT-FR-FE-163',
      terms: ['EXT-FR-FE-163'],
      message: 'A multi-vendor invoice (BT-23 = S8, B8, M8) needs at least one GROUP line without a parent line (EXT-FR-FE-163).',
      test: (_el, doc) => !mv(doc) || groupRoots(doc).length >= 1,
    },
  ],
}));

const groupsOf = (doc: FrDocument, party: string) => {
  const ids = new Set(doc.at(`${P.AGR}/ram:${party}/ram:SpecifiedLegalOrganization/ram:ID`).map(stringValue));
  return groupRoots(doc).filter((l) => itemSeller(l, 'ram:SpecifiedLegalOrganization/ram:ID').some((id) => ids.has(stringValue(id)))).length;
};

export const BR_FR_BD_02 = onlyWhen(bd, definePattern('BR-FR-BD-02', {
  context: P.TX,
  asserts: [
    {
      id: 'BR-FR-BD-02_EXT-FR-FE-163',
      terms: ['EXT-FR-FE-163'],
      message: 'A two-way invoice (BT-23 = S9, B9, M9) must have exactly two GROUP lines without a parent line (EXT-FR-FE-163).',
      test: (_el, doc) => !bd(doc) || groupRoots(doc).length === 2,
    },
    {
      id: 'BR-FR-BD-02_BT-31',
      terms: ['EXT-FR-FE-167', 'BT-30'],
      message: "In a two-way invoice, exactly one GROUP line must have the seller's legal registration identifier (BT-30) as its item seller (EXT-FR-FE-167).",
      test: (_el, doc) => !bd(doc) || groupsOf(doc, 'SellerTradeParty') === 1,
    },
    {
      id: 'BR-FR-BD-02_BT-47',
      terms: ['EXT-FR-FE-167', 'BT-47'],
      message: "In a two-way invoice, exactly one GROUP line must have the buyer's legal registration identifier (BT-47) as its item seller (EXT-FR-FE-167).",
      test: (_el, doc) => !bd(doc) || groupsOf(doc, 'BuyerTradeParty') === 1,
    },
  ],
}));

const groupAssert = (id: string, terms: string[], message: string, test: (line: CiiElement, doc: FrDocument) => boolean): BrFrAssert => ({
  id,
  terms,
  message,
  test: (el, doc) => !special(doc) || test(el, doc),
});

const groupReference = (code: 'AFL' | 'AVV') => ({
  context: `${P.LINE}/ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument`,
  where: (el: CiiElement) => anyEq(kids(el, 'ram:ReferenceTypeCode'), code) && el.parent?.parent !== undefined && isGroupRoot(el.parent.parent),
  asserts: [
    groupAssert(
      `BR-FR-MV-03_BT-128_${code}`,
      ['BT-128'],
      code === 'AFL'
        ? 'The sub-invoice number of a GROUP line (BT-128, reference AFL) must have type code 130 and a non-blank identifier.'
        : 'The invoiced-object reference AVV of a GROUP line (BT-128) must have type code 130 and a non-blank identifier other than S8, B8, M8.',
      (el) => {
        const ids = kids(el, 'ram:IssuerAssignedID');
        const ok = anyEq(kids(el, 'ram:TypeCode'), '130') && normalizeSpace(str(ids)) !== '';
        return code === 'AFL' ? ok : ok && !anyIn(ids, new Set(['M8', 'S8', 'B8']));
      },
    ),
  ],
});

export const BR_FR_MV_03 = onlyWhen(special, definePattern(
  'BR-FR-MV-03',
  {
    context: P.LINE,
    where: isGroupRoot,
    asserts: [
      groupAssert('BR-FR-MV-03_EXT-FR-FE-164', ['EXT-FR-FE-164'], 'A GROUP line of a multi-vendor or two-way invoice must name its item seller (EXT-FR-FE-164).', (l) => normalizeSpace(str(itemSeller(l, 'ram:Name'))) !== ''),
      groupAssert('BR-FR-MV-03_EXT-FR-FE-167', ['EXT-FR-FE-167'], "A GROUP line of a multi-vendor or two-way invoice must give its item seller's legal registration identifier (EXT-FR-FE-167).", (l) => normalizeSpace(str(itemSeller(l, 'ram:SpecifiedLegalOrganization/ram:ID'))) !== ''),
      groupAssert('BR-FR-MV-03_EXT-FR-FE-177', ['EXT-FR-FE-177'], "A GROUP line of a multi-vendor or two-way invoice must give its item seller's country (EXT-FR-FE-177).", (l) => normalizeSpace(str(itemSeller(l, 'ram:PostalTradeAddress/ram:CountryID'))) !== ''),
      groupAssert('BR-FR-MV-03_EXT-FR-FE-181', ['EXT-FR-FE-181'], 'A GROUP line of a multi-vendor or two-way invoice must give its VAT total in the invoice currency (EXT-FR-FE-181).', (l, doc) => normalizeSpace(str(inCurrency(lineSums(l, 'ram:TaxTotalAmount'), invoiceCurrency(doc)))) !== ''),
      groupAssert('BR-FR-MV-03_EXT-FR-FE-182', ['EXT-FR-FE-182'], 'A GROUP line of a multi-vendor or two-way invoice must give its VAT total in the VAT accounting currency (EXT-FR-FE-182) when the invoice has one (BT-6).', (l, doc) => {
        const acc = doc.at(`${P.SET}/ram:TaxCurrencyCode`);
        return acc.length === 0 || (anyNe(acc, '') && normalizeSpace(str(inCurrency(lineSums(l, 'ram:TaxTotalAmount'), acc))) !== '');
      }),
    ],
  },
  groupReference('AFL'),
  groupReference('AVV'),
));

/** The lines whose ParentLineID (any) equals one of `ids`. */
const childrenOf = (doc: FrDocument, ids: ReadonlySet<string>) => doc.at(P.LINE).filter((l) => parentIds(l).some((p) => ids.has(stringValue(p))));

export const BR_FR_MV_05 = onlyWhen(special, definePattern('BR-FR-MV-05', {
  context: P.LINE,
  where: isGroupRoot,
  asserts: [
    groupAssert('BR-FR-MV-05_EXT-FR-FE-BG-12', ['EXT-FR-FE-BG-12', 'BT-131'], 'The net amount of a GROUP line (BT-131) must equal the sum of the net amounts of its lines other than INFORMATION lines, to 0.01 per line.', (l, doc) => {
      const group = normalizeSpace(str(lineIds(l)));
      const totals = childrenOf(doc, new Set([group]))
        .filter((c) => anyNe(status(c), 'INFORMATION'))
        .flatMap((c) => lineSums(c, 'ram:LineTotalAmount'));
      return Math.abs(xpathNumber(str(lineSums(l, 'ram:LineTotalAmount'))) - sum(totals)) <= 0.01 * totals.length;
    }),
  ],
}));

function parentValue(doc: FrDocument, line: CiiElement, value: (l: CiiElement) => string): string {
  const parents = new Set(parentIds(line).map(stringValue));
  const parent = doc.at(P.LINE).find((l) => lineIds(l).some((id) => parents.has(stringValue(id))));
  return parent === undefined ? '' : value(parent);
}

const sellerLegalId = (l: CiiElement) => normalizeSpace(str(itemSeller(l, 'ram:SpecifiedLegalOrganization/ram:ID')));

export const BR_FR_MV_06 = onlyWhen(special, definePattern('BR-FR-MV-06', {
  context: P.LINE,
  asserts: [
    groupAssert('BR-FR-MV-06_EXT-FR-FE-167', ['EXT-FR-FE-167'], "Every line of a multi-vendor or two-way invoice must give its item seller's legal registration identifier (EXT-FR-FE-167), the same as its parent line's.", (l, doc) => {
      const id = sellerLegalId(l);
      return id !== '' && (parentIds(l).length === 0 || id === parentValue(doc, l, sellerLegalId));
    }),
  ],
}));

export const BR_FR_MV_07 = onlyWhen(special, definePattern('BR-FR-MV-07', {
  context: P.LINE,
  asserts: [
    groupAssert('BR-FR-MV-07_BT-128', ['BT-128'], 'Every line of a multi-vendor or two-way invoice must give its sub-invoice number (BT-128, reference AFL of type 130), the same as its parent line\'s.', (l, doc) => {
      const n = subInvoiceNumber(l);
      return n !== '' && (parentIds(l).length === 0 || n === parentValue(doc, l, subInvoiceNumber));
    }),
  ],
}));

const exemptionReason = (l: CiiElement) => path(l, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason');

export const BR_FR_MV_08 = onlyWhen(special, definePattern('BR-FR-MV-08', {
  context: P.LINE,
  where: (l) => anyEq(status(l), 'DETAIL'),
  asserts: [
    groupAssert('BR-FR-MV-08_BT-128', ['BT-128', 'BT-120'], 'A DETAIL line of a multi-vendor or two-way invoice must have a VAT exemption reason text (BT-120) beginning with its sub-invoice number between # signs (#number#).', (l) => {
      const n = subInvoiceNumber(l);
      const reason = str(exemptionReason(l));
      return normalizeSpace(reason) !== '' && n !== '' && reason.startsWith(`#${n}#`);
    }),
  ],
}));

export const BR_FR_MV_09 = onlyWhen(special, definePattern('BR-FR-MV-09', {
  context: P.LINE,
  where: isGroupRoot,
  asserts: [
    groupAssert('BR-FR-MV-09_EXT-FR-FE-181', ['EXT-FR-FE-181', 'BT-117'], 'The VAT total of a GROUP line (EXT-FR-FE-181) must equal, to 0.01, the sum of the VAT breakdown amounts (BT-117) whose exemption reason begins with its sub-invoice number (#number#).', (l, doc) => {
      const tag = `#${subInvoiceNumber(l)}#`;
      const vat = doc
        .at(`${P.SET}/ram:ApplicableTradeTax`)
        .filter((t) => anyEq(kids(t, 'ram:TypeCode'), 'VAT') && str(kids(t, 'ram:ExemptionReason')).startsWith(tag))
        .flatMap((t) => kids(t, 'ram:CalculatedAmount'));
      return Math.abs(xpathNumber(str(inCurrency(lineSums(l, 'ram:TaxTotalAmount'), invoiceCurrency(doc)))) - sum(vat)) <= 0.01;
    }),
  ],
}));

export const BR_FR_MV_10 = onlyWhen(special, definePattern('BR-FR-MV-10', {
  context: P.LINE,
  where: isGroupRoot,
  asserts: [
    groupAssert('BR-FR-MV-10_EXT-FR-FE-184', ['EXT-FR-FE-184', 'BT-131', 'EXT-FR-FE-181'], 'The total with VAT of a GROUP line (EXT-FR-FE-184), when given, must equal its net amount plus its VAT total, to 0.01 per DETAIL line.', (l, doc) => {
      const grand = lineSums(l, 'ram:GrandTotalAmount');
      if (grand.length === 0) return true;
      if (normalizeSpace(str(grand)) === '') return false;
      const ids = new Set(lineIds(l).map(stringValue));
      const details = childrenOf(doc, ids).filter((c) => anyEq(status(c), 'DETAIL')).length;
      const diff = xpathNumber(str(grand)) - xpathNumber(str(lineSums(l, 'ram:LineTotalAmount'))) - xpathNumber(str(inCurrency(lineSums(l, 'ram:TaxTotalAmount'), invoiceCurrency(doc))));
      return Math.abs(diff) <= 0.01 * details;
    }),
  ],
}));

const sellerIds = (doc: FrDocument) => new Set(doc.at(`${P.AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID`).map(stringValue));
const isMainSellerGroup = (l: CiiElement, doc: FrDocument) => {
  const ids = sellerIds(doc);
  return itemSeller(l, 'ram:SpecifiedLegalOrganization/ram:ID').some((id) => ids.has(stringValue(id))) && isGroupRoot(l);
};

export const BR_FR_MV_11 = onlyWhen(special, definePattern('BR-FR-MV-11', {
  context: P.LINE,
  where: isMainSellerGroup,
  asserts: [
    groupAssert('BR-FR-MV-11_BT-128', ['BT-128', 'BT-1'], "The invoice number (BT-1) must be the sub-invoice number (BT-128) of exactly one of the main seller's GROUP lines, or of its only one.", (l, doc) => {
      const invoiceIds = doc.at(`${P.DOC}/ram:ID`);
      const numbers = new Set(invoiceIds.map(stringValue));
      const count = doc
        .named('ram:IncludedSupplyChainTradeLineItem')
        .filter((x) => isMainSellerGroup(x, doc))
        .flatMap((x) => aflRefs(x).flatMap((d) => kids(d, 'ram:IssuerAssignedID')))
        .filter((id) => numbers.has(stringValue(id))).length;
      const own = subInvoiceNumber(l);
      return count === 1 || (count === 0 && numbers.has(own)) || (count > 1 && invoiceIds.some((id) => stringValue(id) !== own));
    }),
  ],
}));

function isAncestor(a: CiiElement, el: CiiElement): boolean {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p === a) return true;
  return false;
}

export const BR_FR_MV_12 = onlyWhen(special, definePattern('BR-FR-MV-12', {
  context: P.TX,
  asserts: [
    groupAssert('BR-FR-MV-12_BT-128', ['BT-128'], 'Each GROUP line of a multi-vendor or two-way invoice must have its own sub-invoice number (BT-128): the number may not repeat an identifier given earlier in the document.', (_el, doc) => {
      const all = doc.named('ram:IssuerAssignedID');
      for (const id of groupRoots(doc).flatMap((l) => aflRefs(l).flatMap((d) => kids(d, 'ram:IssuerAssignedID')))) {
        const at = doc.position(id);
        const value = stringValue(id);
        for (const other of all) {
          if (doc.position(other) >= at) break;
          if (stringValue(other) === value && !isAncestor(other, id)) return false;
        }
      }
      return true;
    }),
  ],
}));

const SELF_BILLED = new Set(['389', '261', '501', '500', '502', '471', '473']);

export const BR_FR_MV_13 = onlyWhen(mv, definePattern('BR-FR-MV-13', {
  context: `${P.DOC}/ram:TypeCode`,
  asserts: [
    {
      id: 'BR-FR-MV-13_BT-3',
      terms: ['BT-3'],
      message: 'A multi-vendor invoice (BT-23 = S8, B8, M8) cannot be self-billed: the type code (BT-3) must not be 389, 261, 501, 500, 502, 471 or 473.',
      test: (el, doc) => !mv(doc) || (normalizeSpace(stringValue(el)) !== '' && !SELF_BILLED.has(stringValue(el))),
    },
  ],
}));

export const BR_FR_BD_13 = onlyWhen(bd, definePattern('BR-FR-BD-13', {
  context: `${P.DOC}/ram:TypeCode`,
  asserts: [
    {
      id: 'BR-FR-BD-13_BT-3',
      terms: ['BT-3'],
      message: 'A two-way invoice (BT-23 = S9, B9, M9) must be self-billed: the type code (BT-3) must be 389, 261, 501, 500, 502, 471 or 473.',
      test: (el, doc) => !bd(doc) || SELF_BILLED.has(normalizeSpace(stringValue(el))),
    },
  ],
}));

function precedingOnGroups(family: 'MV' | 'BD', types: string[], applies: (doc: FrDocument) => boolean, what: string): BrFrPattern {
  const typeSet = new Set(types);
  return onlyWhen(applies, definePattern(`BR-FR-${family}-14`, {
    context: P.LINE,
    where: (l, doc) => anyIn(doc.at(`${P.DOC}/ram:TypeCode`), typeSet) && isGroupRoot(l),
    asserts: [
      {
        id: `BR-FR-${family}-14-EXT-FR-FE-136`,
        terms: ['EXT-FR-FE-136'],
        message: `In a ${what} (BT-3 = ${types.join(', ')}), every GROUP line must give the preceding invoice number (EXT-FR-FE-136).`,
        test: (l, doc) => !applies(doc) || path(l, 'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID').length > 0,
      },
      {
        id: `BR-FR-${family}-14-EXT-FR-FE-138`,
        terms: ['EXT-FR-FE-138'],
        message: `In a ${what} (BT-3 = ${types.join(', ')}), every GROUP line must give the preceding invoice date (EXT-FR-FE-138).`,
        test: (l, doc) => !applies(doc) || path(l, 'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString').length > 0,
      },
    ],
  }));
}

export const BR_FR_MV_14 = precedingOnGroups('MV', ['384', '472', '381', '396', '503'], mv, 'multi-vendor corrective invoice or credit note');
export const BR_FR_BD_14 = precedingOnGroups('BD', ['261', '471', '473', '502'], bd, 'two-way corrective invoice or credit note');
