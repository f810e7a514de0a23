/** ISO 13616 IBAN check digits, shared by every place that reads an IBAN. */

/**
 * True when an IBAN's check digits hold: country code and check digits moved
 * to the end, letters as numbers 10..35, the whole number mod 97 equals 1.
 * `iban` is compact and upper case (callers check its shape first).
 */
export function ibanCheckDigitsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}
