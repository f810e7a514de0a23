/**
 * XRechnung 3.0.2 on the payment means, in either syntax: a credit transfer
 * (BT-81 = 30 or 58) carries the account (BG-17) and no card or direct debit
 * (BR-DE-23-a/b, IBAN check BR-DE-19); a card payment (48, 54, 55) the card
 * (BG-18) and nothing else (BR-DE-24-a/b); a direct debit (59) the mandate
 * data (BG-19) and nothing else (BR-DE-25-a/b, IBAN check BR-DE-20).
 *
 * The ids, flags, terms and messages are stated once here; each syntax gives
 * the binding its schematron tests (./cii/BR-DE-payment.ts,
 * ./ubl/BR-DE-payment.ts).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { RuleDocument } from '../document/document.js';
import type { DocumentContext, DocumentRule } from '../document/types.js';
import { isXRechnungIban } from '../document/xpath.js';

/** What the payment rules test, in the terms of one syntax. */
export interface PaymentBinding {
  /** The context: every payment means (BG-16). */
  means: DocumentContext;
  /** BT-81, normalized. */
  code: (means: CiiElement) => string;
  /** The credit transfer account (BG-17) is there. */
  creditAccount: (means: CiiElement) => boolean;
  /** BT-84, as the IBAN check reads it. */
  creditIban: (means: CiiElement) => string;
  /** The payment card (BG-18) is there. */
  card: (means: CiiElement) => boolean;
  /** Some direct debit data (BG-19) is there, as BR-DE-23-b, 24-b and 25-a test it. */
  directDebit: (means: CiiElement, doc: RuleDocument) => boolean;
  /** BT-91, as the IBAN check reads it. */
  debitedIban: (means: CiiElement) => string;
  /** A credit transfer account or card is there, as BR-DE-25-b tests it (the CII test counts the banks too). */
  transferOrCard: (means: CiiElement) => boolean;
}

/** The three payment rules of XRechnung in a syntax's binding. */
export function paymentRules(b: PaymentBinding): { CREDIT_TRANSFER: DocumentRule; CARD_PAYMENT: DocumentRule; DIRECT_DEBIT: DocumentRule } {
  const codeIn = (codes: readonly string[]) => (el: CiiElement) => codes.includes(b.code(el));
  return {
    /** Rule: BR-DE-19, BR-DE-23-a, BR-DE-23-b (BT-84, BT-81, BG-17, BG-18, BG-19). */
    CREDIT_TRANSFER: {
      context: b.means,
      where: codeIn(['30', '58']),
      asserts: [
        {
          id: 'BR-DE-19',
          flag: 'warning',
          terms: ['BT-84', 'BT-81'],
          message: 'For a SEPA credit transfer (BT-81 = 58), the payment account identifier (BT-84) should be a valid IBAN.',
          test: (el) => b.code(el) !== '58' || isXRechnungIban(b.creditIban(el)),
        },
        {
          id: 'BR-DE-23-a',
          flag: 'fatal',
          terms: ['BG-17', 'BT-81'],
          message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must give the credit transfer account (BG-17).',
          test: (el) => b.creditAccount(el),
        },
        {
          id: 'BR-DE-23-b',
          flag: 'fatal',
          terms: ['BG-18', 'BG-19', 'BT-81'],
          message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must not give payment card information (BG-18) or direct debit data (BG-19).',
          test: (el, doc) => !b.card(el) && !b.directDebit(el, doc),
        },
      ],
    },
    /** Rule: BR-DE-24-a, BR-DE-24-b (BG-18, BT-81, BG-17, BG-19). */
    CARD_PAYMENT: {
      context: b.means,
      where: codeIn(['48', '54', '55']),
      asserts: [
        {
          id: 'BR-DE-24-a',
          flag: 'fatal',
          terms: ['BG-18', 'BT-81'],
          message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must give the payment card information (BG-18).',
          test: (el) => b.card(el),
        },
        {
          id: 'BR-DE-24-b',
          flag: 'fatal',
          terms: ['BG-17', 'BG-19', 'BT-81'],
          message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must not give a credit transfer account (BG-17) or direct debit data (BG-19).',
          test: (el, doc) => !b.creditAccount(el) && !b.directDebit(el, doc),
        },
      ],
    },
    /** Rule: BR-DE-20, BR-DE-25-a, BR-DE-25-b (BT-91, BT-81, BG-19, BG-17, BG-18). */
    DIRECT_DEBIT: {
      context: b.means,
      where: codeIn(['59']),
      asserts: [
        {
          id: 'BR-DE-20',
          flag: 'warning',
          terms: ['BT-91', 'BT-81'],
          message: 'For a SEPA direct debit (BT-81 = 59), the debited account identifier (BT-91) should be a valid IBAN.',
          test: (el) => isXRechnungIban(b.debitedIban(el)),
        },
        {
          id: 'BR-DE-25-a',
          flag: 'fatal',
          terms: ['BG-19', 'BT-81'],
          message: 'For a direct debit (BT-81 = 59), an XRechnung must give the direct debit data (BG-19).',
          test: (el, doc) => b.directDebit(el, doc),
        },
        {
          id: 'BR-DE-25-b',
          flag: 'fatal',
          terms: ['BG-17', 'BG-18', 'BT-81'],
          message: 'For a direct debit (BT-81 = 59), an XRechnung must not give a credit transfer account (BG-17) or payment card information (BG-18).',
          test: (el) => !b.transferOrCard(el),
        },
      ],
    },
  };
}
