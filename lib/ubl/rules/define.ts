/**
 * How a UBL binding variant of an EN 16931 rule is declared: the rule of the
 * one catalogue (lib/rules: id, severity, terms, message), with the
 * evaluation the official UBL schematron gives it. The check receives the
 * UBL document the model was read from (./document.ts) and reports either a
 * model path or, for an element the model has no term for, the element
 * itself (its XPath location becomes the finding's path and location).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Invoice } from '../../model/invoice.js';
import { OFFICIAL_RULES } from '../../rules/index.js';
import { defineRule, type RuleDefinition, type Severity } from '../../rules/types.js';
import { ublDocument, type UblDocument } from './document.js';

/** Reports a failure at a model path, or at an element of the document. */
export type UblReport = (at: string | CiiElement) => void;

/**
 * EN 16931 rules of the CEN UBL artefact that its CII artefact lacks (release
 * 1.3.16 has no BR-AF-08/09 and BR-AG-08/09 for CII): their catalogue entry,
 * evaluated on UBL documents only.
 */
const UBL_ONLY: readonly RuleDefinition[] = [
  defineRule({
    id: 'BR-AF-08',
    severity: 'fatal',
    terms: ['BT-116', 'BT-119', 'BT-131', 'BT-99', 'BT-92', 'BG-23'],
    message: 'For each IGIC (L) rate, the VAT category taxable amount (BT-116) must equal the sum of the line net amounts (BT-131) plus charges (BT-99) minus allowances (BT-92) of category L at that rate (within 1).',
    check: () => undefined,
  }),
  defineRule({
    id: 'BR-AF-09',
    severity: 'fatal',
    terms: ['BT-117', 'BT-116', 'BT-119', 'BG-23'],
    message: 'The IGIC (L) VAT category tax amount (BT-117) must equal the taxable amount (BT-116) times the rate (BT-119), within 1.',
    check: () => undefined,
  }),
  defineRule({
    id: 'BR-AG-08',
    severity: 'fatal',
    terms: ['BT-116', 'BT-119', 'BT-131', 'BT-99', 'BT-92', 'BG-23'],
    message: 'For each IPSI (M) rate, the VAT category taxable amount (BT-116) must equal the sum of the line net amounts (BT-131) plus charges (BT-99) minus allowances (BT-92) of category M at that rate (within 1).',
    check: () => undefined,
  }),
  defineRule({
    id: 'BR-AG-09',
    severity: 'fatal',
    terms: ['BT-117', 'BT-116', 'BT-119', 'BG-23'],
    message: 'The IPSI (M) VAT category tax amount (BT-117) must equal the taxable amount (BT-116) times the rate (BT-119), within 1.',
    check: () => undefined,
  }),
];

/** The ids of the CEN UBL artefact's rules that its CII artefact lacks (see UBL_ONLY). */
export const UBL_ONLY_IDS: ReadonlySet<string> = new Set(UBL_ONLY.map((r) => r.id));

const SHARED: ReadonlyMap<string, RuleDefinition> = new Map([...OFFICIAL_RULES, ...UBL_ONLY].map((r) => [r.id, r]));

/**
 * The UBL variant of rule `id`: same catalogue entry, check `check`.
 * `severity` only where the UBL artefact flags the rule otherwise than CII.
 */
export function ublVariant(id: string, check: (doc: UblDocument, report: UblReport, inv: Invoice) => void, severity?: Severity): RuleDefinition {
  const shared = SHARED.get(id);
  if (shared === undefined) throw new Error(`${id} is not in the EN 16931 rule catalogue`);
  return {
    ...shared,
    ...(severity === undefined ? {} : { severity }),
    check: (inv, report) => {
      const doc = ublDocument(inv);
      if (doc === undefined) return;
      check(doc, (at) => report({ path: typeof at === 'string' ? at : doc.locator.of(at) }), inv);
    },
  };
}
