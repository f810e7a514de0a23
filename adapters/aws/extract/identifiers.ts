/**
 * Payment identifiers as read from a document: IBAN (BT-84) and BIC (BT-86).
 * Tax identifiers (VAT, SIRET, SIREN) are told apart by the field parser's
 * classifyTaxId, the one policy of both extractors.
 */
import { ibanCheckDigitsValid } from '../../../lib/input/iban.js';

/**
 * An IBAN (BT-84) without spaces, upper case, when its ISO 13616 check digits
 * are right (mod 97 = 1); undefined otherwise.
 */
export function normaliseIban(text: string): string | undefined {
  const iban = text.replace(/^iban\s*:?/i, '').replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined;
  return ibanCheckDigitsValid(iban) ? iban : undefined;
}

/** A BIC (BT-86): 8 or 11 characters, upper case; undefined when malformed. */
export function normaliseBic(text: string): string | undefined {
  const bic = text.replace(/^(?:bic|swift)\s*:?/i, '').replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic) ? bic : undefined;
}

/**
 * Every valid IBAN found in a text, printed with or without groups of four.
 * A run of groups may continue into the next words (`... 189 BIC AGRIFRPP`),
 * so shorter runs are tried until the check digits hold.
 */
export function ibansInText(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.toUpperCase().matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}/g)) {
    const groups = m[0].split(' ');
    for (let n = groups.length; n >= 1; n--) {
      const iban = normaliseIban(groups.slice(0, n).join(''));
      if (iban !== undefined) {
        found.add(iban);
        break;
      }
    }
  }
  return [...found];
}
