import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from '../br/support/presence.js';
import { elementPresent, groupPresent } from '../../model/source-facts.js';

/**
 * BR-CO-26: the Seller (BG-4) must be identifiable by a Seller identifier
 * (BT-29), a Seller legal registration identifier (BT-30) or a Seller VAT
 * identifier (BT-31). A tax registration identifier (BT-32) does not count.
 * The official test asks for the elements (`(ram:ID) or (ram:GlobalID) or
 * ...`): for a document, an empty one identifies the seller too.
 */
export default defineRule({
  id: 'BR-CO-26',
  severity: 'fatal',
  terms: ['BT-29', 'BT-30', 'BT-31', 'BG-4'],
  message: 'The Seller has no Seller identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31).',
  check: (inv, report) => {
    // Officially evaluated in the context of the seller party, if the document has one.
    if (!groupPresent(inv, 'seller')) return;
    const seller = inv.seller;
    const identified =
      seller.identifiers.some((id, k) => elementPresent(inv, `seller.identifiers[${k}]`, isIdentifierPresent(id))) ||
      elementPresent(inv, 'seller.legalRegistrationId', isIdentifierPresent(seller.legalRegistrationId)) ||
      elementPresent(inv, 'seller.vatId', isPresent(seller.vatId));
    if (!identified) report({ path: 'seller' });
  },
});
