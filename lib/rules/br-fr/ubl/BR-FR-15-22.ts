/**
 * BR-FR on UBL: VAT categories of the French list, never L or M (BR-FR-15:
 * BT-95 / BT-102, BT-118, BT-151), VAT rates of the French list (BR-FR-16:
 * BT-96 / BT-103, BT-119, BT-152), attachment descriptions of the French
 * list and at most one LISIBLE (BR-FR-17, 18), the BAR processing note
 * (BR-FR-20: its value; BR-FR-31: at most one; BR-FR-21 / 22: the electronic
 * address of the buyer, or of the seller for self-billing types, has scheme
 * 0225 and begins with the SIREN).
 *
 * As in the official file, BR-FR-16_BT-103 has the same context as
 * BR-FR-16_BT-96 in the same pattern (every allowance's or charge's VAT
 * category is claimed by the first), so it never fires; BR-FR-16_BT-152 is
 * checked on invoice lines only (`cac:InvoiceLine/...`); and BR-FR-20
 * accepts B2B, B2BINT, B2C, OUTOFSCOPE and ARCHIVEONLY (not B2CINT), while
 * BR-FR-31 counts B2CINT too. The BR-FR-31 assert's official id is
 * `BR-FR-30_BT-21`.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { definePattern, type DocumentAssert, type DocumentRule } from '../../document/types.js';
import { anyEq, anyIn, attr, kids, one, path, stringLength, stringValue } from '../../document/xpath.js';
import { FR_VAT_RATES } from '../BR-FR-15-16.js';
import { FR_ATTACHMENT_CODES } from '../BR-FR-17-18.js';
import { noteValue, roots } from './common.js';

const CATEGORIES = new Set(['S', 'E', 'AE', 'K', 'G', 'O', 'Z']);
const LM = new Set(['L', 'M']);

function categoryRule(context: string, ids: [string, string], terms: string[], what: string): DocumentRule {
  return {
    context,
    asserts: [
      {
        id: ids[0],
        flag: 'fatal',
        terms,
        message: `The ${what} (${terms.join(', ')}) must be one of the VAT categories used in France (${[...CATEGORIES].join(', ')}).`,
        test: (el) => {
          const codes = kids(el, 'cbc:ID');
          return codes.length === 0 || CATEGORIES.has(one(codes));
        },
      },
      {
        id: ids[1],
        flag: 'fatal',
        terms,
        message: `The ${what} (${terms.join(', ')}) must not be L or M (Canary Islands, Ceuta and Melilla).`,
        test: (el) => !anyIn(kids(el, 'cbc:ID'), LM),
      },
    ],
  };
}

/** Pattern `BR-FR-15`: BR-FR-15_BT-95_BT-102-1, BR-FR-15_BT-95_BT-102-2, BR-FR-15_BT-118-1, BR-FR-15_BT-118-2, BR-FR-15_BT-151-1, BR-FR-08_BT-151-2 (BT-95, BT-102, BT-118, BT-151). */
export const BR_FR_15 = definePattern(
  'BR-FR-15',
  categoryRule('cac:AllowanceCharge/cac:TaxCategory', ['BR-FR-15_BT-95_BT-102-1', 'BR-FR-15_BT-95_BT-102-2'], ['BT-95', 'BT-102'], 'document allowance or charge VAT category code'),
  categoryRule('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory', ['BR-FR-15_BT-118-1', 'BR-FR-15_BT-118-2'], ['BT-118'], 'VAT category code of the VAT breakdown'),
  categoryRule('cac:Item/cac:ClassifiedTaxCategory', ['BR-FR-15_BT-151-1', 'BR-FR-08_BT-151-2'], ['BT-151'], 'invoiced item VAT category code'),
);

const rate = (id: string, terms: string[], what: string): DocumentAssert => ({
  id,
  flag: 'fatal',
  terms,
  message: `The ${what} (${terms.join(', ')}) must be one of the French VAT rates, written as the list gives it (e.g. 20, 20.0 or 20.00).`,
  test: (el) => {
    const rates = kids(el, 'cbc:Percent');
    return rates.length === 0 || FR_VAT_RATES.has(one(rates));
  },
});

/** Pattern `BR-FR-16`: BR-FR-16_BT-96, BR-FR-16_BT-103, BR-FR-16_BT-119, BR-FR-16_BT-152 (BT-96, BT-103, BT-119, BT-152). */
export const BR_FR_16 = definePattern(
  'BR-FR-16',
  { context: 'cac:AllowanceCharge/cac:TaxCategory', asserts: [rate('BR-FR-16_BT-96', ['BT-96'], 'document allowance VAT rate')] },
  { context: 'cac:AllowanceCharge/cac:TaxCategory', asserts: [rate('BR-FR-16_BT-103', ['BT-103'], 'document charge VAT rate')] },
  { context: 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory', asserts: [rate('BR-FR-16_BT-119', ['BT-119'], 'VAT category rate')] },
  { context: 'cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory', asserts: [rate('BR-FR-16_BT-152', ['BT-152'], 'invoiced item VAT rate')] },
);

/** Pattern `BR-FR-17`: BR-FR-17_BT-123 (BT-123). */
export const BR_FR_17 = definePattern('BR-FR-17', {
  context: 'cac:AdditionalDocumentReference',
  asserts: [
    {
      id: 'BR-FR-17_BT-123',
      flag: 'fatal',
      terms: ['BT-123'],
      message: `A supporting document description (BT-123) must be one of the French codes (${[...FR_ATTACHMENT_CODES].join(', ')}).`,
      test: (el) => {
        const d = kids(el, 'cbc:DocumentDescription');
        return d.length === 0 || FR_ATTACHMENT_CODES.has(one(d));
      },
    },
  ],
});

/** Pattern `BR-FR-18`: BR-FR-18_BT-123 (BT-123). */
export const BR_FR_18 = definePattern('BR-FR-18', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-18_BT-123',
      flag: 'fatal',
      terms: ['BT-123'],
      message: 'At most one supporting document may have the description LISIBLE (BT-123).',
      test: (el) => kids(el, 'cac:AdditionalDocumentReference').filter((d) => anyEq(kids(d, 'cbc:DocumentDescription'), 'LISIBLE')).length <= 1,
    },
  ],
});

const BR_FR_20_VALUES = new Set(['B2B', 'B2BINT', 'B2C', 'OUTOFSCOPE', 'ARCHIVEONLY']);

/** Pattern `BR-FR-20`: BR-FR-20_BT-21 (BT-21, BT-22). */
export const BR_FR_20 = definePattern('BR-FR-20', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-20_BT-21',
      flag: 'fatal',
      terms: ['BT-21', 'BT-22'],
      message: `The note with subject BAR (BT-21) must read one of ${[...BR_FR_20_VALUES].join(', ')} (BT-22).`,
      test: (el) => {
        const v = noteValue(el, 'BAR');
        return v === '' || BR_FR_20_VALUES.has(v);
      },
    },
  ],
});

/** Self-billing and other document types for which the seller's address is checked instead of the buyer's. */
const EXCLUDED_TYPES = new Set(['389', '501', '500', '471', '473', '261', '502']);
const typeCodes = (root: CiiElement) => [...kids(root, 'cbc:InvoiceTypeCode'), ...kids(root, 'cbc:CreditNoteTypeCode')];

/** `starts-with($endpointID, $siren) and $schemeID = '0225'` for a party. */
function addressBeginsWithSiren(root: CiiElement, party: string): boolean {
  const endpoint = path(root, `${party}/cbc:EndpointID`);
  const siren = path(root, `${party}/cac:PartyLegalEntity/cbc:CompanyID`).filter((c) => attr(c, 'schemeID') === '0002');
  return one(endpoint).startsWith(one(siren)) && endpoint.some((e) => attr(e, 'schemeID') === '0225');
}

/** Pattern `BR-FR-21`: BR-FR-21_BT-49 (BT-49, BT-47). */
export const BR_FR_21 = definePattern('BR-FR-21', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-21_BT-49',
      flag: 'fatal',
      terms: ['BT-49', 'BT-47'],
      message: "On a B2B invoice (BAR note B2B), the buyer's electronic address (BT-49) must have scheme 0225 and begin with the buyer's SIREN (BT-47).",
      test: (el) => noteValue(el, 'BAR') !== 'B2B' || anyIn(typeCodes(el), EXCLUDED_TYPES) || addressBeginsWithSiren(el, 'cac:AccountingCustomerParty/cac:Party'),
    },
  ],
});

/** Pattern `BR-FR-22`: BR-FR-22_BT-34 (BT-34, BT-30). */
export const BR_FR_22 = definePattern('BR-FR-22', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-22_BT-34',
      flag: 'fatal',
      terms: ['BT-34', 'BT-30'],
      message: "On a self-billed invoice with a BAR note, the seller's electronic address (BT-34) must have scheme 0225 and begin with the seller's SIREN (BT-30).",
      test: (el) => noteValue(el, 'BAR') === '' || !anyIn(typeCodes(el), EXCLUDED_TYPES) || addressBeginsWithSiren(el, 'cac:AccountingSupplierParty/cac:Party'),
    },
  ],
});

const BAR_MARKERS = ['BAR#B2B#', 'BAR#B2BINT#', 'BAR#B2C#', 'BAR#B2CINT#', 'BAR#OUTOFSCOPE#', 'BAR#ARCHIVEONLY#'];

/** Occurrences of `marker` in `s`, as `(string-length(s) - string-length(replace(s, marker, ''))) div string-length(marker)` counts them. */
function occurrences(s: string, marker: string): number {
  return (stringLength(s) - stringLength(s.split(marker).join(''))) / stringLength(marker);
}

/** Pattern `BR-FR-31`: BR-FR-30_BT-21 (BT-21, BT-22). */
export const BR_FR_31 = definePattern('BR-FR-31', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-30_BT-21',
      flag: 'fatal',
      terms: ['BT-21', 'BT-22'],
      message: 'At most one note with subject BAR (BT-21) may give the processing (B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY, BT-22).',
      test: (el) => {
        const bar = `${kids(el, 'cbc:Note').map(stringValue).filter((n) => n.includes('#BAR#')).join('')}#`;
        return BAR_MARKERS.reduce((n, m) => n + occurrences(bar, m), 0) <= 1;
      },
    },
  ],
});
