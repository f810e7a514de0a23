/**
 * Identifiers printed on invoices: VAT identifiers with their country prefix
 * (BT-31 seller, BT-48 buyer), French SIREN / SIRET (BT-30 / BT-47, with
 * their Luhn check), IBAN (BT-84, ISO 13616 mod-97 check) and BIC (BT-86).
 */
import { checkVatIdentifier, isValidSiren, isValidSiret } from '../../rules/extra/checksums.js';
import { isCountryCode } from '../../input/iso-3166.js';
import { ibanCheckDigitsValid } from '../../input/iban.js';
import { isFrenchDocument, type DocumentEvidence } from './evidence.js';

/** An identifier found in a text. */
export interface IdentifierToken {
  /** Compact form: upper case, no separators. */
  value: string;
  index: number;
  length: number;
  /** Check digits verified (true), wrong (false), or not checkable (undefined). */
  checksum?: boolean;
}

/** VAT identifier formats per prefix, on the compact form (VIES formats). */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  NO: /^NO\d{9}(MVA)?$/,
};

const VAT_CANDIDATE = /(?<![A-Za-z0-9])(ATU|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|XI|CHE|NO)[ .-]?([0-9A-Z](?:[ .-]?[0-9A-Z+*]){6,15})(?![A-Za-z0-9])/g;

/** Checks a compact VAT identifier against its country's format. */
export function isVatFormat(compact: string): boolean {
  const prefix = compact.startsWith('CHE') ? 'CH' : compact.slice(0, 2);
  return VAT_FORMATS[prefix]?.test(compact) ?? false;
}

/**
 * Finds VAT identifiers with a country prefix (`FR 11 999 999 998`,
 * `DE123456789`, `ATU12345678`, `CHE-123.456.789 MWST`); the match is
 * shortened group by group until it fits its country's format, so a VAT number
 * followed by other digits is still found. IBANs are not VAT numbers.
 */
export function findVatNumbers(text: string): IdentifierToken[] {
  const out: IdentifierToken[] = [];
  for (const m of text.matchAll(VAT_CANDIDATE)) {
    const raw = m[0];
    const groups = raw.split(/(?<=[ .-])/);
    for (let n = groups.length; n >= 1; n--) {
      const part = groups.slice(0, n).join('').replace(/[ .-]+$/, '');
      let compact = part.replace(/[ .-]/g, '').toUpperCase();
      if (compact.startsWith('CHE')) {
        const suffix = /^\s*(MWST|TVA|IVA)\b/.exec(text.slice(m.index + raw.length));
        if (suffix) compact += suffix[1];
      }
      if (/^BE\d{9}$/.test(compact)) compact = `BE0${compact.slice(2)}`;
      if (!isVatFormat(compact) || isValidIban(compact)) continue;
      const token: IdentifierToken = { value: compact, index: m.index, length: part.length };
      const check = checkVatIdentifier(compact);
      if (check !== undefined) token.checksum = check;
      out.push(token);
      break;
    }
  }
  return out;
}

/** IBAN lengths per country (ISO 13616 registry) for the countries we expect; others are checked by mod-97 only. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
};

/** ISO 13616 check: country code and check digits moved to the end, letters as numbers, remainder mod 97 equals 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  return ibanCheckDigitsValid(iban);
}

/**
 * Finds IBANs, printed compact or in groups of four (`DE88 2008 0000 0970 3757 00`);
 * only those whose mod-97 check digits are right are returned (`checksum: true`).
 */
export function findIbans(text: string): IdentifierToken[] {
  const out: IdentifierToken[] = [];
  const upper = text.toUpperCase();
  for (const m of upper.matchAll(/(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ \-\u00a0]?[A-Z0-9]){11,34}/g)) {
    const raw = m[0];
    // Try the longest prefix that is a valid IBAN: the match may run into the next word.
    for (let end = raw.length; end >= 15; end--) {
      const part = raw.slice(0, end);
      if (/[ \-\u00a0]$/.test(part)) continue;
      const next = raw[end];
      if (next !== undefined && /[A-Z0-9]/.test(next)) continue;
      if (isValidIban(part)) {
        out.push({ value: part.replace(/[ \-\u00a0]/g, ''), index: m.index, length: part.length, checksum: true });
        break;
      }
    }
  }
  return out;
}

/** A BIC (ISO 9362): 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export function isBicFormat(value: string): boolean {
  const m = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/.exec(value);
  return m !== null && isCountryCode(m[1]!);
}

/** Finds a BIC printed after a `BIC` / `SWIFT` label (unlabelled 8- or 11-letter words are too often plain words). */
export function findLabelledBics(text: string): IdentifierToken[] {
  const out: IdentifierToken[] = [];
  for (const m of text.matchAll(/\b(?:BIC|SWIFT|Swift|Bic)(?:[-/ ]?(?:Code|code|SWIFT|BIC))?\s*[:.]?\s*([A-Z0-9]{4} ?[A-Z]{2} ?[A-Z0-9]{2}(?: ?[A-Z0-9]{3})?)(?![A-Za-z0-9])/g)) {
    const value = m[1]!.replace(/ /g, '');
    if (isBicFormat(value)) out.push({ value, index: m.index + m[0].indexOf(m[1]!), length: m[1]!.length });
  }
  return out;
}

/** Finds SIRET (14 digits) and SIREN (9 digits) numbers printed after their label, with the Luhn check ({@link classifyTaxId}). */
export function findFrenchCompanyIds(text: string): { siret: IdentifierToken[]; siren: IdentifierToken[] } {
  const siret: IdentifierToken[] = [];
  const siren: IdentifierToken[] = [];
  for (const m of text.matchAll(/\b(SIRET|SIREN|RCS(?:\s+[A-Z][\p{L}-]+)?|R\.C\.S\.(?:\s+[A-Z][\p{L}-]+)?)\s*(?:n°|no|nº|:|\s)*\s*([0-9](?:[ .]?[0-9]){8}(?:(?:[ .]?[0-9]){5})?)(?![0-9])/giu)) {
    const raw = m[2]!;
    const id = classifyTaxId(raw, { label: m[1]! });
    if (id === undefined || id.kind === 'vat') continue;
    const token: IdentifierToken = { value: id.value, index: m.index + m[0].lastIndexOf(raw), length: raw.length, checksum: id.checksum === true };
    (id.kind === 'siret' ? siret : siren).push(token);
  }
  return { siret, siren };
}

/** The kind of a tax or registration identifier: a VAT identifier (BT-31 / BT-48), a SIRET (BT-29, ICD 0009) or a SIREN (BT-30 / BT-47, ICD 0002). */
export type TaxIdKind = 'vat' | 'siret' | 'siren';

/** A classified identifier. */
export interface TaxIdReading {
  kind: TaxIdKind;
  /** Compact form: upper case, no separators. */
  value: string;
  /** Check digits right (true), wrong (false), or not checkable (undefined). */
  checksum?: boolean;
}

const FRENCH_ID_LABEL = /\b(?:siret|siren|rcs|r\.c\.s)\b/i;
const LEADING_LABEL = /^\s*(?:(?:n°|nº|no\.?|nr\.?|num(?:ber|éro|ero)?|tva|vat|ust-?id(?:nr)?\.?|siret|siren|id)\s*[:.#]?\s*)+/i;

/**
 * Classifies an identifier printed as one value (a Textract tax-id field, a
 * labelled cell), the one policy of both extractors:
 * - a VAT identifier has a country prefix and that country's format
 *   ({@link isVatFormat}); its check digits are verified where an algorithm is known;
 * - 14 or 9 digits are a SIRET or a SIREN only when a label says so (`SIRET`,
 *   `SIREN`, `RCS`, in `label` or the text), or when their Luhn check holds
 *   and the document is French ({@link isFrenchDocument}): nine digits alone
 *   are as likely a US employer number or any other registration.
 *
 * @returns undefined when the text is none of these (or not provably French digits).
 */
export function classifyTaxId(text: string, options: { label?: string; evidence?: DocumentEvidence } = {}): TaxIdReading | undefined {
  const printed = text.normalize('NFKC').trim();
  const value = printed.replace(LEADING_LABEL, '');
  const digits = value.replace(/[\s.\-]/g, '');
  if (/^(?:\d{9}|\d{14})$/.test(digits)) {
    const kind = digits.length === 14 ? 'siret' : 'siren';
    const checksum = kind === 'siret' ? isValidSiret(digits) : isValidSiren(digits);
    const labelled = FRENCH_ID_LABEL.test(options.label ?? '') || FRENCH_ID_LABEL.test(printed);
    if (labelled || (checksum && options.evidence !== undefined && isFrenchDocument(options.evidence))) return { kind, value: digits, checksum };
    return undefined;
  }
  let compact = value.replace(/[\s.\-\/]/g, '').toUpperCase();
  if (/^BE\d{9}$/.test(compact)) compact = `BE0${compact.slice(2)}`;
  if (!isVatFormat(compact) || isValidIban(compact)) return undefined;
  const checksum = checkVatIdentifier(compact);
  return checksum === undefined ? { kind: 'vat', value: compact } : { kind: 'vat', value: compact, checksum };
}
