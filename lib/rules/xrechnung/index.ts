/**
 * The German CIUS XRechnung 3.0.2 (KoSIT schematron 2.5.0, with the Peppol
 * rules KoSIT merges in; Apache-2.0): BR-DE-*, BR-DEX-* (extension), BR-DE-CVD-*
 * and BR-TMP-* (Clean Vehicles Directive and temporary rules) and the merged
 * PEPPOL-EN16931-* rules, for CII (./cii/) and UBL (./ubl/), with the
 * official ids and flags and our English messages.
 *
 * Like the official rule file, these rules run on any document, whatever its
 * specification identifier (BT-24); only the extension and CVD rules depend on
 * it. Which scenario a document falls under, and the KoSIT verdict, are
 * decided in ./scenario.ts.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { runDocumentPatterns } from '../document/engine.js';
import { listAsserts, type DocumentFinding, type DocumentPattern, type DocumentRuleInfo } from '../document/types.js';
import { XRECHNUNG_CII_PATTERNS } from './cii/index.js';
import { XRECHNUNG_UBL_PATTERNS } from './ubl/index.js';
import { ublView } from '../document/ubl-view.js';

export { XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID } from './common.js';
export { XRECHNUNG_CII_PATTERNS, XRECHNUNG_UBL_PATTERNS };

/** The rule-set label answers carry when the XRechnung rules ran. */
export const XRECHNUNG_RULE_SET = 'XRechnung 3.0.2';

/** Every CII assert we implement, in the official order. */
export const XRECHNUNG_CII_RULES: readonly DocumentRuleInfo[] = listAsserts(XRECHNUNG_CII_PATTERNS);

/** Every UBL assert we implement, in the official order. */
export const XRECHNUNG_UBL_RULES: readonly DocumentRuleInfo[] = listAsserts(XRECHNUNG_UBL_PATTERNS);

/** Checks a CII document (its element tree) against the XRechnung rules; never throws because of a finding. */
export function checkXRechnungCii(root: CiiElement): DocumentFinding[] {
  return runDocumentPatterns(XRECHNUNG_CII_PATTERNS, root);
}

/**
 * Checks a UBL Invoice or CreditNote (its element tree, as lib/cii/reader/tree.ts
 * builds it) against the XRechnung rules; locations use the prefixes of the
 * official UBL files (`/ubl:Invoice/cac:...`). Never throws because of a finding.
 */
export function checkXRechnungUbl(root: CiiElement): DocumentFinding[] {
  return runDocumentPatterns(XRECHNUNG_UBL_PATTERNS, ublView(root));
}

/** Runs the given patterns (for tests of one family). */
export function runXRechnungPatterns(patterns: readonly DocumentPattern[], root: CiiElement): DocumentFinding[] {
  return runDocumentPatterns(patterns, root);
}
