/**
 * XRechnung 3.0.2 (CII), the CVD scenario only (Clean Vehicles Directive,
 * BT-24 is `$XR-CVD-ID`): the tender or lot reference (BT-17, BR-DE-CVD-02),
 * at least one line classified `CVD` with a `cva` attribute (BR-DE-CVD-03),
 * exactly one of each on such lines (BR-DE-CVD-06-a/b), the classification
 * schemes and vehicle categories (BR-TMP-CVD-01, BR-DE-CVD-04) and the `cva`
 * values (BR-DE-CVD-05). BR-DE-CVD-01 (contract reference BT-12) is written as
 * the official file has it: in the same rule as BR-DE-CVD-02.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentRule } from '../../document/types.js';
import { anyEq, attr, kids, normalized, path, someNonBlank } from '../../document/xpath.js';
import { CVA_CODES, CVD_CLASSIFICATION_ASSERTS, XR_CVD_ID } from '../common.js';

/** `$isCVD`: a text node of BT-24 reads exactly the CVD identifier. */
export function isCiiCvd(doc: RuleDocument): boolean {
  return doc.value('xr:isCVD', (d) => d.at(`${CII.CTX}/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`).some((id) => id.text === XR_CVD_ID));
}

const cvd = (_el: CiiElement, doc: RuleDocument) => isCiiCvd(doc);
const PRODUCT = `${CII.LINE}/ram:SpecifiedTradeProduct`;
const classCodes = (product: CiiElement) => path(product, 'ram:DesignatedProductClassification/ram:ClassCode');
const cvaAttributes = (product: CiiElement) => kids(product, 'ram:ApplicableProductCharacteristic').filter((c) => anyEq(kids(c, 'ram:Description'), 'cva'));

/** Rules: BR-DE-CVD-03, BR-DE-CVD-06-b, BR-DE-CVD-06-a, BR-TMP-CVD-01, BR-DE-CVD-04, BR-DE-CVD-05, BR-DE-CVD-01, BR-DE-CVD-02 (BG-25, BT-158, BT-160, BT-158-1, BT-161, BT-12). */
export const CVD_RULES: readonly DocumentRule[] = [
  {
    context: CII.TX,
    where: cvd,
    asserts: [
      {
        id: 'BR-DE-CVD-03',
        flag: 'fatal',
        terms: ['BG-25', 'BT-158', 'BT-160'],
        message: "A CVD invoice must have at least one line whose item classification (BT-158) has scheme 'CVD' and which has an item attribute named 'cva' (BT-160).",
        test: (el) =>
          path(el, 'ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct').some(
            (p) => classCodes(p).some((c) => attr(c, 'listID') === 'CVD') && anyEq(path(p, 'ram:ApplicableProductCharacteristic/ram:Description'), 'cva'),
          ),
      },
    ],
  },
  {
    context: PRODUCT,
    where: cvd,
    asserts: [
      {
        id: 'BR-DE-CVD-06-b',
        flag: 'fatal',
        terms: ['BT-160', 'BT-158'],
        message: "A CVD line with an item attribute named 'cva' (BT-160) must have exactly one item classification (BT-158) with scheme 'CVD'.",
        test: (el) => !anyEq(path(el, 'ram:ApplicableProductCharacteristic/ram:Description'), 'cva') || classCodes(el).filter((c) => attr(c, 'listID') === 'CVD').length === 1,
      },
      {
        id: 'BR-DE-CVD-06-a',
        flag: 'fatal',
        terms: ['BT-158', 'BT-160'],
        message: "A CVD line with an item classification (BT-158) of scheme 'CVD' must have exactly one item attribute named 'cva' (BT-160).",
        test: (el) => !classCodes(el).some((c) => attr(c, 'listID') === 'CVD') || cvaAttributes(el).length === 1,
      },
    ],
  },
  {
    context: `${PRODUCT}/ram:DesignatedProductClassification/ram:ClassCode`,
    where: cvd,
    asserts: CVD_CLASSIFICATION_ASSERTS,
  },
  {
    context: `${PRODUCT}/ram:ApplicableProductCharacteristic`,
    where: (el, doc) => isCiiCvd(doc) && anyEq(kids(el, 'ram:Description'), 'cva'),
    asserts: [
      {
        id: 'BR-DE-CVD-05',
        flag: 'fatal',
        terms: ['BT-160', 'BT-161'],
        message: `The value (BT-161) of the item attribute 'cva' must be one of ${[...CVA_CODES].join(', ')}.`,
        test: (el) => CVA_CODES.has(normalized(kids(el, 'ram:Value'))),
      },
    ],
  },
  {
    context: CII.AGR,
    where: cvd,
    asserts: [
      {
        id: 'BR-DE-CVD-01',
        flag: 'fatal',
        terms: ['BT-12'],
        message: 'A CVD invoice must give the contract reference (BT-12).',
        test: (el) => someNonBlank(path(el, 'ram:ContractReferencedDocument/ram:IssuerAssignedID')),
      },
      {
        id: 'BR-DE-CVD-02',
        flag: 'fatal',
        terms: ['BT-17'],
        message: 'A CVD invoice must give the tender or lot reference (BT-17): an additional referenced document of type 50 with an identifier.',
        test: (el) => kids(el, 'ram:AdditionalReferencedDocument').some((d) => normalized(kids(d, 'ram:TypeCode')) === '50' && normalized(kids(d, 'ram:IssuerAssignedID')) !== ''),
      },
    ],
  },
];
