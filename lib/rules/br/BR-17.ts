import type { Identifier } from '../../model/invoice.js';
import { defineRule } from '../types.js';
import { isPresent, textOf } from './support/presence.js';
import { sourceFacts } from '../../model/source-facts.js';

/** An identifier written as a plain CII `ram:ID` (no scheme; with a scheme it becomes `ram:GlobalID`). */
function plainId(identifier: Identifier | undefined): string | undefined {
  if (identifier === undefined || isPresent(identifier.scheme)) return undefined;
  return textOf(identifier.id);
}

/**
 * BR-17: a Payee (BG-10) must have a Payee name (BT-59) and be a party other
 * than the Seller (BG-4). As in the official CII test, the Payee counts as the
 * Seller when its name equals the Seller name (BT-27), its identifier (BT-60)
 * equals a Seller identifier (BT-29) or its legal registration identifier
 * (BT-61) equals the Seller's (BT-30). For a document the names are the
 * elements as written (`(ram:Name) and not(ram:Name = .../SellerTradeParty/ram:Name)`):
 * an empty Payee name is there, and differs from any other Seller name.
 */
export default defineRule({
  id: 'BR-17',
  severity: 'fatal',
  terms: ['BT-59', 'BG-10', 'BG-4'],
  message: 'The Payee (BG-10) must have a Payee name (BT-59) and be different from the Seller (BG-4).',
  check: (inv, report) => {
    const payee = inv.payee;
    if (payee === undefined) return;
    const present = sourceFacts(inv).present;
    const asWritten = (path: string, value: string): string | undefined => (present === undefined ? textOf(value) : present.has(path) ? value : undefined);
    const name = asWritten('payee.name', payee.name);
    if (name === undefined || name === asWritten('seller.name', inv.seller.name)) {
      report({ path: 'payee.name' });
      return;
    }
    const payeeId = plainId(payee.identifier);
    if (payeeId !== undefined && inv.seller.identifiers.some((id) => plainId(id) === payeeId)) {
      report({ path: 'payee.identifier' });
      return;
    }
    const payeeLegal = textOf(payee.legalRegistrationId?.id);
    if (payeeLegal !== undefined && payeeLegal === textOf(inv.seller.legalRegistrationId?.id)) {
      report({ path: 'payee.legalRegistrationId' });
    }
  },
});
