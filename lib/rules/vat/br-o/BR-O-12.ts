/**
 * BR-O-12 (not subject to VAT, category O): with an O breakdown, no line in another category.
 * The CII artefact asserts the same condition for BR-O-11 and BR-O-12: no VAT
 * breakdown and no invoice line with a category other than O; so both rules
 * report each such breakdown (BT-118) and line (BT-151).
 */
import { defineRule } from '../../types.js';
import { checkOnlyNotSubject } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-12',
  severity: 'fatal',
  terms: ['BT-118', 'BT-151'],
  message: 'An invoice with a "not subject to VAT" breakdown (BT-118 = O) must not contain invoice lines in another category (BT-151) nor other VAT breakdowns.',
  check: (inv, report) => checkOnlyNotSubject(inv, 'lines-and-breakdowns', report),
});
