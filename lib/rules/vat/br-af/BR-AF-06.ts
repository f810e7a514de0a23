/**
 * BR-AF-06 (IGIC, Canary Islands, category L): document allowance of the category has rate > 0 (the CII artefact tests > 0 although the prose allows 0).
 */
import { defineRule } from '../../types.js';
import { checkRates } from '../vat-checks.js';

export default defineRule({
  id: 'BR-AF-06',
  severity: 'fatal',
  terms: ['BT-95', 'BT-96'],
  message: 'A document level allowance in VAT category L (BT-95): its VAT rate (BT-96) must be greater than zero.',
  check: (inv, report) => checkRates(inv, 'allowance', 'L', 'positive', report),
});
