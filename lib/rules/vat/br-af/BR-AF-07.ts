/**
 * BR-AF-07 (IGIC, Canary Islands, category L): document charge of the category has rate > 0 (the CII artefact tests > 0 although the prose allows 0).
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AF-07',
  severity: 'fatal',
  terms: ['BT-102', 'BT-103'],
  message: 'A document level charge in VAT category L (BT-102): its VAT rate (BT-103) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'charge', 'L', 'positive', report),
});
