/**
 * XRechnung 3.0.2 (CII) on payment: the CII binding of the payment means
 * rules (../payment.ts: BR-DE-19, 20, 23-a/b, 24-a/b, 25-a/b); payment
 * instructions are mandatory (BG-16, BR-DE-1); direct debit data, when any is
 * given, is complete (BR-DE-30: BT-90, BR-DE-31: BT-91).
 *
 * CII has no element for BG-19: its three terms are the mandate reference
 * BT-89 (`ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`), the
 * creditor id BT-90 (`ram:CreditorReferenceID`) and the debited account BT-91
 * (`ram:PayerPartyDebtorFinancialAccount/ram:IBANID`).
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { CII } from '../../document/cii-paths.js';
import type { RuleDocument } from '../../document/document.js';
import { has, normalized, one, path } from '../../document/xpath.js';
import { paymentRules } from '../payment.js';

const MEANS = `${CII.SET}/ram:SpecifiedTradeSettlementPaymentMeans`;

const mandateId = (doc: RuleDocument) => doc.at(`${CII.SET}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`);
const creditorId = (doc: RuleDocument) => doc.at(`${CII.SET}/ram:CreditorReferenceID`);
const debitedAccounts = (doc: RuleDocument) => doc.at(`${MEANS}/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`);
/** Any term of BG-19 on the document or this payment means (the form BR-DE-23-b, 24-b and 25-a test). */
const directDebitGiven = (el: CiiElement, doc: RuleDocument) =>
  mandateId(doc).length > 0 || creditorId(doc).length > 0 || has(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID');

export const { CREDIT_TRANSFER, CARD_PAYMENT, DIRECT_DEBIT } = paymentRules({
  means: MEANS,
  code: (el) => normalized(path(el, 'ram:TypeCode')),
  creditAccount: (el) => has(el, 'ram:PayeePartyCreditorFinancialAccount'),
  creditIban: (el) => one(path(el, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID')),
  card: (el) => has(el, 'ram:ApplicableTradeSettlementFinancialCard'),
  directDebit: directDebitGiven,
  debitedIban: (el) => one(path(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID')),
  transferOrCard: (el) =>
    has(el, 'ram:PayeePartyCreditorFinancialAccount') ||
    has(el, 'ram:PayeeSpecifiedCreditorFinancialInstitution') ||
    has(el, 'ram:PayerSpecifiedDebtorFinancialInstitution') ||
    has(el, 'ram:ApplicableTradeSettlementFinancialCard'),
});

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
