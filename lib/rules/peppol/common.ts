/**
 * What the Peppol BIS Billing 3.0.21 rules share (OpenPeppol
 * `PEPPOL-EN16931-UBL.sch`, release 2026.05): the document-wide variables of
 * the schematron (`$profile`, `$supplierCountry`, `$customerCountry`, the
 * country flags of the national rules) and the check-digit functions of the
 * identifier rules (`u:gln`, `u:mod11`, `u:mod97-0208`, `u:checkCodiceIPA`,
 * `u:checkCF`, `u:checkPIVAseIT`, `u:abn`, `u:TinVerification`,
 * `u:checkSEOrgnr`), with the XPath value semantics of the official XSLT.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { RuleDocument } from '../document/document.js';
import { UBL_INVOICE } from '../document/ubl-view.js';
import { anyEq, kids, matches, normalizeSpace, normalized, path, single, stringLength, stringValue, XPathDynamicError, xpathNumber } from '../document/xpath.js';

/** The business processes (BT-23) of profile 01 and 02 (`$profile`). */
const PROFILE_01 = ['urn:fdc:peppol.eu:2017:poacc:billing:01:1.0', 'urn:peppol:france:billing:regulated', 'urn:peppol:france:billing:non-regulated'];
const PROFILE_02 = 'urn:peppol:bis:billing_with_response';

/** `$profile`: '01', '02' or 'Unknown', from the root's `cbc:ProfileID` (BT-23). */
export function profile(doc: RuleDocument): '01' | '02' | 'Unknown' {
  return doc.value('peppol:profile', (d) => {
    const p = normalized(kids(d.root, 'cbc:ProfileID'));
    return PROFILE_01.includes(p) ? '01' : p === PROFILE_02 ? '02' : 'Unknown';
  });
}

/** `/*\/.../cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID, 1, 2)` of a party path: the country prefix of its VAT identifier. */
function vatPrefix(root: CiiElement, partyPath: string): string | undefined {
  const schemes = path(root, `${partyPath}/cac:PartyTaxScheme`).filter((s) => anyEq(path(s, 'cac:TaxScheme/cbc:ID'), 'VAT'));
  if (schemes.length === 0) return undefined;
  // The EBV of several strings is an XPath error; of one, whether it is non-empty.
  if (schemes.length > 1) throw new XPathDynamicError('Several VAT tax schemes.');
  const id = single(kids(schemes[0]!, 'cbc:CompanyID'));
  const prefix = id === undefined ? '' : Array.from(stringValue(id)).slice(0, 2).join('');
  return prefix === '' ? undefined : prefix;
}

const countryCode = (root: CiiElement, partyPath: string) => path(root, `${partyPath}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`);

/** `$supplierCountry`: the seller VAT identifier's prefix, else the tax representative's, else the seller's country code (BT-40), else 'XX'; upper-case. */
export function supplierCountry(doc: RuleDocument): string {
  return doc.value('peppol:supplierCountry', (d) => {
    const v = vatPrefix(d.root, 'cac:AccountingSupplierParty/cac:Party') ?? vatPrefix(d.root, 'cac:TaxRepresentativeParty');
    if (v !== undefined) return normalizeSpace(v).toUpperCase();
    const c = countryCode(d.root, 'cac:AccountingSupplierParty/cac:Party');
    return c.length > 0 ? normalized(c).toUpperCase() : 'XX';
  });
}

/** `$customerCountry`: the buyer VAT identifier's prefix, else the buyer's country code (BT-55), else 'XX'; upper-case. */
export function customerCountry(doc: RuleDocument): string {
  return doc.value('peppol:customerCountry', (d) => {
    const v = vatPrefix(d.root, 'cac:AccountingCustomerParty/cac:Party');
    if (v !== undefined) return normalizeSpace(v).toUpperCase();
    const c = countryCode(d.root, 'cac:AccountingCustomerParty/cac:Party');
    return c.length > 0 ? normalized(c).toUpperCase() : 'XX';
  });
}

/** `$accountingSupplierCountry`: as `$supplierCountry` without the tax representative. */
export function accountingSupplierCountry(doc: RuleDocument): string {
  return doc.value('peppol:accountingSupplierCountry', (d) => {
    const v = vatPrefix(d.root, 'cac:AccountingSupplierParty/cac:Party');
    if (v !== undefined) return normalizeSpace(v).toUpperCase();
    const c = countryCode(d.root, 'cac:AccountingSupplierParty/cac:Party');
    return c.length > 0 ? normalized(c).toUpperCase() : 'XX';
  });
}

/** `upper-case(normalize-space(country code)) = code` of a party (the `$...CountryIsDE` / `IsNL` flags). */
export function partyCountryIs(doc: RuleDocument, partyPath: string, code: string): boolean {
  return doc.value(`peppol:countryIs:${partyPath}:${code}`, (d) => normalized(countryCode(d.root, partyPath)).toUpperCase() === code);
}

/** Seller and buyer both in Germany (`$supplierCountryIsDE and $customerCountryIsDE`). */
export const bothGerman = (doc: RuleDocument): boolean =>
  partyCountryIs(doc, 'cac:AccountingSupplierParty/cac:Party', 'DE') && partyCountryIs(doc, 'cac:AccountingCustomerParty/cac:Party', 'DE');

/** `concat(...IdentificationCode)` of a party (the DK and IS rules' `$DKSupplierCountry`, `$SupplierCountry`...): its country code as written. */
export function writtenCountry(doc: RuleDocument, partyPath: string): string {
  return doc.value(`peppol:written:${partyPath}`, (d) => {
    const c = single(countryCode(d.root, partyPath));
    return c === undefined ? '' : stringValue(c);
  });
}

/** True for an Invoice (`/ubl-invoice:Invoice` exists). */
export const isInvoice = (doc: RuleDocument): boolean => doc.root.name === UBL_INVOICE;

/** The digits of `s` (code point - 48 each), as the check-digit functions compute them. */
function codepointDigits(s: string): number[] {
  return Array.from(s).map((c) => c.codePointAt(0)! - 48);
}

/** `u:gln`: the GS1 check digit (weights 3, 1, ... from the right) of a GLN (ISO 6523 0088). */
export function gln(val: string): boolean {
  const chars = Array.from(val);
  const body = codepointDigits(chars.slice(0, chars.length - 1).join('')).reverse();
  let sum = 0;
  body.forEach((d, i) => (sum += d * (1 + (((i + 1) % 2) * 2))));
  return (10 - (sum % 10)) % 10 === xpathNumber(chars.at(-1) ?? '');
}

/** `u:mod11`: the modulus 11 check digit (weights 2..7 from the right) of a Norwegian organisation number (0192). */
export function mod11(val: string): boolean {
  const chars = Array.from(val);
  const body = codepointDigits(chars.slice(0, chars.length - 1).join('')).reverse();
  let sum = 0;
  body.forEach((d, i) => (sum += d * ((i % 6) + 2)));
  return xpathNumber(val) > 0 && (11 - (sum % 11)) % 11 === xpathNumber(chars.at(-1) ?? '');
}

/** `castable as xs:integer`. */
export function integerCastable(s: string): boolean {
  return /^[+-]?[0-9]+$/.test(normalizeSpace(s));
}

/** `u:mod97-0208`: a Belgian enterprise number (0208): 97 minus the first 8 digits modulo 97 gives digits 9 and 10. */
export function mod97be(val: string): boolean {
  const head = Array.from(val).slice(0, 8).join('');
  if (!integerCastable(head)) throw new XPathDynamicError(`Cannot convert "${head}" to xs:integer.`);
  const calculated = String(97n - (BigInt(normalizeSpace(head)) % 97n));
  return xpathNumber(Array.from(val).slice(8, 10).join('')) === xpathNumber(calculated);
}

const LETTERS_DIGITS = /^[A-Za-z0-9]*$/;
const LETTERS = /^[A-Za-z]*$/;
const substr = (s: string, start: number, len: number) => Array.from(s).slice(start - 1, start - 1 + len).join('');

/** `u:checkCodiceIPA`: an Italian IPA code (0201): six letters or digits. */
export function checkCodiceIPA(arg: string): boolean {
  return LETTERS_DIGITS.test(arg) && stringLength(arg) === 6;
}

/** `u:checkCF16`: the shape of a 16-character Italian fiscal code. */
function checkCF16(arg: string): boolean {
  return LETTERS.test(substr(arg, 1, 6)) && integerCastable(substr(arg, 7, 2)) && LETTERS.test(substr(arg, 9, 1)) && integerCastable(substr(arg, 10, 2)) && integerCastable(substr(arg, 15, 1)) && LETTERS.test(substr(arg, 16, 1));
}

/** `u:checkCF`: an Italian fiscal code (0210, 9907): 16 characters of that shape, or 11 digits. */
export function checkCF(arg: string): boolean {
  const n = stringLength(arg);
  if (n === 16) return checkCF16(arg);
  if (n === 11) return integerCastable(arg);
  return false;
}

/** `u:addPIVA`: the digit sum of an Italian VAT number, odd positions as they are, even ones through 0246813579. */
function addPIVA(arg: string, even: boolean): number {
  if (!integerCastable(arg)) return 0;
  const first = normalizeSpace(arg)[0]!;
  if (!/[0-9]/.test(first)) throw new XPathDynamicError(`Cannot convert "${first}" to xs:integer.`);
  const d = Number(first);
  const mapped = even ? Number('0246813579'[d]) : d;
  return mapped + addPIVA(Array.from(arg).slice(1).join(''), !even);
}

/** `u:checkPIVAseIT`: an Italian VAT number (0211) with prefix IT has 11 digits and a digit sum that is a multiple of 10. */
export function checkPIVAseIT(arg: string): boolean {
  const country = substr(arg, 1, 2);
  const code = Array.from(arg).slice(2).join('');
  if (country !== 'IT' && country !== 'it') return true;
  const piva = integerCastable(code) ? addPIVA(code, false) % 10 : 1;
  return stringLength(code) === 11 && piva === 0;
}

/** `u:abn`: the Australian Business Number check (0151): the weighted sum (first digit minus one) is a multiple of 89. */
export function abn(val: string): boolean {
  const cp = (i: number) => (substr(val, i, 1).codePointAt(0) ?? Number.NaN);
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = (cp(1) - 49) * weights[0]!;
  for (let i = 2; i <= 11; i++) sum += (cp(i) - 48) * weights[i - 1]!;
  return sum % 89 === 0;
}

/** `u:TinVerification`: the check digit of a Greek tax number (9 digits). */
export function tinVerification(val: string): boolean {
  const d = Array.from(val).map((c) => xpathNumber(c));
  const n = (i: number) => (i <= d.length ? d[i - 1]! : Number.NaN);
  const checksum = n(8) * 2 + n(7) * 4 + n(6) * 8 + n(5) * 16 + n(4) * 32 + n(3) * 64 + n(2) * 128 + n(1) * 256;
  return ((checksum % 11) % 10) === n(9);
}

/** `u:checkSEOrgnr`: the Luhn check digit of a Swedish organisation number (digit 10). */
export function checkSEOrgnr(num: string): boolean {
  if (!matches(num, '^\\d+$')) return false;
  const main = substr(num, 1, 9);
  const chars = Array.from(main);
  let sum = 0;
  for (let pos = 1; pos <= chars.length; pos++) {
    const digit = xpathNumber(chars[chars.length - pos]!);
    if (Number.isNaN(digit)) throw new XPathDynamicError('Cannot convert NaN to xs:integer.');
    sum += pos % 2 === 1 ? ((digit * 2) % 10) + Math.floor((digit * 2) / 10) : digit;
  }
  return (10 - (sum % 10)) % 10 === xpathNumber(substr(num, 10, 1));
}
