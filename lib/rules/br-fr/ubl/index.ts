/**
 * The French e-invoicing rules BR-FR for UBL Invoice and CreditNote:
 * FNFE-MPE France_RFE v1.4.0.02, `BR-FR-Flux2-Schematron-UBL.sch` (XP Z12-012
 * V1.4, "FATAL" mode), run as the official validator runs it (the compiled
 * XSLT, with the saxon99 form of the BR-FR-MV-14 / BR-FR-BD-14 contexts).
 * All 175 asserts, official ids verbatim (including the file's own slips such
 * as `BR-FR-08_BT-151-2` in BR-FR-15 and `BR-FR-30_BT-21` in BR-FR-31), every
 * one fatal; our English messages. They run over the prefixed UBL view
 * (lib/rules/document/ubl-view.ts) with the document engine's schematron
 * semantics (lib/rules/document/engine.ts).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { runDocumentPatterns } from '../../document/engine.js';
import { listAsserts, type DocumentFinding, type DocumentPattern, type DocumentRuleInfo } from '../../document/types.js';
import { ublView } from '../../document/ubl-view.js';
import { BR_FR_01, BR_FR_02, BR_FR_03, BR_FR_04 } from './BR-FR-01-04.js';
import { BR_FR_05, BR_FR_06, BR_FR_08, BR_FR_09, BR_FR_10, BR_FR_11, BR_FR_12, BR_FR_13 } from './BR-FR-05-13.js';
import { BR_FR_15, BR_FR_16, BR_FR_17, BR_FR_18, BR_FR_20, BR_FR_21, BR_FR_22, BR_FR_31 } from './BR-FR-15-22.js';
import { BR_FR_23, BR_FR_24, BR_FR_25, BR_FR_26, BR_FR_27, BR_FR_28, BR_FR_29, BR_FR_30, BR_FR_32 } from './BR-FR-23-32.js';
import { BR_FR_CO_03, BR_FR_CO_04, BR_FR_CO_05, BR_FR_CO_07, BR_FR_CO_08, BR_FR_CO_09, BR_FR_CO_10, BR_FR_CO_12, BR_FR_CO_14, BR_FR_CO_15 } from './BR-FR-CO.js';
import { BR_FR_DEC_01, BR_FR_DEC_02, BR_FR_DEC_03, BR_FR_DEC_04 } from './BR-FR-DEC.js';
import {
  BR_FR_BD_02, BR_FR_BD_13, BR_FR_BD_14, BR_FR_MV_01, BR_FR_MV_02, BR_FR_MV_03, BR_FR_MV_05, BR_FR_MV_06, BR_FR_MV_07, BR_FR_MV_08,
  BR_FR_MV_09, BR_FR_MV_10, BR_FR_MV_11, BR_FR_MV_12, BR_FR_MV_13, BR_FR_MV_14,
} from './BR-FR-MV-BD.js';

/** Every UBL pattern, in the official file's order. */
export const BR_FR_UBL_PATTERNS: readonly DocumentPattern[] = [
  BR_FR_01, BR_FR_02, BR_FR_03, BR_FR_04, BR_FR_05, BR_FR_06, BR_FR_08, BR_FR_09, BR_FR_10, BR_FR_11, BR_FR_12, BR_FR_13,
  BR_FR_15, BR_FR_16, BR_FR_17, BR_FR_18, BR_FR_20, BR_FR_21, BR_FR_22, BR_FR_23, BR_FR_24, BR_FR_25, BR_FR_26, BR_FR_27,
  BR_FR_28, BR_FR_29, BR_FR_30, BR_FR_31, BR_FR_32,
  BR_FR_CO_03, BR_FR_CO_04, BR_FR_CO_05, BR_FR_CO_07, BR_FR_CO_08, BR_FR_CO_09, BR_FR_CO_10, BR_FR_CO_12, BR_FR_CO_14, BR_FR_CO_15,
  BR_FR_DEC_01, BR_FR_DEC_02, BR_FR_DEC_03, BR_FR_DEC_04,
  BR_FR_MV_01, BR_FR_MV_02, BR_FR_BD_02, BR_FR_MV_03, BR_FR_MV_05, BR_FR_MV_06, BR_FR_MV_07, BR_FR_MV_08, BR_FR_MV_09,
  BR_FR_MV_10, BR_FR_MV_11, BR_FR_MV_12, BR_FR_MV_13, BR_FR_BD_13, BR_FR_MV_14, BR_FR_BD_14,
];

/** Every BR-FR UBL assert we implement, in the official order. */
export const BR_FR_UBL_RULES: readonly DocumentRuleInfo[] = listAsserts(BR_FR_UBL_PATTERNS);

/** Asserts implemented as written that cannot fire on a document the official validator would also judge, with the reason. */
export const BR_FR_UBL_NEVER_FIRING: readonly { id: string; reason: string }[] = [
  { id: 'BR-FR-16_BT-103', reason: 'Its context repeats that of BR-FR-16_BT-96 in the same pattern: the first rule claims every allowance or charge VAT category, so charges are reported as BT-96.' },
  { id: 'BR-FR-DEC-01_BT-111', reason: 'Its context repeats that of BR-FR-DEC-01_BT-110 in the same pattern: every VAT total amount is reported as BT-110.' },
  { id: 'BR-FR-27_BG-32', reason: 'Its context (ubl:Invoice/cac:Item or cn:CreditNote/cac:Item) does not exist in UBL 2.1: items are children of lines.' },
  { id: 'BR-FR-27_BT-160', reason: 'As BR-FR-27_BG-32: its context does not exist in UBL 2.1.' },
  { id: 'BR-FR-27_EXT-FR-FE-159', reason: 'As BR-FR-27_BG-32: its context does not exist in UBL 2.1.' },
  { id: 'BR-FR-01_EXT-FR-FE-136-1', reason: 'Its context (cac:BillingReference/cac:DocumentReference under a line) does not exist in UBL 2.1.' },
  { id: 'BR-FR-01_BT-EXT-FR-FE-136-2', reason: 'As BR-FR-01_EXT-FR-FE-136-1.' },
  { id: 'BR-FR-09_EXT-FR-FE-146', reason: 'It looks for the SIRET under cac:DeliveryLocation/cac:DeliveryLocation, which UBL does not have.' },
];

/**
 * Checks a UBL Invoice or CreditNote (its element tree, see `toElementTree`)
 * against the BR-FR rules. Every finding is fatal, with the official id, our
 * message and the location of the checked element (`/ubl:Invoice/...`).
 */
export function checkBrFrUbl(root: CiiElement): DocumentFinding[] {
  return runDocumentPatterns(BR_FR_UBL_PATTERNS, ublView(root));
}
