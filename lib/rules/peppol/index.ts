/**
 * Peppol BIS Billing 3.0.21 (OpenPeppol release 2026.05, `PEPPOL-EN16931-UBL`;
 * the validation artefacts of the Peppol network for invoices and credit
 * notes in UBL 2.1): the PEPPOL-EN16931-R* rules, the identifier rules
 * PEPPOL-COMMON-R*, the code lists PEPPOL-EN16931-CL* / P* / F001, and the
 * national rules (DE, DK, GR, IS, IT, NL, NO, SE), each applying where the
 * official rule file says it applies. UBL only: Peppol BIS Billing has no CII
 * binding. Official ids and flags, our English messages, locations of the
 * checked elements (`/ubl:Invoice/...`).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { runDocumentPatterns } from '../document/engine.js';
import { listAsserts, type DocumentFinding, type DocumentPattern, type DocumentRuleInfo } from '../document/types.js';
import { ublView } from '../document/ubl-view.js';
import { definePattern } from '../document/types.js';
import { PEPPOL_CODELISTS } from './PEPPOL-EN16931-CL.js';
import { PEPPOL_CORE, PEPPOL_CREDIT_NOTE, PEPPOL_EMPTY_ELEMENTS } from './PEPPOL-EN16931.js';
import { PEPPOL_COMMON_RULES } from './PEPPOL-COMMON.js';
import { GERMAN_RULES } from './national/DE.js';
import { DK_RULES, IS_RULES } from './national/DK-IS.js';
import { GR_RECEIVER_RULES, GR_RULES } from './national/GR.js';
import { IT_RULES, NL_RULES, NO_RULES } from './national/NO-IT-NL.js';
import { SE_RULES } from './national/SE.js';

/** Every pattern, in the order of the compiled XSLT (modes M26..M42); the PEPPOL-COMMON rules are part of the core pattern there. */
export const PEPPOL_PATTERNS: readonly DocumentPattern[] = [
  PEPPOL_EMPTY_ELEMENTS,
  PEPPOL_CREDIT_NOTE,
  definePattern(PEPPOL_CORE.id, ...PEPPOL_CORE.rules, ...PEPPOL_COMMON_RULES),
  NO_RULES,
  DK_RULES,
  IT_RULES,
  SE_RULES,
  GR_RULES,
  GR_RECEIVER_RULES,
  IS_RULES,
  NL_RULES,
  GERMAN_RULES,
  PEPPOL_CODELISTS,
];

/** Every Peppol assert we implement, in the official order. */
export const PEPPOL_RULES: readonly DocumentRuleInfo[] = listAsserts(PEPPOL_PATTERNS);

/**
 * Checks a UBL Invoice or CreditNote (its element tree, as lib/cii/reader/tree.ts
 * builds it) against Peppol BIS Billing 3.0.21; never throws because of a finding.
 */
export function checkPeppol(root: CiiElement): DocumentFinding[] {
  return runDocumentPatterns(PEPPOL_PATTERNS, ublView(root));
}
