import { defineRule } from '../types.js';
import { normalizeSpace } from './support/presence.js';

/**
 * BR-51: the Payment card primary account number (BT-87) must not be shown
 * in full: at most 10 characters (first 6 and last 4 digits), counted after
 * whitespace normalization as in the official test.
 */
export default defineRule({
  id: 'BR-51',
  severity: 'fatal',
  terms: ['BT-87', 'BG-18'],
  message: 'The Payment card primary account number (BT-87) must show at most its first 6 and last 4 digits.',
  check: (inv, report) => {
    const card = inv.paymentInstructions?.card;
    if (card === undefined) return;
    if ([...normalizeSpace(card.accountNumber ?? '')].length > 10) report({ path: 'paymentInstructions.card.accountNumber' });
  },
});
