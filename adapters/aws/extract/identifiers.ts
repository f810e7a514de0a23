/**
 * Party and payment identifiers as read from a document: VAT numbers (BT-31 /
 * BT-48), French SIRET / SIREN (BT-29 / BT-30 / BT-47, schemes 0009 / 0002),
 * IBAN (BT-84) and BIC (BT-86). Textract reports a tax identifier as
 * `TAX_PAYER_ID` or `VENDOR_VAT_NUMBER` without saying which kind it is; this
 * module tells them apart by their form.
 */
import { countryFromVatNumber, normalizeVatNumber } from '../../../lib/input/country.js';
import { ibanCheckDigitsValid } from '../../../lib/input/iban.js';

/** The kind of a tax or registration identifier. */
export type TaxIdKind = 'vat' | 'siret' | 'siren';

/**
 * Classifies a printed tax identifier: a VAT number starts with a country
 * prefix (`FR`, `DE`, `EL`, `XI`, ...) followed by 2-13 characters; a SIRET
 * has 14 digits and a SIREN 9 (spaces allowed as printed).
 *
 * @returns the kind and the identifier without separators, or undefined when it is none of these.
 */
export function classifyTaxId(text: string): { kind: TaxIdKind; value: string } | undefined {
  const digits = text.replace(/[\s.\-]/g, '');
  if (/^\d{14}$/.test(digits)) return { kind: 'siret', value: digits };
  if (/^\d{9}$/.test(digits)) return { kind: 'siren', value: digits };
  const vat = normalizeVatNumber(text.replace(/^(?:n°|no\.?|nr\.?|tva|vat|ust-?idnr\.?|:)+/i, ''));
  if (/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat) && /\d/.test(vat) && countryFromVatNumber(vat) !== undefined) {
    return { kind: 'vat', value: vat };
  }
  return undefined;
}

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
