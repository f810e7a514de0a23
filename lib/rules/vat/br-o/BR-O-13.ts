/**
 * BR-O-13 (not subject to VAT, category O): with an O breakdown, no document allowance in another category.
 * The CII artefact asserts the same condition for BR-O-13 and BR-O-14: no
 * document allowance and no document charge with a category other than O; so
 * both rules report each such allowance (BT-95) and charge (BT-102).
 */
import { defineRule } from '../../types.js';
import { checkOnlyNotSubject } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-13',
  severity: 'fatal',
  terms: ['BT-118', 'BT-95', 'BT-102'],
  message: 'An invoice with a "not subject to VAT" breakdown (BT-118 = O) must not contain document level allowances in another category (BT-95) nor charges in another category (BT-102).',
  check: (inv, report) => checkOnlyNotSubject(inv, 'allowances-and-charges', report),
});
