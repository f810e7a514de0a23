/**
 * Presence tests shared by the core EN 16931 rules (BR, BR-CO, BR-DEC).
 *
 * The official CII artefacts test most terms with `normalize-space(x) != ''`;
 * the team convention extends that everywhere: an empty or whitespace-only
 * string counts as absent. Amounts are `Decimal` in the model; a reader that
 * cannot find a mandatory amount (BT-106, BT-131, ...) leaves it `undefined`,
 * so amount presence is checked at run time too.
 */
import { Decimal } from '../../../model/decimal.js';
import type { Identifier, Invoice, PostalAddress } from '../../../model/invoice.js';
import { isPresent } from '../../../model/presence.js';
import { elementPresent, sourceFacts } from '../../../model/source-facts.js';
import { childPath } from '../../../model/model-path.js';

export { isPresent, textOf } from '../../../model/presence.js';

/**
 * XPath `normalize-space`: trims and collapses inner runs of XML whitespace
 * (space, tab, CR, LF) to one space. Used where the official test measures a
 * normalized length (BR-51).
 */
export function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/** True when `value` is a finite decimal (an amount, quantity or rate that is present). */
export function isAmount(value: unknown): value is Decimal {
  return Decimal.isDecimal(value) && (value as Decimal).isFinite();
}

/** True when a postal address group (BG-5, BG-8, BG-12, BG-15) carries at least one term. */
export function isAddressPresent(address: PostalAddress | null | undefined): boolean {
  if (address === null || address === undefined) return false;
  return [address.line1, address.line2, address.line3, address.city, address.postcode, address.subdivision, address.countryCode].some(
    (part) => isPresent(part),
  );
}

/** True when an identifier (BT-29, BT-34, BT-157, ...) has a non-blank value. */
export function isIdentifierPresent(identifier: Identifier | null | undefined): identifier is Identifier {
  return identifier !== null && identifier !== undefined && isPresent(identifier.id);
}

/**
 * An allowance's or charge's reason (BT-97/98, 104/105, 139/140, 144/145) as
 * the official BR-33, 38, 42, 44 and BR-CO-21..24 test it,
 * `(../ram:Reason) or (../ram:ReasonCode)`: for a document an element that
 * exists counts, even empty; otherwise a value that is not blank.
 */
export function hasReason(inv: Invoice, path: string, ac: { reason?: string | undefined; reasonCode?: string | undefined }): boolean {
  return elementPresent(inv, childPath(path, 'reason'), isPresent(ac.reason)) || elementPresent(inv, childPath(path, 'reasonCode'), isPresent(ac.reasonCode));
}

/** An allowance's or charge's amount as BR-31, 36, 41 and 43 test it, `(../ram:ActualAmount)`: the element, for a document, even empty. */
export function hasAmount(inv: Invoice, path: string, ac: { amount?: Decimal | undefined }): boolean {
  return elementPresent(inv, childPath(path, 'amount'), isAmount(ac.amount));
}

/**
 * An amount the official rules only test for existence (`(ram:LineTotalAmount)`:
 * BR-12..15, BR-24, BR-26): for a document its element, even empty or not a
 * number (the rules that cast it judge it, or the official XSLT aborts on
 * it); otherwise a finite value.
 */
export function amountElementPresent(inv: Invoice, path: string, value: unknown): boolean {
  return elementPresent(inv, path, isAmount(value));
}

/**
 * An official general comparison of an amount element with a value
 * (`ram:ChargeAmount >= 0`, `ram:CalculatedAmount = 0`): true when the
 * amount at model path `path` satisfies `test`, or, for a document that
 * repeats the element, any occurrence does. False when there is no amount.
 */
export function someAmount(inv: Invoice, path: string, value: unknown, test: (amount: Decimal) => boolean): boolean {
  const all = sourceFacts(inv).repeatedDecimals?.get(path);
  if (all === undefined) return isAmount(value) && test(value);
  return all.some((v) => isAmount(v) && test(v));
}
