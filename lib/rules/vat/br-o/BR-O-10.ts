/**
 * BR-O-10 (not subject to VAT, category O): exemption reason text or code present on the breakdown (presence only, as in the artefacts).
 */
import { defineRule } from '../../types.js';
import { checkExemptionPresent } from '../vat-checks.js';

export default defineRule({
  id: 'BR-O-10',
  severity: 'fatal',
  terms: ['BT-118', 'BT-120', 'BT-121'],
  message: 'A VAT breakdown in category O (BT-118) must have an exemption reason (BT-120) or exemption reason code (BT-121).',
  check: (inv, report) => checkExemptionPresent(inv, 'O', report),
});
