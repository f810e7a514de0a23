/**
 * Item attributes and invoiced objects. BR-FR-27: an item attribute (BG-32)
 * has a name (BT-160) or a type code (EXT-FR-FE-159), neither blank.
 * BR-FR-28: it has a value (BT-161) or a measured value with a unit, not both.
 * BR-FR-29: at most one AFL and one AVV invoiced-object reference (BT-18) in
 * the header, each with a non-blank identifier. BR-FR-30: the same on lines
 * (BT-128); as written its contexts lie outside the CII D16B schema (a line
 * has no `ram:AdditionalReferencedDocument` child), so it cannot fire on a
 * schema-valid document.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P, selection } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { anyEq, attr, kidEq, kids, normalizeSpace, stringValue } from './xpath.js';

const CHARACTERISTIC = `${P.LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`;

const notBlank = (el: CiiElement) => normalizeSpace(stringValue(el)) !== '';

export const BR_FR_27 = definePattern(
  'BR-FR-27',
  {
    context: CHARACTERISTIC,
    asserts: [
      {
        id: 'BR-FR-27_BG-32',
        terms: ['BG-32', 'BT-160', 'EXT-FR-FE-159'],
        message: 'An item attribute (BG-32) must have a name (BT-160) or a type code (EXT-FR-FE-159).',
        test: (el) => kids(el, 'ram:Description').length > 0 || kids(el, 'ram:TypeCode').length > 0,
      },
    ],
  },
  { context: `${CHARACTERISTIC}/ram:Description`, asserts: [{ id: 'BR-FR-27_BT-160', terms: ['BT-160'], message: 'An item attribute name (BT-160) must not be blank.', test: notBlank }] },
  {
    context: `${CHARACTERISTIC}/ram:TypeCode`,
    asserts: [{ id: 'BR-FR-27_EXT-FR-FE-159', terms: ['EXT-FR-FE-159'], message: 'An item attribute type code (EXT-FR-FE-159) must not be blank.', test: notBlank }],
  },
);

export const BR_FR_28 = definePattern('BR-FR-28', {
  context: CHARACTERISTIC,
  asserts: [
    {
      id: 'BR-FR-28-Value',
      terms: ['BG-32', 'BT-161'],
      message: 'An item attribute (BG-32) must have either a value (BT-161) or a measured value with its unit, not both.',
      test: (el) => {
        const value = kids(el, 'ram:Value').length > 0;
        const measures = kids(el, 'ram:ValueMeasure');
        if (value) return measures.length === 0;
        return measures.some((m) => {
          const unit = attr(m, 'unitCode');
          return unit !== undefined && unit !== '';
        });
      },
    },
  ],
});

const hasRefType = (code: string) => (el: CiiElement) => anyEq(kids(el, 'ram:ReferenceTypeCode'), code);

function objectRules(owner: string, term: string, family: '29' | '30'): BrFrRule[] {
  const docs = `${owner}/ram:AdditionalReferencedDocument`;
  const allDocs = selection(docs);
  const where = family === '29' ? 'header' : 'line';
  return [
    {
      context: owner,
      asserts: [
        {
          id: `BR-FR-${family}_${term}`,
          terms: [term],
          message: `At most one invoiced-object reference of type AFL and one of type AVV (${term}) may be given on the ${where}.`,
          test: (el, doc) => {
            // No such reference under any owner (the usual case): none under this one, nothing to count.
            if (doc.at(allDocs).length === 0) return true;
            let afl = 0;
            let avv = 0;
            for (const ref of kids(el, 'ram:AdditionalReferencedDocument')) {
              if (kidEq(ref, 'ram:ReferenceTypeCode', 'AFL')) afl++;
              if (kidEq(ref, 'ram:ReferenceTypeCode', 'AVV')) avv++;
            }
            return afl <= 1 && avv <= 1;
          },
        },
      ],
    },
    ...(['AFL', 'AVV'] as const).map((code) => ({
      context: `${docs}/ram:IssuerAssignedID`,
      where: (el: CiiElement) => el.parent !== undefined && hasRefType(code)(el.parent),
      asserts: [
        {
          id: `BR-FR-${family}_${code}`,
          terms: [term],
          message: `The identifier of an invoiced-object reference of type ${code} (${term}) must not be blank.`,
          test: notBlank,
        },
      ],
    })),
  ];
}

export const BR_FR_29 = definePattern('BR-FR-29', ...objectRules(P.AGR, 'BT-18', '29'));
export const BR_FR_30 = definePattern('BR-FR-30', ...objectRules(P.LINE, 'BT-128', '30'));
