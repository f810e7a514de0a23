/**
 * VAT-CHECKSUM (ours, warning): the check digits of the seller (BT-31), seller
 * tax representative (BT-63) and buyer (BT-48) VAT identifiers are consistent,
 * for FR, BE, DE, IT, ES, NL, LU, AT and PT. Other prefixes are not reported.
 * EN 16931 only checks the prefix (BR-CO-09); a mistyped number is otherwise
 * caught only when the buyer's tax office rejects the deduction.
 */
import { defineRule } from '../types.js';
import { checkVatIdentifier } from './checksums.js';

export default defineRule({
  id: 'VAT-CHECKSUM',
  severity: 'warning',
  official: false,
  terms: ['BT-31', 'BT-48', 'BT-63'],
  message: 'The VAT identifier (BT-31, BT-48 or BT-63) does not have valid check digits for its country; please check it.',
  check: (inv, report) => {
    const ids: Array<[string, string | undefined]> = [
      ['seller.vatId', inv.seller.vatId],
      ['taxRepresentative.vatId', inv.taxRepresentative?.vatId],
      ['buyer.vatId', inv.buyer.vatId],
    ];
    for (const [path, value] of ids) {
      if (value === undefined || value.trim() === '') continue;
      if (checkVatIdentifier(value) === false) report({ path });
    }
  },
});
