/**
 * The EN 16931 VAT-category rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O,
 * BR-AF, BR-AG, BR-B) as one list, following the CII binding of the CEN
 * validation artefacts release 1.3.16.
 */
import type { RuleDefinition } from '../types.js';
import { onlyWithCategory, type VatCategory } from './vat-checks.js';
import { rules as ae } from './br-ae/index.js';
import { rules as af } from './br-af/index.js';
import { rules as ag } from './br-ag/index.js';
import { rules as b } from './br-b/index.js';
import { rules as e } from './br-e/index.js';
import { rules as g } from './br-g/index.js';
import { rules as ic } from './br-ic/index.js';
import { rules as o } from './br-o/index.js';
import { rules as s } from './br-s/index.js';
import { rules as z } from './br-z/index.js';

/** Every family but S with its category (BR-IC: K, intra-community; BR-AF: L, IGIC; BR-AG: M, IPSI). */
const CATEGORY_FAMILIES: ReadonlyArray<[readonly RuleDefinition[], VatCategory]> = [
  [z, 'Z'], [e, 'E'], [ae, 'AE'], [ic, 'K'], [g, 'G'], [o, 'O'], [af, 'L'], [ag, 'M'], [b, 'B'],
];

/**
 * Every implemented VAT-category rule. The rules of a family other than S
 * run only on invoices that write its category somewhere (see
 * `writesCategory`): on the common invoice, all in category S, the 84
 * of them cost one set look-up each instead of a pass over the lines.
 */
export const rules: RuleDefinition[] = [...s, ...CATEGORY_FAMILIES.flatMap(([family, category]) => family.map((r) => onlyWithCategory(r, category)))];

/** A catalogue rule of these families we deliberately do not run, and why. */
export interface NotImplementedRule {
  id: string;
  reason: string;
}

/**
 * Rules of the catalogue that the official CII artefacts 1.3.16 never raise, so
 * running a real check would report what an official validator does not. The
 * tax amounts of IGIC / IPSI breakdowns are still checked by BR-CO-17.
 */
export const notImplemented: NotImplementedRule[] = [
  {
    id: 'BR-AF-08',
    reason:
      'No-op in the CII artefact: its context is ram:ApplicableTradeTax[CategoryCode=L] but the test iterates over ../ram:RateApplicablePercent, which never exists, so it always passes.',
  },
  {
    id: 'BR-AF-09',
    reason: 'The CII artefact asserts true() ("duplicate of BR-CO-17"); BR-CO-17 checks the IGIC tax amount.',
  },
  {
    id: 'BR-AG-08',
    reason:
      'No-op in the CII artefact: its context is ram:ApplicableTradeTax[CategoryCode=M] but the test iterates over ../ram:RateApplicablePercent, which never exists, so it always passes.',
  },
  {
    id: 'BR-AG-09',
    reason: 'The CII artefact asserts true() ("duplicate of BR-CO-17"); BR-CO-17 checks the IPSI tax amount.',
  },
];
