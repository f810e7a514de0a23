/**
 * Number formats (BR-FR-DEC-nn) on UBL, checked on the text as written:
 * amounts at most 19 digits with at most 2 decimals (DEC-01), quantities 4
 * decimals (DEC-02), unit prices positive with 6 decimals, signed in two-way
 * invoices (DEC-03), VAT rates positive, at most 4 digits with 2 decimals
 * (DEC-04). As in the official file, BR-FR-DEC-01_BT-111 has the same
 * context as BR-FR-DEC-01_BT-110 in the same pattern, so every VAT total
 * amount is reported as BT-110 and BT-111 never fires; `cac:TaxTotal/cbc:TaxAmount`
 * and the `cac:LegalMonetaryTotal` amounts are matched wherever they are.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { definePattern, type DocumentRule } from '../../document/types.js';
import { kids, normalizeSpace, one, path, stringValue } from '../../document/xpath.js';
import { isDecimal19x2, isDecimal19x4, isDecimal19x6, isPercent4x2, isPositive19x6 } from '../BR-FR-DEC.js';
import { isTwoWay, lines, roots } from './common.js';

const AMOUNT = 'with at most 19 digits and at most 2 decimals, a dot as decimal separator and no sign other than a leading minus';
const QUANTITY = 'with at most 19 digits and at most 4 decimals, a dot as decimal separator';
const PRICE = 'with at most 19 digits and at most 6 decimals, positive except in two-way invoices (BT-23 = S9, B9, M9)';
const PERCENT = 'as a positive number of at most 4 digits with at most 2 decimals';

function format(id: string, terms: string[], context: string | string[], what: string, check: (s: string) => boolean, rule: string): DocumentRule {
  return { context, asserts: [{ id, flag: 'fatal', terms, message: `The ${what} (${terms.join(', ')}) must be written ${rule}.`, test: (el: CiiElement) => check(normalizeSpace(stringValue(el))) }] };
}
const amount = (id: string, terms: string[], context: string | string[], what: string) => format(`BR-FR-DEC-01_${id}`, terms, context, what, isDecimal19x2, AMOUNT);

/** Pattern `BR-FR-DEC-01`: BR-FR-DEC-01_BT-93_BT-100, BR-FR-DEC-01_BT-92_BT-99, BR-FR-DEC-01_BT-106, BR-FR-DEC-01_BT-107, BR-FR-DEC-01_BT-108, BR-FR-DEC-01_BT-109, BR-FR-DEC-01_BT-110, BR-FR-DEC-01_BT-111, BR-FR-DEC-01_BT-112, BR-FR-DEC-01_BT-113, BR-FR-DEC-01_BT-114, BR-FR-DEC-01_BT-115, BR-FR-DEC-01_BT-116, BR-FR-DEC-01_BT-117, BR-FR-DEC-01_BT-131, BR-FR-DEC-01_BT-136_BT-141, BR-FR-DEC-01_BT-137_BT-142 (BT-93, BT-100, BT-92, BT-99, BT-106, BT-107). */
export const BR_FR_DEC_01 = definePattern(
  'BR-FR-DEC-01',
  amount('BT-93_BT-100', ['BT-93', 'BT-100'], roots('cac:AllowanceCharge/cbc:BaseAmount'), 'document allowance or charge base amount'),
  amount('BT-92_BT-99', ['BT-92', 'BT-99'], roots('cac:AllowanceCharge/cbc:Amount'), 'document allowance or charge amount'),
  amount('BT-106', ['BT-106'], 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount', 'sum of line net amounts'),
  amount('BT-107', ['BT-107'], 'cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount', 'sum of allowances'),
  amount('BT-108', ['BT-108'], 'cac:LegalMonetaryTotal/cbc:ChargeTotalAmount', 'sum of charges'),
  amount('BT-109', ['BT-109'], 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount', 'total without VAT'),
  amount('BT-110', ['BT-110'], 'cac:TaxTotal/cbc:TaxAmount', 'total VAT amount'),
  amount('BT-111', ['BT-111'], 'cac:TaxTotal/cbc:TaxAmount', 'total VAT amount in accounting currency'),
  amount('BT-112', ['BT-112'], 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount', 'total with VAT'),
  amount('BT-113', ['BT-113'], 'cac:LegalMonetaryTotal/cbc:PrepaidAmount', 'paid amount'),
  amount('BT-114', ['BT-114'], 'cac:LegalMonetaryTotal/cbc:PayableRoundingAmount', 'rounding amount'),
  amount('BT-115', ['BT-115'], 'cac:LegalMonetaryTotal/cbc:PayableAmount', 'amount due for payment'),
  amount('BT-116', ['BT-116'], 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount', 'VAT category taxable amount'),
  amount('BT-117', ['BT-117'], 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount', 'VAT category tax amount'),
  amount('BT-131', ['BT-131'], lines('cbc:LineExtensionAmount'), 'invoice line net amount'),
  amount('BT-136_BT-141', ['BT-136', 'BT-141'], lines('cac:AllowanceCharge/cbc:Amount'), 'line allowance or charge amount'),
  amount('BT-137_BT-142', ['BT-137', 'BT-142'], lines('cac:AllowanceCharge/cbc:BaseAmount'), 'line allowance or charge base amount'),
);

/** Pattern `BR-FR-DEC-02`: BR-FR-DEC-02_BT-129, BR-FR-DEC-02_BT-149 (BT-129, BT-149). */
export const BR_FR_DEC_02 = definePattern(
  'BR-FR-DEC-02',
  format('BR-FR-DEC-02_BT-129', ['BT-129'], ['ubl:Invoice/cac:InvoiceLine/cbc:InvoicedQuantity', 'cn:CreditNote/cac:CreditNoteLine/cbc:CreditedQuantity'], 'invoiced quantity', isDecimal19x4, QUANTITY),
  {
    context: lines(),
    asserts: [
      {
        id: 'BR-FR-DEC-02_BT-149',
        flag: 'fatal',
        terms: ['BT-149'],
        message: `The item price base quantity (BT-149) must be written ${QUANTITY}.`,
        test: (el) => {
          const q = normalizeSpace(one(path(el, 'cac:Price/cbc:BaseQuantity')));
          return q === '' || isDecimal19x4(q);
        },
      },
    ],
  },
);

const priceFormat = (id: string, terms: string[], what: string, context: string[], value: (el: CiiElement) => string): DocumentRule => ({
  context,
  asserts: [
    {
      id,
      flag: 'fatal',
      terms,
      message: `The ${what} (${terms.join(', ')}) must be written ${PRICE}.`,
      test: (el, doc) => {
        const v = normalizeSpace(value(el));
        return v === '' || (isTwoWay(doc) ? isDecimal19x6 : isPositive19x6)(v);
      },
    },
  ],
});

/** Pattern `BR-FR-DEC-03`: BR-FR-DEC-03_BT-146, BR-FR-DEC-03_BT-147, BR-FR-DEC-03_BT-148 (BT-146, BT-147, BT-148). */
export const BR_FR_DEC_03 = definePattern(
  'BR-FR-DEC-03',
  priceFormat('BR-FR-DEC-03_BT-146', ['BT-146'], 'item net price', lines(), (el) => one(path(el, 'cac:Price/cbc:PriceAmount'))),
  priceFormat('BR-FR-DEC-03_BT-147', ['BT-147'], 'item price discount', lines('cac:Price/cac:AllowanceCharge'), (el) => one(kids(el, 'cbc:Amount'))),
  priceFormat('BR-FR-DEC-03_BT-148', ['BT-148'], 'item gross price', lines('cac:Price/cac:AllowanceCharge/cbc:BaseAmount'), stringValue),
);

const PERCENT_CHECK = (s: string) => isPercent4x2(s);

/** Pattern `BR-FR-DEC-04`: BR-FR-DEC-04_BT-96_BT-103, BR-FR-DEC-04_BT-119, BR-FR-DEC-04_BT-152 (BT-96, BT-103, BT-119, BT-152). */
export const BR_FR_DEC_04 = definePattern(
  'BR-FR-DEC-04',
  format('BR-FR-DEC-04_BT-96_BT-103', ['BT-96', 'BT-103'], 'cac:AllowanceCharge/cac:TaxCategory/cbc:Percent', 'document allowance or charge VAT rate', PERCENT_CHECK, PERCENT),
  format('BR-FR-DEC-04_BT-119', ['BT-119'], 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent', 'VAT category rate', PERCENT_CHECK, PERCENT),
  format('BR-FR-DEC-04_BT-152', ['BT-152'], 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', 'invoiced item VAT rate', PERCENT_CHECK, PERCENT),
);
