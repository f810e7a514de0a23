/**
 * BR-FR-15: VAT category codes (BT-95, BT-102, BT-118, BT-151) are among S,
 * E, AE, K, G, O, Z, never L or M (Canary Islands, Ceuta and Melilla taxes).
 * A line without category passes only when it is a GROUP or INFORMATION line.
 * BR-FR-16: VAT rates (BT-96, BT-103, BT-119, BT-152) are those of the French
 * list, compared as written: `20` and `20.00` pass, `20.000` and `020` fail.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P } from './document.js';
import { definePattern, type BrFrAssert } from './types.js';
import { anyEq, kid, kidIn, path, steps, stringValue } from './xpath.js';

const CATEGORIES = new Set(['S', 'E', 'AE', 'K', 'G', 'O', 'Z']);
const LINE_STATUS = steps('ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode');
const LM = new Set(['L', 'M']);

/** The VAT rates of the French list, as they may be written (XP Z12-012 V1.4, `custom:is-valid-vat-rate`). */
export const FR_VAT_RATES: ReadonlySet<string> = new Set([
  '0', '0.0', '0.00', '10', '10.0', '10.00', '13', '13.0', '13.00', '20', '20.0', '20.00',
  '8.5', '8.50', '19.6', '19.60', '2.1', '2.10', '5.5', '5.50', '7', '7.0', '7.00',
  '20.6', '20.60', '1.05', '0.9', '0.90', '1.75', '9.2', '9.20', '9.6', '9.60',
]);

const ALLOWANCE_TAX = `${P.SET}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax`;
const HEADER_TAX = `${P.SET}/ram:ApplicableTradeTax`;
const LINE_TAX = `${P.LINE}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`;

function category(suffix: string, terms: string[], allowGroupLines = false): BrFrAssert[] {
  const label = terms.join(', ');
  return [
    {
      id: `BR-FR-15_${suffix}`,
      terms,
      message: `The VAT category code (${label}) must be one of S, E, AE, K, G, O, Z.`,
      test: (el: CiiElement) => {
        if (kidIn(el, 'ram:CategoryCode', CATEGORIES)) return true;
        if (!allowGroupLines || kid(el, 'ram:CategoryCode') !== undefined) return false;
        const status = path(el.parent?.parent, LINE_STATUS);
        return anyEq(status, 'GROUP') || anyEq(status, 'INFORMATION');
      },
    },
    {
      id: `BR-FR-15_${suffix}_LM`,
      terms,
      message: `The VAT category codes L and M (${label}) cannot be used on a French invoice.`,
      test: (el: CiiElement) => !kidIn(el, 'ram:CategoryCode', LM),
    },
  ];
}

function rate(id: string, terms: string[]): BrFrAssert {
  return {
    id,
    terms,
    message: `The VAT rate (${terms.join(', ')}) must be a French rate written as in the French list (e.g. 20, 10, 5.5, 2.1, 0, or with up to two decimals such as 20.00).`,
    test: (el: CiiElement) => {
      const rate = kid(el, 'ram:RateApplicablePercent');
      const r = rate === undefined ? '' : stringValue(rate);
      return r === '' || FR_VAT_RATES.has(r);
    },
  };
}

export const BR_FR_15 = definePattern(
  'BR-FR-15',
  { context: ALLOWANCE_TAX, asserts: category('BT-95_BT-102', ['BT-95', 'BT-102']) },
  { context: HEADER_TAX, asserts: category('BT-95_BT-118', ['BT-95', 'BT-118']) },
  { context: LINE_TAX, asserts: category('BT-95_BT-151', ['BT-95', 'BT-151'], true) },
);

export const BR_FR_16 = definePattern(
  'BR-FR-16',
  { context: ALLOWANCE_TAX, asserts: [rate('BR-FR-16_BT-96_BT-103', ['BT-96', 'BT-103'])] },
  { context: HEADER_TAX, asserts: [rate('BR-FR-16_BT-119', ['BT-119'])] },
  { context: LINE_TAX, asserts: [rate('BR-FR-16_BT-152', ['BT-152'])] },
);
