/**
 * BR-E-10 (exempt from VAT, category E): exemption reason text or code present on the breakdown (presence only, as in the artefacts).
 */
import { defineRule } from '../../types.js';
import { checkExemptionPresent } from '../vat-checks.js';

export default defineRule({
  id: 'BR-E-10',
  severity: 'fatal',
  terms: ['BT-118', 'BT-120', 'BT-121'],
  message: 'A VAT breakdown in category E (BT-118) must have an exemption reason (BT-120) or exemption reason code (BT-121).',
  check: (inv, report) => checkExemptionPresent(inv, 'E', report),
});
