/**
 * The XRechnung 3.0.2 rules for UBL Invoice and CreditNote (KoSIT schematron
 * 2.5.0, `XRechnung-UBL-validation.sch`, with the Peppol rules KoSIT merges
 * in), as patterns in the order of the compiled XSLT. They run over the
 * prefixed view of the document (lib/rules/document/ubl-view.ts).
 */
import { definePattern, type DocumentPattern } from '../../document/types.js';
import { EXTERNAL_DOCUMENT, ROOT, VAT_BREAKDOWN } from './BR-DE-document.js';
import { BUYER_ADDRESS, DELIVER_TO_ADDRESS, SELLER_ADDRESS, SELLER_CONTACT, SELLER_PARTY } from './BR-DE-parties.js';
import { CARD_PAYMENT, CREDIT_TRANSFER, DIRECT_DEBIT } from './BR-DE-payment.js';
import { CVD_RULES } from './BR-DE-CVD.js';
import { EXTENSION_RULES } from './BR-DEX.js';
import { PEPPOL_UBL_PATTERN_1, PEPPOL_UBL_PATTERN_2 } from './PEPPOL-EN16931.js';

/** `ubl-pattern`: the BR-DE rules and the temporary BR-TMP / BR-DE-TMP rules. */
const UBL_PATTERN = definePattern(
  'ubl-pattern',
  ROOT,
  EXTERNAL_DOCUMENT,
  SELLER_PARTY,
  SELLER_ADDRESS,
  SELLER_CONTACT,
  BUYER_ADDRESS,
  DELIVER_TO_ADDRESS,
  CREDIT_TRANSFER,
  CARD_PAYMENT,
  DIRECT_DEBIT,
  VAT_BREAKDOWN,
);

/** Every UBL pattern, in the official order. */
export const XRECHNUNG_UBL_PATTERNS: readonly DocumentPattern[] = [
  PEPPOL_UBL_PATTERN_1,
  PEPPOL_UBL_PATTERN_2,
  UBL_PATTERN,
  definePattern('ubl-extension-pattern', ...EXTENSION_RULES),
  definePattern('ubl-cvd-pattern', ...CVD_RULES),
];
