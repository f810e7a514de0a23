/**
 * The Peppol BIS Billing rules KoSIT merges into XRechnung 3.0.2 for UBL
 * (patterns `peppol-ubl-pattern-1` and `-2` of the merged schematron), built
 * from the Peppol core rules (lib/rules/peppol/ubl-core.ts) with XRechnung's
 * differences: the tolerance `$slackValue` (0.5 for HUF) in R040 and R120,
 * R120 a warning, and no R002..R004, R007, R051, R080, R100.
 */
import { definePattern } from '../../document/types.js';
import { UBL_CREDIT_NOTE, UBL_INVOICE } from '../../document/ubl-view.js';
import {
  allowanceRules, BASE_QUANTITY_UNIT_RULE, EMPTY_ELEMENTS_RULE, ENDPOINT_RULES, linePeriodRule, lineRule, MANDATE_RULE, PRICE_ALLOWANCE_RULE, R005, ROOT_ASSERTS, slackValue,
} from '../../peppol/ubl-core.js';

/** Pattern `peppol-ubl-pattern-1`: PEPPOL-EN16931-R008. */
export const PEPPOL_UBL_PATTERN_1 = definePattern('peppol-ubl-pattern-1', EMPTY_ELEMENTS_RULE);

/** Pattern `peppol-ubl-pattern-2`: PEPPOL-EN16931-R001, PEPPOL-EN16931-R053, PEPPOL-EN16931-R054, PEPPOL-EN16931-R055, PEPPOL-EN16931-R005, PEPPOL-EN16931-R010, PEPPOL-EN16931-R020, PEPPOL-EN16931-R041, PEPPOL-EN16931-R042, PEPPOL-EN16931-R040, PEPPOL-EN16931-R043, PEPPOL-EN16931-R061, PEPPOL-EN16931-R110, PEPPOL-EN16931-R111, PEPPOL-EN16931-R120, PEPPOL-EN16931-R121, PEPPOL-EN16931-R101, PEPPOL-EN16931-R044, PEPPOL-EN16931-R046, PEPPOL-EN16931-R130 (BT-23, BT-110, BG-23, BT-111, BT-6, BT-5). */
export const PEPPOL_UBL_PATTERN_2 = definePattern(
  'peppol-ubl-pattern-2',
  { context: [UBL_CREDIT_NOTE, UBL_INVOICE], asserts: ROOT_ASSERTS },
  { context: 'cbc:TaxCurrencyCode', asserts: [R005] },
  ...ENDPOINT_RULES,
  ...allowanceRules(slackValue),
  MANDATE_RULE,
  linePeriodRule('cbc:StartDate', 'PEPPOL-EN16931-R110', 'BT-134', 'BT-73', 'start', (line, head) => line >= head),
  linePeriodRule('cbc:EndDate', 'PEPPOL-EN16931-R111', 'BT-135', 'BT-74', 'end', (line, head) => line <= head),
  lineRule('warning', slackValue),
  PRICE_ALLOWANCE_RULE,
  BASE_QUANTITY_UNIT_RULE,
);
