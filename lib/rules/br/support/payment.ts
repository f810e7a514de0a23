/**
 * Credit transfer accounts as the official CII artefacts see them (BR-50, BR-61).
 */
import type { CreditTransfer, Invoice } from '../../../model/invoice.js';
import { isPresent, textOf } from './presence.js';
import { elementPresent, sourceFacts } from '../../../model/source-facts.js';
import { childPath } from '../../../model/model-path.js';

/** Payment means type codes (BT-81, UNTDID 4461) whose accounts BR-50 and BR-61 inspect: credit transfer and SEPA credit transfer. */
export const CREDIT_TRANSFER_MEANS: ReadonlySet<string> = new Set(['30', '58']);

/**
 * The credit transfers (BG-17) of payment instructions with means 30 or 58
 * that carry an account part: in CII a payee account element exists only
 * when the Payment account identifier (BT-84) or name (BT-85) is given; the
 * service provider identifier (BT-86) lives elsewhere. These are the places
 * the official BR-50 and BR-61 tests run on. For an invoice read from CII
 * it is the `PayeePartyCreditorFinancialAccount` element, whatever it holds
 * (empty, or its IBANID empty, it is still checked), and the means code is that of each transfer's own payment means (see
 * lib/model/source-facts.ts), else the Payment means type code (BT-81).
 */
export function creditTransferAccounts(inv: Invoice): Array<{ transfer: CreditTransfer; path: string }> {
  const pay = inv.paymentInstructions;
  if (pay === undefined) return [];
  const perTransfer = sourceFacts(inv).creditTransferMeansCodes;
  // Officially `SpecifiedTradeSettlementPaymentMeans[ram:TypeCode='30' or ram:TypeCode='58']`: the code as written, ` 58 ` is not 58.
  const meansOf = (i: number): string | undefined => (perTransfer === undefined ? textOf(pay.typeCode) : perTransfer[i]);
  return pay.creditTransfers
    .map((transfer, i) => ({ transfer, path: `paymentInstructions.creditTransfers[${i}]`, means: meansOf(i) }))
    .filter(({ means }) => means !== undefined && CREDIT_TRANSFER_MEANS.has(means))
    .filter(({ transfer, path }) => elementPresent(inv, childPath(path, 'account'), isPresent(transfer.accountId) || isPresent(transfer.accountName)))
    .map(({ transfer, path }) => ({ transfer, path }));
}

/**
 * The payment means type codes (BT-81) to check, with their model path: for
 * an invoice read from CII, that of every payment means of the document (the
 * model keeps the first); otherwise BT-81 itself.
 */
export function paymentMeansCodes(inv: Invoice): Array<{ code: string | undefined; path: string }> {
  const pay = inv.paymentInstructions;
  if (pay === undefined) return [];
  const path = 'paymentInstructions.typeCode';
  const codes = sourceFacts(inv).paymentMeansCodes;
  return codes === undefined ? [{ code: pay.typeCode, path }] : codes.map((code) => ({ code, path }));
}
