/**
 * The Peppol identifier rules (PEPPOL-COMMON-R040..R057): an electronic
 * address (BT-34, BT-49), party identifier or legal registration / VAT
 * identifier whose scheme is an ISO 6523 / EAS code with a check rule must
 * pass it: GLN (0088), Norwegian (0192), Danish (0184, 0096, 0198), Belgian
 * (0208), Italian (0201, 0210, 9907, 0211), Swedish (0007), Australian
 * (0151), Dutch (0106, 0190, 9944) and Finnish-Estonian style (0217) numbers.
 * Within the pattern each element is checked by the first rule that selects
 * it (the schemes are exclusive, but a Dutch VAT number with scheme 0088 is
 * checked as a GLN).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { DocumentRule, DocumentSeverity } from '../document/types.js';
import { attr, matches, normalized, normalizeSpace, path, stringLength, stringValue, xpathNumber } from '../document/xpath.js';
import { abn, checkCF, checkCodiceIPA, checkPIVAseIT, checkSEOrgnr, gln, mod11, mod97be } from './common.js';

const ID_CONTEXTS = ['cbc:EndpointID', 'cac:PartyIdentification/cbc:ID', 'cbc:CompanyID'];
const value = (el: CiiElement) => normalizeSpace(stringValue(el));
const onlyDigits = (s: string) => /^[0-9]*$/.test(s);
const substr = (s: string, start: number, len: number) => Array.from(s).slice(start - 1, start - 1 + len).join('');

function schemeRule(scheme: string, id: string, flag: DocumentSeverity, what: string, test: (el: CiiElement) => boolean, contexts = ID_CONTEXTS): DocumentRule {
  return {
    context: contexts,
    where: (el) => attr(el, 'schemeID') === scheme,
    asserts: [{ id, flag, terms: ['BT-29', 'BT-30', 'BT-34', 'BT-46', 'BT-47', 'BT-49'], message: `An identifier or electronic address with scheme ${scheme} (BT-29, BT-30, BT-34, BT-46, BT-47, BT-49) must be ${what}.`, test }],
  };
}

/** PEPPOL-COMMON-R042's Danish number: `DK` and 8 digits, or 8 digits (the string as written). */
function danish(s: string): boolean {
  const n = stringLength(s);
  return (n === 10 && substr(s, 1, 2) === 'DK' && onlyDigits(substr(s, 3, 8))) || (n === 8 && onlyDigits(substr(s, 1, 8)));
}

/** Rules: PEPPOL-COMMON-R040, PEPPOL-COMMON-R041, PEPPOL-COMMON-R042, PEPPOL-COMMON-R052, PEPPOL-COMMON-R053, PEPPOL-COMMON-R043, PEPPOL-COMMON-R044, PEPPOL-COMMON-R045, PEPPOL-COMMON-R046, PEPPOL-COMMON-R047, PEPPOL-COMMON-R049, PEPPOL-COMMON-R050, PEPPOL-COMMON-R054, PEPPOL-COMMON-R055, PEPPOL-COMMON-R056-1, PEPPOL-COMMON-R056-2, PEPPOL-COMMON-R057 (BT-29, BT-30, BT-34, BT-46, BT-47, BT-49). */
export const PEPPOL_COMMON_RULES: readonly DocumentRule[] = [
  schemeRule('0088', 'PEPPOL-COMMON-R040', 'fatal', 'a GLN with a valid check digit', (el) => matches(value(el), '^[0-9]+$') && gln(value(el))),
  schemeRule('0192', 'PEPPOL-COMMON-R041', 'fatal', 'a Norwegian organisation number of 9 digits with a valid check digit', (el) => matches(value(el), '^[0-9]{9}$') && mod11(value(el))),
  schemeRule('0184', 'PEPPOL-COMMON-R042', 'fatal', 'a Danish CVR number (DK and 8 digits, or 8 digits)', (el) => danish(stringValue(el))),
  schemeRule('0096', 'PEPPOL-COMMON-R052', 'fatal', 'a Danish P number of 10 digits', (el) => stringLength(stringValue(el)) === 10 && onlyDigits(substr(stringValue(el), 1, 10))),
  schemeRule('0198', 'PEPPOL-COMMON-R053', 'fatal', 'a Danish SE number (DK and 8 digits)', (el) => stringLength(stringValue(el)) === 10 && substr(stringValue(el), 1, 2) === 'DK' && onlyDigits(substr(stringValue(el), 3, 8))),
  schemeRule('0208', 'PEPPOL-COMMON-R043', 'fatal', 'a Belgian enterprise number of 10 digits with valid check digits', (el) => matches(value(el), '^[0-9]{10}$') && mod97be(value(el))),
  schemeRule('0201', 'PEPPOL-COMMON-R044', 'warning', 'an Italian IPA code of 6 letters or digits', (el) => checkCodiceIPA(value(el))),
  schemeRule('0210', 'PEPPOL-COMMON-R045', 'warning', 'an Italian fiscal code (16 characters, or 11 digits)', (el) => checkCF(value(el))),
  schemeRule('9907', 'PEPPOL-COMMON-R046', 'warning', 'an Italian fiscal code (16 characters, or 11 digits)', (el) => checkCF(value(el)), ['cbc:EndpointID']),
  schemeRule('0211', 'PEPPOL-COMMON-R047', 'warning', 'an Italian VAT number (IT and 11 digits with a valid check digit)', (el) => checkPIVAseIT(value(el))),
  schemeRule('0007', 'PEPPOL-COMMON-R049', 'fatal', 'a Swedish organisation number of 10 digits with a valid check digit', (el) => stringLength(value(el)) === 10 && !Number.isNaN(xpathNumber(value(el))) && checkSEOrgnr(value(el))),
  schemeRule('0151', 'PEPPOL-COMMON-R050', 'fatal', 'an Australian Business Number of 11 digits with valid check digits', (el) => matches(value(el), '^[0-9]{11}$') && abn(value(el))),
  schemeRule('0106', 'PEPPOL-COMMON-R054', 'warning', 'a Dutch KvK number of 8 digits', (el) => matches(value(el), '^[0-9]{8}$')),
  schemeRule('0190', 'PEPPOL-COMMON-R055', 'warning', 'a Dutch OIN of 20 digits', (el) => matches(value(el), '^[0-9]{20}$')),
  schemeRule('9944', 'PEPPOL-COMMON-R056-1', 'warning', 'a Dutch VAT number (NL, 9 digits, B, 2 digits)', (el) => matches(value(el), '^NL[0-9]{9}B[0-9]{2}$')),
  {
    context: 'cac:PartyTaxScheme/cbc:CompanyID',
    where: (el) => normalized(path(el.parent, 'cac:TaxScheme/cbc:ID')) === 'VAT' && value(el).startsWith('NL'),
    asserts: [{ id: 'PEPPOL-COMMON-R056-2', flag: 'warning', terms: ['BT-31', 'BT-48', 'BT-63'], message: 'A Dutch VAT identifier (BT-31, BT-48, BT-63) must read NL, 9 digits, B and 2 digits.', test: (el) => matches(value(el), '^NL[0-9]{9}B[0-9]{2}$') }],
  },
  schemeRule('0217', 'PEPPOL-COMMON-R057', 'warning', 'a number of 12 digits', (el) => matches(value(el), '^[0-9]{12}$')),
];
