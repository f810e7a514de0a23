/**
 * Number formats (BR-FR-DEC-nn), checked on the text as written: amounts are
 * at most 19 digits with at most 2 decimals (DEC-01), quantities 4 decimals
 * (DEC-02), unit prices positive with 6 decimals, signed in two-way invoices
 * (DEC-03), VAT rates positive, at most 4 digits with 2 decimals (DEC-04); a
 * minus sign is the only sign allowed (a leading `+` fails, although the XSD
 * and the CEN rules accept it), and the dot the only separator.
 *
 * As in the official file, BR-FR-DEC-01_BT-111 has the same context as
 * BR-FR-DEC-01_BT-110 in the same pattern, so every total VAT amount (in the
 * invoice currency or the accounting currency) is reported as BT-110 and
 * BT-111 never fires.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { decimalFormat } from './values.js';
import { normalizeSpace, stringValue } from './xpath.js';

/** `custom:is-valid-decimal-19-2`. */
export const isDecimal19x2 = decimalFormat(2, true);
/** `custom:is-valid-decimal-19-4`. */
export const isDecimal19x4 = decimalFormat(4, true);
/** `custom:is-valid-decimal-19-6`. */
export const isDecimal19x6 = decimalFormat(6, true);
/** `custom:is-valid-decimal-19-6-positive`. */
export const isPositive19x6 = decimalFormat(6, false);
/** `custom:is-valid-percent-4-2-positive`. */
export const isPercent4x2 = decimalFormat(2, false, 4);

function format(id: string, terms: string[], context: string, what: string, check: (s: string) => boolean, rule: string): BrFrRule {
  return {
    context,
    asserts: [
      {
        id,
        terms,
        message: `The ${what} (${terms.join(', ')}) must be written ${rule}.`,
        test: (el: CiiElement) => check(normalizeSpace(stringValue(el))),
      },
    ],
  };
}

const AMOUNT = 'with at most 19 digits and at most 2 decimals, a dot as decimal separator and no sign other than a leading minus';
const SETTLEMENT_ALLOWANCE = `${P.SET}/ram:SpecifiedTradeAllowanceCharge`;
const LINE_SETTLEMENT = `${P.LINE}/ram:SpecifiedLineTradeSettlement`;
const amount = (id: string, terms: string[], context: string, what: string) => format(`BR-FR-DEC-01_${id}`, terms, context, what, isDecimal19x2, AMOUNT);

export const BR_FR_DEC_01 = definePattern(
  'BR-FR-DEC-01',
  amount('BT-92_BT-99', ['BT-92', 'BT-99'], `${SETTLEMENT_ALLOWANCE}/ram:ActualAmount`, 'document allowance or charge amount'),
  amount('BT-93_BT-100', ['BT-93', 'BT-100'], `${SETTLEMENT_ALLOWANCE}/ram:BasisAmount`, 'document allowance or charge base amount'),
  amount('BT-106', ['BT-106'], `${P.SUM}/ram:LineTotalAmount`, 'sum of line net amounts'),
  amount('BT-107', ['BT-107'], `${P.SUM}/ram:AllowanceTotalAmount`, 'sum of allowances'),
  amount('BT-108', ['BT-108'], `${P.SUM}/ram:ChargeTotalAmount`, 'sum of charges'),
  amount('BT-109', ['BT-109'], `${P.SUM}/ram:TaxBasisTotalAmount`, 'total without VAT'),
  amount('BT-110', ['BT-110'], `${P.SUM}/ram:TaxTotalAmount`, 'total VAT amount'),
  amount('BT-111', ['BT-111'], `${P.SUM}/ram:TaxTotalAmount`, 'total VAT amount in accounting currency'),
  amount('BT-112', ['BT-112'], `${P.SUM}/ram:GrandTotalAmount`, 'total with VAT'),
  amount('BT-113', ['BT-113'], `${P.SUM}/ram:TotalPrepaidAmount`, 'paid amount'),
  amount('BT-114', ['BT-114'], `${P.SUM}/ram:RoundingAmount`, 'rounding amount'),
  amount('BT-115', ['BT-115'], `${P.SUM}/ram:DuePayableAmount`, 'amount due for payment'),
  amount('BT-116', ['BT-116'], `${P.SET}/ram:ApplicableTradeTax/ram:BasisAmount`, 'VAT category taxable amount'),
  amount('BT-117', ['BT-117'], `${P.SET}/ram:ApplicableTradeTax/ram:CalculatedAmount`, 'VAT category tax amount'),
  amount('BT-131', ['BT-131'], `${LINE_SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`, 'line net amount'),
  amount('BT-136_BT-141', ['BT-136', 'BT-141'], `${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount`, 'line allowance or charge amount'),
  amount('BT-137_BT-142', ['BT-137', 'BT-142'], `${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount`, 'line allowance or charge base amount'),
);

const QUANTITY = 'with at most 19 digits and at most 4 decimals, a dot as decimal separator and no sign other than a leading minus';
export const BR_FR_DEC_02 = definePattern(
  'BR-FR-DEC-02',
  format('BR-FR-DEC-02_BT-129', ['BT-129'], `${P.LINE}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`, 'invoiced quantity', isDecimal19x4, QUANTITY),
  format('BR-FR-DEC-02_BT-149', ['BT-149'], `${P.LINE}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity`, 'item price base quantity', isDecimal19x4, QUANTITY),
);

function price(term: string, context: string, what: string): BrFrRule {
  return {
    context,
    asserts: [
      {
        id: `BR-FR-DEC-03_${term}`,
        terms: [term],
        message: `The ${what} (${term}) must be written with at most 19 digits and at most 6 decimals and a dot as decimal separator; it must be positive (without sign) except in a two-way invoice (BT-23 = S9, B9, M9).`,
        test: (el: CiiElement, doc) => (doc.isTwoWay() ? isDecimal19x6 : isPositive19x6)(normalizeSpace(stringValue(el))),
      },
    ],
  };
}

const LINE_AGREEMENT = `${P.LINE}/ram:SpecifiedLineTradeAgreement`;
export const BR_FR_DEC_03 = definePattern(
  'BR-FR-DEC-03',
  price('BT-146', `${LINE_AGREEMENT}/ram:NetPriceProductTradePrice/ram:ChargeAmount`, 'item net price'),
  price('BT-147', `${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount`, 'item price discount'),
  price('BT-148', `${LINE_AGREEMENT}/ram:GrossPriceProductTradePrice/ram:ChargeAmount`, 'item gross price'),
);

const PERCENT = 'as a positive number of at most 4 digits with at most 2 decimals and a dot as decimal separator';
export const BR_FR_DEC_04 = definePattern(
  'BR-FR-DEC-04',
  format('BR-FR-DEC-04_BT-96_BT-103', ['BT-96', 'BT-103'], `${SETTLEMENT_ALLOWANCE}/ram:CategoryTradeTax/ram:RateApplicablePercent`, 'document allowance or charge VAT rate', isPercent4x2, PERCENT),
  format('BR-FR-DEC-04_BT-119', ['BT-119'], `${P.SET}/ram:ApplicableTradeTax/ram:RateApplicablePercent`, 'VAT category rate', isPercent4x2, PERCENT),
  format('BR-FR-DEC-04_BT-152', ['BT-152'], `${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:RateApplicablePercent`, 'line VAT rate', isPercent4x2, PERCENT),
);
