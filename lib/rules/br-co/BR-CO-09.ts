import { defineRule } from '../types.js';
import { elementPresent, textsAsWritten } from '../../model/source-facts.js';
import { VAT_ID_PREFIXES } from '../br/support/country-prefixes.js';
import { textOf } from '../br/support/presence.js';

/**
 * BR-CO-09: the Seller VAT identifier (BT-31), the Seller tax representative
 * VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) must start with
 * an ISO 3166-1 alpha-2 country code (`EL` for Greece; case-sensitive, as the
 * official test).
 */
export default defineRule({
  id: 'BR-CO-09',
  severity: 'fatal',
  terms: ['BT-31', 'BT-63', 'BT-48'],
  message: 'A VAT identifier (BT-31, BT-63, BT-48) must start with an ISO 3166-1 alpha-2 country prefix.',
  check: (inv, report) => {
    const candidates: Array<[string, string | undefined]> = [
      ['seller.vatId', inv.seller.vatId],
      ['buyer.vatId', inv.buyer.vatId],
      ['taxRepresentative.vatId', inv.taxRepresentative?.vatId],
    ];
    for (const [path, value] of candidates) {
      // Officially `substring(., 1, 2)` of every VA-scheme ID element as written: a blank or
      // indented one fails. A model not read from CII is checked trimmed, blank as absent.
      // Each VA-scheme ID of the party is a context of its own (textsAsWritten: all of them).
      const vatIds = elementPresent(inv, path, false) ? textsAsWritten(inv, path, value) : [textOf(value)];
      if (vatIds.some((vatId) => vatId !== undefined && !VAT_ID_PREFIXES.has(vatId.slice(0, 2)))) report({ path });
    }
  },
});
