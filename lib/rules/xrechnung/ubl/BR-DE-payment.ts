/**
 * XRechnung 3.0.2 (UBL) on payment: a credit transfer (BT-81 = 30 or 58)
 * carries the account (BG-17, `cac:PayeeFinancialAccount`) and no card or
 * mandate (BR-DE-23-a/b, IBAN check BR-DE-19); a card payment (48, 54, 55)
 * the card (BG-18, `cac:CardAccount`) and nothing else (BR-DE-24-a/b); a
 * direct debit (59) the mandate (BG-19, `cac:PaymentMandate`) and nothing
 * else (BR-DE-25-a/b, IBAN check BR-DE-20). BR-DE-1, 30 and 31 are asserted
 * on the root (./BR-DE-document.ts).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import type { DocumentRule } from '../../document/types.js';
import { bothRoots } from '../../document/ubl-paths.js';
import { has, isXRechnungIban, normalized, one, path } from '../../document/xpath.js';

const MEANS = bothRoots('cac:PaymentMeans');
const codeIn = (codes: readonly string[]) => (el: CiiElement) => codes.includes(normalized(path(el, 'cbc:PaymentMeansCode')));

/** Rule: BR-DE-19, BR-DE-23-a, BR-DE-23-b (BT-84, BT-81, BG-17, BG-18, BG-19). */
export const CREDIT_TRANSFER: DocumentRule = {
  context: MEANS,
  where: codeIn(['30', '58']),
  asserts: [
    {
      id: 'BR-DE-19',
      flag: 'warning',
      terms: ['BT-84', 'BT-81'],
      message: 'For a SEPA credit transfer (BT-81 = 58), the payment account identifier (BT-84) should be a valid IBAN.',
      test: (el) => normalized(path(el, 'cbc:PaymentMeansCode')) !== '58' || isXRechnungIban(one(path(el, 'cac:PayeeFinancialAccount/cbc:ID'))),
    },
    {
      id: 'BR-DE-23-a',
      flag: 'fatal',
      terms: ['BG-17', 'BT-81'],
      message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must give the credit transfer account (BG-17).',
      test: (el) => has(el, 'cac:PayeeFinancialAccount'),
    },
    {
      id: 'BR-DE-23-b',
      flag: 'fatal',
      terms: ['BG-18', 'BG-19', 'BT-81'],
      message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must not give payment card information (BG-18) or direct debit data (BG-19).',
      test: (el) => !has(el, 'cac:CardAccount') && !has(el, 'cac:PaymentMandate'),
    },
  ],
};

/** Rule: BR-DE-24-a, BR-DE-24-b (BG-18, BT-81, BG-17, BG-19). */
export const CARD_PAYMENT: DocumentRule = {
  context: MEANS,
  where: codeIn(['48', '54', '55']),
  asserts: [
    {
      id: 'BR-DE-24-a',
      flag: 'fatal',
      terms: ['BG-18', 'BT-81'],
      message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must give the payment card information (BG-18).',
      test: (el) => has(el, 'cac:CardAccount'),
    },
    {
      id: 'BR-DE-24-b',
      flag: 'fatal',
      terms: ['BG-17', 'BG-19', 'BT-81'],
      message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must not give a credit transfer account (BG-17) or direct debit data (BG-19).',
      test: (el) => !has(el, 'cac:PayeeFinancialAccount') && !has(el, 'cac:PaymentMandate'),
    },
  ],
};

/** Rule: BR-DE-20, BR-DE-25-a, BR-DE-25-b (BT-91, BT-81, BG-19, BG-17, BG-18). */
export const DIRECT_DEBIT: DocumentRule = {
  context: MEANS,
  where: codeIn(['59']),
  asserts: [
    {
      id: 'BR-DE-20',
      flag: 'warning',
      terms: ['BT-91', 'BT-81'],
      message: 'For a SEPA direct debit (BT-81 = 59), the debited account identifier (BT-91) should be a valid IBAN.',
      test: (el) => isXRechnungIban(one(path(el, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'))),
    },
    {
      id: 'BR-DE-25-a',
      flag: 'fatal',
      terms: ['BG-19', 'BT-81'],
      message: 'For a direct debit (BT-81 = 59), an XRechnung must give the direct debit data (BG-19).',
      test: (el) => has(el, 'cac:PaymentMandate'),
    },
    {
      id: 'BR-DE-25-b',
      flag: 'fatal',
      terms: ['BG-17', 'BG-18', 'BT-81'],
      message: 'For a direct debit (BT-81 = 59), an XRechnung must not give a credit transfer account (BG-17) or payment card information (BG-18).',
      test: (el) => !has(el, 'cac:PayeeFinancialAccount') && !has(el, 'cac:CardAccount'),
    },
  ],
};
