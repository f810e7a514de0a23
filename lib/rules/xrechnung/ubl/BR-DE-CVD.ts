/**
 * XRechnung 3.0.2 (UBL), the CVD scenario only (Clean Vehicles Directive,
 * BT-24 is `$XR-CVD-ID`): tender or lot reference (BT-17, BR-DE-CVD-02),
 * contract reference (BT-12, BR-DE-CVD-01), at least one item classified
 * `CVD` with a `cva` attribute (BR-DE-CVD-03), exactly one of each on such
 * items (BR-DE-CVD-06-a/b), classification schemes and vehicle categories
 * (BR-TMP-CVD-01, BR-DE-CVD-04) and the `cva` values (BR-DE-CVD-05).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentRule } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import { anyEq, attr, kids, normalized, path, someNonBlank } from '../../document/xpath.js';
import { CVA_CODES, CVD_CLASSIFICATION_ASSERTS, XR_CVD_ID } from '../common.js';

/** `$isCVD`: a text node of the root's BT-24 reads exactly the CVD identifier. */
export function isUblCvd(doc: RuleDocument): boolean {
  return doc.value('xr:isCVD', (d) => (d.root.name === UBL_INVOICE || d.root.name === UBL_CREDIT_NOTE) && kids(d.root, 'cbc:CustomizationID').some((id) => id.text === XR_CVD_ID));
}

const cvd = (_el: CiiElement, doc: RuleDocument) => isUblCvd(doc);
const ITEMS = [`/${UBL_INVOICE}/cac:InvoiceLine/cac:Item`, `/${UBL_CREDIT_NOTE}/cac:CreditNoteLine/cac:Item`];
const classCodes = (item: CiiElement) => path(item, 'cac:CommodityClassification/cbc:ItemClassificationCode');
const cvaProperties = (item: CiiElement) => kids(item, 'cac:AdditionalItemProperty').filter((p) => anyEq(kids(p, 'cbc:Name'), 'cva'));

/** Rules: BR-DE-CVD-02, BR-DE-CVD-01, BR-DE-CVD-03, BR-DE-CVD-06-a, BR-DE-CVD-06-b, BR-TMP-CVD-01, BR-DE-CVD-04, BR-DE-CVD-05 (BT-17, BT-12, BG-25, BT-158, BT-160, BT-158-1). */
export const CVD_RULES: readonly DocumentRule[] = [
  {
    context: [`/${UBL_INVOICE}`, `/${UBL_CREDIT_NOTE}`],
    where: cvd,
    asserts: [
      {
        id: 'BR-DE-CVD-02',
        flag: 'fatal',
        terms: ['BT-17'],
        message: 'A CVD invoice must give the tender or lot reference (BT-17).',
        test: (el) => someNonBlank(path(el, 'cac:OriginatorDocumentReference/cbc:ID')),
      },
      {
        id: 'BR-DE-CVD-01',
        flag: 'fatal',
        terms: ['BT-12'],
        message: 'A CVD invoice must give the contract reference (BT-12).',
        test: (el) => someNonBlank(path(el, 'cac:ContractDocumentReference/cbc:ID')),
      },
      {
        id: 'BR-DE-CVD-03',
        flag: 'fatal',
        terms: ['BG-25', 'BT-158', 'BT-160'],
        message: "A CVD invoice must have at least one line whose item classification (BT-158) has scheme 'CVD' and which has an item attribute named 'cva' (BT-160).",
        test: (el) =>
          [...path(el, 'cac:InvoiceLine/cac:Item'), ...path(el, 'cac:CreditNoteLine/cac:Item')].some(
            (item) => classCodes(item).some((c) => attr(c, 'listID') === 'CVD') && anyEq(path(item, 'cac:AdditionalItemProperty/cbc:Name'), 'cva'),
          ),
      },
    ],
  },
  {
    context: ITEMS,
    where: cvd,
    asserts: [
      {
        id: 'BR-DE-CVD-06-a',
        flag: 'fatal',
        terms: ['BT-158', 'BT-160'],
        message: "A CVD line with an item classification (BT-158) of scheme 'CVD' must have exactly one item attribute named 'cva' (BT-160).",
        test: (el) => !classCodes(el).some((c) => attr(c, 'listID') === 'CVD') || cvaProperties(el).length === 1,
      },
      {
        id: 'BR-DE-CVD-06-b',
        flag: 'fatal',
        terms: ['BT-160', 'BT-158'],
        message: "A CVD line with an item attribute named 'cva' (BT-160) must have exactly one item classification (BT-158) with scheme 'CVD'.",
        test: (el) => cvaProperties(el).length === 0 || classCodes(el).filter((c) => attr(c, 'listID') === 'CVD').length === 1,
      },
    ],
  },
  {
    context: ITEMS.map((i) => `${i}/cac:CommodityClassification/cbc:ItemClassificationCode`),
    where: cvd,
    asserts: CVD_CLASSIFICATION_ASSERTS,
  },
  {
    context: ITEMS.map((i) => `${i}/cac:AdditionalItemProperty`),
    where: (el, doc) => isUblCvd(doc) && anyEq(kids(el, 'cbc:Name'), 'cva'),
    asserts: [
      {
        id: 'BR-DE-CVD-05',
        flag: 'fatal',
        terms: ['BT-160', 'BT-161'],
        message: `The value (BT-161) of the item attribute 'cva' must be one of ${[...CVA_CODES].join(', ')}.`,
        test: (el) => CVA_CODES.has(normalized(kids(el, 'cbc:Value'))),
      },
    ],
  },
];
