/**
 * BR-FR on UBL: the notes with subjects PMT, PMD and AAB are present
 * (BR-FR-05) and no subject appears twice (BR-FR-06, TXD too), read from the
 * joined `cbc:Note` texts (`#SUBJECT#text`); the billing framework (BT-23,
 * `cbc:ProfileID`) is of the French list (BR-FR-08); SIRET identifiers
 * (scheme 0009) begin with the party's SIREN (BR-FR-09); the seller's legal
 * registration identifier is a SIREN (BT-30, BR-FR-10), the buyer's too on
 * B2B invoices (BT-47, BR-FR-11); both parties have an electronic address
 * (BT-49 BR-FR-12, BT-34 BR-FR-13).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { definePattern, type DocumentAssert, type DocumentRule } from '../../document/types.js';
import { exactDigits } from '../values.js';
import { attr, kids, matches, normalizeSpace, normalized, one, path, stringValue, tokenize } from '../../document/xpath.js';
import { FR_BILLING_FRAMEWORKS } from '../BR-FR-08.js';
import { allNotes, noteValue, roots } from './common.js';

const WHAT: Record<string, string> = { PMT: 'the fixed recovery fee', PMD: 'late payment penalties', AAB: 'early payment discounts', TXD: 'a VAT-related statement' };
const NOTE_TERM: Record<string, string> = { PMT: 'BT-22', PMD: 'BT-22', AAB: 'BT-22', TXD: 'BT-22' };

const present = (subject: string, n: number): DocumentAssert => ({
  id: `BR-FR-05_BT-22-${n}`,
  flag: 'fatal',
  terms: ['BT-21', NOTE_TERM[subject]!],
  message: `A note (BT-22) with subject ${subject} (BT-21), on ${WHAT[subject]}, must be given.`,
  test: (el) => allNotes(el).includes(`#${subject}#`),
});

const unique = (subject: string, n: number): DocumentAssert => ({
  id: `BR-FR-06_BT-21-${n}`,
  flag: 'fatal',
  terms: ['BT-21', 'BT-22'],
  message: `At most one note (BT-22) may have subject ${subject} (BT-21).`,
  test: (el) => tokenize(allNotes(el), `#${subject}#`).length - 1 <= 1,
});

/** Pattern `BR-FR-05`: BR-FR-05_BT-22-1, BR-FR-05_BT-22-2, BR-FR-05_BT-22-3 (BT-21, BT-22). */
export const BR_FR_05 = definePattern('BR-FR-05', { context: roots(), asserts: ['PMT', 'PMD', 'AAB'].map((s, i) => present(s, i + 1)) });
/** Pattern `BR-FR-06`: BR-FR-06_BT-21-1, BR-FR-06_BT-21-2, BR-FR-06_BT-21-3, BR-FR-06_BT-21-4 (BT-21, BT-22). */
export const BR_FR_06 = definePattern('BR-FR-06', { context: roots(), asserts: ['PMT', 'PMD', 'AAB', 'TXD'].map((s, i) => unique(s, i + 1)) });

const FRAMEWORKS = new Set(FR_BILLING_FRAMEWORKS);

/** Pattern `BR-FR-08`: BR-FR-08_BT-23 (BT-23). */
export const BR_FR_08 = definePattern('BR-FR-08', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-08_BT-23',
      flag: 'fatal',
      terms: ['BT-23'],
      message: `The business process type (BT-23) must be a French billing framework (${FR_BILLING_FRAMEWORKS.join(', ')}).`,
      test: (el) => {
        const ids = kids(el, 'cbc:ProfileID');
        return ids.length > 0 && FRAMEWORKS.has(one(ids));
      },
    },
  ],
});

/** `matches(., '^\\d{14}$')` (../values.ts). */
const isSiret = exactDigits(14);
const withScheme = (els: readonly CiiElement[], scheme: string) => els.filter((e) => attr(e, 'schemeID') === scheme);

/** `custom:check-siret-siren-coherence($siret[1], $siren)`; `siren` undefined is the empty sequence. */
function coherent(siret: string, siren: string | undefined): boolean {
  return isSiret(siret) && siren !== undefined && Array.from(siret).slice(0, 9).join('') === siren;
}

/**
 * One BR-FR-09 rule: the SIRET ids (scheme 0009) at `siretPath` of the context
 * and the SIREN at `sirenPath` (with `fallback`, the SIRET's first nine
 * characters when the party gives no SIREN, as the file writes it for all
 * parties but the seller and the buyer).
 */
function siretRule(context: string[], term: string, what: string, siretPath: string, sirenPath: string, fallback: boolean): DocumentRule {
  return {
    context,
    asserts: [
      {
        id: `BR-FR-09_${term}`,
        flag: 'fatal',
        terms: [term],
        message: `A SIRET (scheme 0009) of the ${what} (${term}) must be 14 digits beginning with its SIREN.`,
        test: (el) => {
          const siret = withScheme(path(el, siretPath), '0009');
          if (siret.length === 0) return true;
          const first = stringValue(siret[0]!);
          const sirens = withScheme(path(el, sirenPath), '0002');
          if (!fallback) return coherent(first, sirens.length === 0 ? undefined : one(sirens));
          const siren = one(sirens) !== '' ? one(sirens) : Array.from(first).slice(0, 9).join('');
          return coherent(first, siren);
        },
      },
    ],
  };
}

const PARTY_IDS = 'cac:PartyIdentification/cbc:ID';
const PARTY_SIREN = 'cac:PartyLegalEntity/cbc:CompanyID';

/** Pattern `BR-FR-09`: BR-FR-09_BT-29, BR-FR-09_BT-46, BR-FR-09_BT-60, BR-FR-09_EXT-FR-FE-06, BR-FR-09_EXT-FR-FE-46, BR-FR-09_EXT-FR-FE-69, BR-FR-09_EXT-FR-FE-92, BR-FR-09_EXT-FR-FE-115, BR-FR-09_BT-71, BR-FR-09_EXT-FR-FE-146 (BT-29, BT-46, BT-60, EXT-FR-FE-06, EXT-FR-FE-46, EXT-FR-FE-69). */
export const BR_FR_09 = definePattern(
  'BR-FR-09',
  siretRule(roots('cac:AccountingSupplierParty/cac:Party'), 'BT-29', 'seller', PARTY_IDS, PARTY_SIREN, false),
  siretRule(roots('cac:AccountingCustomerParty/cac:Party'), 'BT-46', 'buyer', PARTY_IDS, PARTY_SIREN, false),
  siretRule(roots('cac:PayeeParty'), 'BT-60', 'payee', PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:AccountingCustomerParty/cac:Party/cac:AgentParty'), 'EXT-FR-FE-06', "buyer's agent", PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:PaymentMeans/cac:PaymentMandate/cac:PayerParty'), 'EXT-FR-FE-46', 'payer', PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:AccountingSupplierParty/cac:Party/cac:AgentParty'), 'EXT-FR-FE-69', "seller's agent", PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:AccountingCustomerParty/cac:Party/cac:ServiceProviderParty/cac:Party'), 'EXT-FR-FE-92', 'invoicee', PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party'), 'EXT-FR-FE-115', 'invoicer', PARTY_IDS, PARTY_SIREN, true),
  siretRule(roots('cac:Delivery'), 'BT-71', 'deliver-to location', 'cac:DeliveryLocation/cbc:ID', `cac:DeliveryParty/${PARTY_SIREN}`, true),
  // As written in the official file: the SIRET is looked for under the line location itself, so this rule never fires.
  siretRule(['ubl:Invoice/cac:InvoiceLine/cac:Delivery/cac:DeliveryLocation', 'cn:CreditNote/cac:CreditNoteLine/cac:Delivery/cac:DeliveryLocation'], 'EXT-FR-FE-146', 'line deliver-to location', 'cac:DeliveryLocation/cbc:ID', `cac:DeliveryParty/${PARTY_SIREN}`, true),
);

const SIREN = '^\\d{9}$';
/** `$siren and matches(normalize-space($siren), '^\d{9}$')`. */
const isSiren = (sirens: readonly CiiElement[]) => sirens.length > 0 && matches(normalized(sirens), SIREN);

/** Pattern `BR-FR-10`: BR-FR-10_BT-30 (BT-30). */
export const BR_FR_10 = definePattern('BR-FR-10', {
  context: 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity',
  asserts: [
    {
      id: 'BR-FR-10_BT-30',
      flag: 'fatal',
      terms: ['BT-30'],
      message: "The seller's legal registration identifier (BT-30) must be a SIREN (9 digits, scheme 0002).",
      test: (el) => isSiren(withScheme(kids(el, 'cbc:CompanyID'), '0002')),
    },
  ],
});

/** Pattern `BR-FR-11`: BR-FR-11_BT-47 (BT-47, BT-22). */
export const BR_FR_11 = definePattern('BR-FR-11', {
  context: roots(),
  asserts: [
    {
      id: 'BR-FR-11_BT-47',
      flag: 'fatal',
      terms: ['BT-47', 'BT-22'],
      message: "On a B2B invoice (BAR note B2B), the buyer's legal registration identifier (BT-47) must be a SIREN (9 digits, scheme 0002).",
      test: (el) => noteValue(el, 'BAR') !== 'B2B' || isSiren(withScheme(path(el, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID'), '0002')),
    },
  ],
});

const endpointGiven = (id: string, term: string, party: string, partyPath: string): DocumentAssert => ({
  id,
  flag: 'fatal',
  terms: [term],
  message: `The ${party}'s electronic address (${term}) must be given.`,
  test: (el) => normalizeSpace(one(path(el, `${partyPath}/cbc:EndpointID`))) !== '',
});

/** Pattern `BR-FR-12`: BR-FR-12_BT-49 (BT-49). */
export const BR_FR_12 = definePattern('BR-FR-12', { context: roots(), asserts: [endpointGiven('BR-FR-12_BT-49', 'BT-49', 'buyer', 'cac:AccountingCustomerParty/cac:Party')] });
/** Pattern `BR-FR-13`: BR-FR-13_BT-34 (BT-34). */
export const BR_FR_13 = definePattern('BR-FR-13', { context: roots(), asserts: [endpointGiven('BR-FR-13_BT-34', 'BT-34', 'seller', 'cac:AccountingSupplierParty/cac:Party')] });
