/**
 * BR-B-01 (split payment, category B): an invoice using category B is a
 * domestic Italian invoice. As in the CII artefact, any B code (BT-151, BT-95,
 * BT-102 or BT-118) triggers the rule and every country code of the invoice's
 * addresses (BT-40, BT-55, BT-69, BT-80) must be IT; each other one is reported.
 */
import { defineRule } from '../../types.js';
import { codeOf, usesCategory } from '../vat-checks.js';

export default defineRule({
  id: 'BR-B-01',
  severity: 'fatal',
  terms: ['BT-151', 'BT-95', 'BT-102', 'BT-40', 'BT-55', 'BT-69', 'BT-80'],
  message: 'An invoice with VAT category B (split payment) on a line, allowance or charge (BT-151, BT-95, BT-102) must be domestic Italian: every address country code (BT-40, BT-55, BT-69, BT-80) must be IT.',
  check: (inv, report) => {
    if (!usesCategory(inv, 'B')) return;
    const countries: Array<[string, string | undefined]> = [
      ['seller.address.countryCode', inv.seller.address.countryCode],
      ['buyer.address.countryCode', inv.buyer.address.countryCode],
      ['taxRepresentative.address.countryCode', inv.taxRepresentative?.address.countryCode],
      ['delivery.address.countryCode', inv.delivery?.address?.countryCode],
    ];
    for (const [path, value] of countries) {
      const country = codeOf(value);
      if (country !== undefined && country !== 'IT') report({ path });
    }
  },
});
