/**
 * XRechnung 3.0.2 (UBL) on payment: the UBL binding of the payment means
 * rules (../payment.ts): BG-17 is `cac:PayeeFinancialAccount`, BG-18
 * `cac:CardAccount`, BG-19 `cac:PaymentMandate`. BR-DE-1, 30 and 31 are
 * asserted on the root (./BR-DE-document.ts).
 */
import { bothRoots } from '../../document/ubl-paths.js';
import { has, normalized, one, path } from '../../document/xpath.js';
import { paymentRules } from '../payment.js';

export const { CREDIT_TRANSFER, CARD_PAYMENT, DIRECT_DEBIT } = paymentRules({
  means: bothRoots('cac:PaymentMeans'),
  code: (el) => normalized(path(el, 'cbc:PaymentMeansCode')),
  creditAccount: (el) => has(el, 'cac:PayeeFinancialAccount'),
  creditIban: (el) => one(path(el, 'cac:PayeeFinancialAccount/cbc:ID')),
  card: (el) => has(el, 'cac:CardAccount'),
  directDebit: (el) => has(el, 'cac:PaymentMandate'),
  debitedIban: (el) => one(path(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')),
  transferOrCard: (el) => has(el, 'cac:PayeeFinancialAccount') || has(el, 'cac:CardAccount'),
});
