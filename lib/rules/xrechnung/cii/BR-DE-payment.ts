/**
 * XRechnung 3.0.2 (CII) on payment: payment instructions are mandatory
 * (BG-16, BR-DE-1); a credit transfer (BT-81 = 30 or 58) carries the account
 * (BG-17) and no card or direct debit (BR-DE-23-a/b, IBAN check BR-DE-19); a
 * card payment (48, 54, 55) the card (BG-18) and nothing else (BR-DE-24-a/b);
 * a direct debit (59) the mandate data (BG-19) and nothing else (BR-DE-25-a/b,
 * IBAN check BR-DE-20); direct debit data, when any is given, is complete
 * (BR-DE-30: BT-90, BR-DE-31: BT-91).
 *
 * CII has no element for BG-19: its three terms are the mandate reference
 * BT-89 (`ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`), the
 * creditor id BT-90 (`ram:CreditorReferenceID`) and the debited account BT-91
 * (`ram:PayerPartyDebtorFinancialAccount/ram:IBANID`).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import type { DocumentRule } from '../../document/types.js';
import { has, isXRechnungIban, normalized, one, path } from '../../document/xpath.js';

const MEANS = `${CII.SET}/ram:SpecifiedTradeSettlementPaymentMeans`;
const typeIn = (codes: readonly string[]) => (el: CiiElement) => codes.includes(normalized(path(el, 'ram:TypeCode')));

const mandateId = (doc: RuleDocument) => doc.at(`${CII.SET}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`);
const creditorId = (doc: RuleDocument) => doc.at(`${CII.SET}/ram:CreditorReferenceID`);
const debitedAccounts = (doc: RuleDocument) => doc.at(`${MEANS}/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`);
/** Any term of BG-19 on the document or this payment means (the form BR-DE-23-b, 24-b and 25-a test). */
const directDebitGiven = (el: CiiElement, doc: RuleDocument) =>
  mandateId(doc).length > 0 || creditorId(doc).length > 0 || has(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID');

/** Rule: BR-DE-19, BR-DE-23-a, BR-DE-23-b (BT-84, BT-81, BG-17, BG-18, BG-19). */
export const CREDIT_TRANSFER: DocumentRule = {
  context: MEANS,
  where: typeIn(['30', '58']),
  asserts: [
    {
      id: 'BR-DE-19',
      flag: 'warning',
      terms: ['BT-84', 'BT-81'],
      message: 'For a SEPA credit transfer (BT-81 = 58), the payment account identifier (BT-84) should be a valid IBAN.',
      test: (el) => normalized(path(el, 'ram:TypeCode')) !== '58' || isXRechnungIban(one(path(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'))),
    },
    {
      id: 'BR-DE-23-a',
      flag: 'fatal',
      terms: ['BG-17', 'BT-81'],
      message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must give the credit transfer account (BG-17).',
      test: (el) => has(el, 'ram:PayeePartyCreditorFinancialAccount'),
    },
    {
      id: 'BR-DE-23-b',
      flag: 'fatal',
      terms: ['BG-18', 'BG-19', 'BT-81'],
      message: 'For a credit transfer (BT-81 = 30 or 58), an XRechnung must not give payment card information (BG-18) or direct debit data (BG-19).',
      test: (el, doc) => !has(el, 'ram:ApplicableTradeSettlementFinancialCard') && !directDebitGiven(el, doc),
    },
  ],
};

/** Rule: BR-DE-24-a, BR-DE-24-b (BG-18, BT-81, BG-17, BG-19). */
export const CARD_PAYMENT: DocumentRule = {
  context: MEANS,
  where: typeIn(['48', '54', '55']),
  asserts: [
    {
      id: 'BR-DE-24-a',
      flag: 'fatal',
      terms: ['BG-18', 'BT-81'],
      message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must give the payment card information (BG-18).',
      test: (el) => has(el, 'ram:ApplicableTradeSettlementFinancialCard'),
    },
    {
      id: 'BR-DE-24-b',
      flag: 'fatal',
      terms: ['BG-17', 'BG-19', 'BT-81'],
      message: 'For a card payment (BT-81 = 48, 54 or 55), an XRechnung must not give a credit transfer account (BG-17) or direct debit data (BG-19).',
      test: (el, doc) => !has(el, 'ram:PayeePartyCreditorFinancialAccount') && !directDebitGiven(el, doc),
    },
  ],
};

/** Rule: BR-DE-20, BR-DE-25-a, BR-DE-25-b (BT-91, BT-81, BG-19, BG-17, BG-18). */
export const DIRECT_DEBIT: DocumentRule = {
  context: MEANS,
  where: typeIn(['59']),
  asserts: [
    {
      id: 'BR-DE-20',
      flag: 'warning',
      terms: ['BT-91', 'BT-81'],
      message: 'For a SEPA direct debit (BT-81 = 59), the debited account identifier (BT-91) should be a valid IBAN.',
      test: (el) => isXRechnungIban(one(path(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'))),
    },
    {
      id: 'BR-DE-25-a',
      flag: 'fatal',
      terms: ['BG-19', 'BT-81'],
      message: 'For a direct debit (BT-81 = 59), an XRechnung must give the direct debit data (BG-19).',
      test: (el, doc) => directDebitGiven(el, doc),
    },
    {
      id: 'BR-DE-25-b',
      flag: 'fatal',
      terms: ['BG-17', 'BG-18', 'BT-81'],
      message: 'For a direct debit (BT-81 = 59), an XRechnung must not give a credit transfer account (BG-17) or payment card information (BG-18).',
      test: (el) =>
        !has(el, 'ram:PayeePartyCreditorFinancialAccount') &&
        !has(el, 'ram:PayeeSpecifiedCreditorFinancialInstitution') &&
        !has(el, 'ram:PayerSpecifiedDebtorFinancialInstitution') &&
        !has(el, 'ram:ApplicableTradeSettlementFinancialCard'),
    },
  ],
};

/** The document-level payment asserts (their context is the root, see ./BR-DE-document.ts). */
export const ROOT_PAYMENT_ASSERTS = [
  {
    id: 'BR-DE-30',
    flag: 'fatal' as const,
    terms: ['BG-19', 'BT-90'],
    message: 'When direct debit data (BG-19) is given, an XRechnung must give the bank assigned creditor identifier (BT-90).',
    test: (_el: CiiElement, doc: RuleDocument) => {
      const m = mandateId(doc).length > 0;
      const c = creditorId(doc).length > 0;
      const a = debitedAccounts(doc).length > 0;
      return ((m || a) && c) || !(m || c || a);
    },
  },
  {
    id: 'BR-DE-31',
    flag: 'fatal' as const,
    terms: ['BG-19', 'BT-91'],
    message: 'When direct debit data (BG-19) is given, an XRechnung must give the debited account identifier (BT-91).',
    test: (_el: CiiElement, doc: RuleDocument) => {
      const m = mandateId(doc).length > 0;
      const c = creditorId(doc).length > 0;
      const a = debitedAccounts(doc).length > 0;
      return ((m || c) && a) || !(m || c || a);
    },
  },
  {
    id: 'BR-DE-1',
    flag: 'fatal' as const,
    terms: ['BG-16'],
    message: 'An XRechnung must give payment instructions (BG-16).',
    test: (_el: CiiElement, doc: RuleDocument) => doc.at(MEANS).length > 0,
  },
];
