/**
 * BR-Z-10 (zero rated, category Z): no exemption reason text or code on the breakdown.
 */
import { defineRule } from '../../types.js';
import { checkNoExemption } from '../vat-checks.js';

export default defineRule({
  id: 'BR-Z-10',
  severity: 'fatal',
  terms: ['BT-118', 'BT-120', 'BT-121'],
  message: 'A VAT breakdown in category Z (BT-118) must have neither exemption reason (BT-120) nor exemption reason code (BT-121).',
  check: (inv, report) => checkNoExemption(inv, 'Z', report),
});
