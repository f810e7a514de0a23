/**
 * Credit transfer accounts as the official CII artefacts see them (BR-50, BR-61).
 */
import type { CreditTransfer, Invoice } from '../../../model/invoice.js';
import { isPresent, textOf } from './presence.js';

/** Payment means type codes (BT-81, UNTDID 4461) whose accounts BR-50 and BR-61 inspect: credit transfer and SEPA credit transfer. */
export const CREDIT_TRANSFER_MEANS: ReadonlySet<string> = new Set(['30', '58']);

/**
 * The credit transfers (BG-17) of payment instructions with means 30 or 58
 * that carry an account part: in CII a payee account element exists only
 * when the Payment account identifier (BT-84) or name (BT-85) is given; the
 * service provider identifier (BT-86) lives elsewhere. These are the places
 * the official BR-50 and BR-61 tests run on.
 */
export function creditTransferAccounts(inv: Invoice): Array<{ transfer: CreditTransfer; path: string }> {
  const pay = inv.paymentInstructions;
  if (pay === undefined) return [];
  const means = textOf(pay.typeCode);
  if (means === undefined || !CREDIT_TRANSFER_MEANS.has(means)) return [];
  return pay.creditTransfers
    .map((transfer, i) => ({ transfer, path: `paymentInstructions.creditTransfers[${i}]` }))
    .filter(({ transfer }) => isPresent(transfer.accountId) || isPresent(transfer.accountName));
}
