/**
 * Check-digit algorithms for our non-official identifier checks: national VAT
 * identifiers (BT-31, BT-48, BT-63) and French SIREN / SIRET numbers.
 *
 * The algorithms are the published national ones; each function returns whether
 * the digits are consistent, never throws.
 */

/** Strips the separators people type inside identifiers (blanks, dots, hyphens, slashes) and upper-cases. */
export function compactIdentifier(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** Luhn (ISO/IEC 7812) check over a string of digits; false for anything else. */
export function isLuhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** SIREN (9 digits, Luhn): the French company number, ICD / EAS scheme 0002. */
export function isValidSiren(value: string): boolean {
  const digits = compactIdentifier(value);
  return /^[0-9]{9}$/.test(digits) && isLuhnValid(digits);
}

/** The SIREN of La Poste, whose establishments' SIRETs use a different check. */
export const LA_POSTE_SIREN = '356000000';

/**
 * SIRET (14 digits, Luhn): a French establishment number, ICD / EAS scheme 0009.
 * La Poste's SIRETs (starting with SIREN 356000000) are valid when the sum of
 * their 14 digits is a multiple of 5 (INSEE's documented exception).
 */
export function isValidSiret(value: string): boolean {
  const digits = compactIdentifier(value);
  if (!/^[0-9]{14}$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE_SIREN)) {
    const total = [...digits].reduce((acc, d) => acc + Number(d), 0);
    return total % 5 === 0;
  }
  return isLuhnValid(digits);
}

const digitsOf = (s: string): number[] => [...s].map(Number);

/** FR: 2-character key + SIREN; a numeric key is (12 + 3 x (SIREN mod 97)) mod 97. Alphanumeric keys are not checkable here. */
function checkFr(body: string): boolean | undefined {
  if (!/^[0-9A-Z]{2}[0-9]{9}$/.test(body)) return false;
  const key = body.slice(0, 2);
  if (!/^[0-9]{2}$/.test(key)) return undefined;
  const siren = BigInt(body.slice(2));
  return Number(key) === Number((12n + 3n * (siren % 97n)) % 97n);
}

/** BE: 10 digits starting with 0 or 1 (9-digit legacy form gets a leading 0); 97 - (first 8 mod 97) = last 2. */
function checkBe(body: string): boolean {
  const n = /^[0-9]{9}$/.test(body) ? `0${body}` : body;
  if (!/^[01][0-9]{9}$/.test(n)) return false;
  return 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8));
}

/** DE: 9 digits, ISO 7064 MOD 11,10 over the first 8. */
function checkDe(body: string): boolean {
  if (!/^[1-9][0-9]{8}$/.test(body)) return false;
  const d = digitsOf(body);
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let s = ((d[i] ?? 0) + product) % 10;
    if (s === 0) s = 10;
    product = (2 * s) % 11;
  }
  const check = (11 - product) % 10;
  return check === d[8];
}

/** IT: 11 digits (partita IVA), Luhn. */
function checkIt(body: string): boolean {
  return /^[0-9]{11}$/.test(body) && isLuhnValid(body);
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** ES: NIF (8 digits + letter), NIE (X/Y/Z + 7 digits + letter), K/L/M NIF, or CIF (entity letter + 7 digits + digit/letter). */
function checkEs(body: string): boolean {
  if (/^[0-9]{8}[A-Z]$/.test(body)) return NIF_LETTERS[Number(body.slice(0, 8)) % 23] === body[8];
  if (/^[XYZ][0-9]{7}[A-Z]$/.test(body)) {
    const n = Number(`${'XYZ'.indexOf(body[0] ?? '')}${body.slice(1, 8)}`);
    return NIF_LETTERS[n % 23] === body[8];
  }
  if (/^[KLM][0-9]{7}[A-Z]$/.test(body)) return NIF_LETTERS[Number(body.slice(1, 8)) % 23] === body[8];
  if (/^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/.test(body)) {
    const d = digitsOf(body.slice(1, 8));
    let total = 0;
    d.forEach((digit, i) => {
      if (i % 2 === 0) {
        const doubled = digit * 2;
        total += Math.floor(doubled / 10) + (doubled % 10);
      } else {
        total += digit;
      }
    });
    const control = (10 - (total % 10)) % 10;
    const letter = 'JABCDEFGHI'[control];
    const last = body[8];
    const first = body[0] ?? '';
    if ('PQRSNW'.includes(first)) return last === letter;
    if ('ABEH'.includes(first)) return last === String(control);
    return last === String(control) || last === letter;
  }
  return false;
}

/** NL: 9 digits + B + 2 digits; legacy MOD 11 (weights 9..2) or, since 2020, MOD 97 over "NL" + number (letters as 10..35). */
function checkNl(body: string): boolean {
  if (!/^[0-9]{9}B[0-9]{2}$/.test(body)) return false;
  const d = digitsOf(body.slice(0, 9));
  const weighted = d.slice(0, 8).reduce((acc, digit, i) => acc + digit * (9 - i), 0) % 11;
  if (weighted !== 10 && weighted === d[8]) return true;
  const numeric = [...`NL${body}`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  return BigInt(numeric) % 97n === 1n;
}

/** LU: 8 digits; first 6 mod 89 = last 2. */
function checkLu(body: string): boolean {
  return /^[0-9]{8}$/.test(body) && Number(body.slice(0, 6)) % 89 === Number(body.slice(6));
}

/** AT: U + 8 digits; weights 1,2,1,2,1,2,1 with digit sums, check = (10 - (sum + 4) mod 10) mod 10. */
function checkAt(body: string): boolean {
  if (!/^U[0-9]{8}$/.test(body)) return false;
  const d = digitsOf(body.slice(1));
  let total = 0;
  for (let i = 0; i < 7; i++) {
    const digit = d[i] ?? 0;
    if (i % 2 === 1) {
      const doubled = digit * 2;
      total += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      total += digit;
    }
  }
  return (10 - ((total + 4) % 10)) % 10 === d[7];
}

/** PT: 9 digits; weights 9..2, check = 11 - (sum mod 11), 10 and 11 becoming 0. */
function checkPt(body: string): boolean {
  if (!/^[0-9]{9}$/.test(body)) return false;
  const d = digitsOf(body);
  const total = d.slice(0, 8).reduce((acc, digit, i) => acc + digit * (9 - i), 0);
  const r = 11 - (total % 11);
  return (r >= 10 ? 0 : r) === d[8];
}

const VAT_CHECKERS: Record<string, (body: string) => boolean | undefined> = {
  FR: checkFr,
  BE: checkBe,
  DE: checkDe,
  IT: checkIt,
  ES: checkEs,
  NL: checkNl,
  LU: checkLu,
  AT: checkAt,
  PT: checkPt,
};

/** Country prefixes whose VAT identifier check digits we verify. */
export const VAT_CHECKSUM_COUNTRIES: readonly string[] = Object.keys(VAT_CHECKERS);

/**
 * Checks a VAT identifier with its country prefix (BT-31, BT-48, BT-63).
 * Returns `true` / `false` for the countries of {@link VAT_CHECKSUM_COUNTRIES},
 * `undefined` when we cannot tell (other prefixes, French alphanumeric keys).
 */
export function checkVatIdentifier(value: string): boolean | undefined {
  const compact = compactIdentifier(value);
  const checker = VAT_CHECKERS[compact.slice(0, 2)];
  return checker ? checker(compact.slice(2)) : undefined;
}
