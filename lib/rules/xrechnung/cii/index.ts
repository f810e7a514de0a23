/**
 * The XRechnung 3.0.2 rules for CII (KoSIT schematron 2.5.0,
 * `XRechnung-CII-validation.sch`, with the Peppol rules KoSIT merges in), as
 * patterns in the order of the compiled XSLT.
 */
import { definePattern, type DocumentPattern } from '../../document/types.js';
import { CONTEXT, EXTERNAL_DOCUMENT, LINE, ROOT, TRANSACTION, VAT_BREAKDOWN } from './BR-DE-document.js';
import { BUYER_ADDRESS, DELIVER_TO_ADDRESS, SELLER_ADDRESS, SELLER_CONTACT, SELLER_PARTY } from './BR-DE-parties.js';
import { CARD_PAYMENT, CREDIT_TRANSFER, DIRECT_DEBIT } from './BR-DE-payment.js';
import { CVD_RULES } from './BR-DE-CVD.js';
import { EXTENSION_RULES } from './BR-DEX.js';
import { PEPPOL_CII_PATTERN_0A, PEPPOL_CII_PATTERN_0B, PEPPOL_CII_PATTERN_1 } from './PEPPOL-EN16931.js';

/** `cii-pattern`: the BR-DE rules and the temporary BR-TMP / BR-DE-TMP rules. */
const CII_PATTERN = definePattern(
  'cii-pattern',
  ROOT,
  CONTEXT,
  SELLER_PARTY,
  SELLER_ADDRESS,
  SELLER_CONTACT,
  BUYER_ADDRESS,
  EXTERNAL_DOCUMENT,
  DELIVER_TO_ADDRESS,
  CREDIT_TRANSFER,
  CARD_PAYMENT,
  DIRECT_DEBIT,
  VAT_BREAKDOWN,
  TRANSACTION,
  LINE,
);

/** Every CII pattern, in the official order. */
export const XRECHNUNG_CII_PATTERNS: readonly DocumentPattern[] = [
  PEPPOL_CII_PATTERN_1,
  PEPPOL_CII_PATTERN_0A,
  PEPPOL_CII_PATTERN_0B,
  CII_PATTERN,
  definePattern('cii-extension-pattern', ...EXTENSION_RULES),
  definePattern('cii-cvd-pattern', ...CVD_RULES),
];
