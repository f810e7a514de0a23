/**
 * The French coherence rules (BR-FR-CO-nn) on the whole document: what a
 * document type requires (CO-03, CO-04, CO-05), due dates (CO-07), billing
 * framework and type (CO-08), already-paid invoices (CO-09), identifier
 * schemes (CO-10), invoices not in euros (CO-12) and members of a VAT group
 * (CO-14, CO-15).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P, selection } from './document.js';
import type { FrDocument, Selection } from './document.js';
import { GLOBAL_ID_PARTIES, type FrParty } from './parties.js';
import { definePattern, type BrFrRule } from './types.js';
import { anyEq, anyIn, anyNe, attr, exists, kid, kids, path, steps, str, withAttr, xpathNumber } from './xpath.js';

const ROOT = 'rsm:CrossIndustryInvoice';
const TYPE_CODE = selection(`${P.DOC}/ram:TypeCode`);
const FRAMEWORK = selection(`${P.CTX}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`);
const CONTRACT = selection(`${P.AGR}/ram:ContractReferencedDocument/ram:IssuerAssignedID`);
const PERIOD_START = selection(`${P.SET}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`);
const PERIOD_END = selection(`${P.SET}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`);
const PRECEDING = selection(`${P.SET}/ram:InvoiceReferencedDocument`);
const LINES = selection(P.LINE);
const ISSUE_DATE = selection(`${P.DOC}/ram:IssueDateTime/udt:DateTimeString`);
const INVOICE_CURRENCY = selection(`${P.SET}/ram:InvoiceCurrencyCode`);
const TAX_CURRENCY = selection(`${P.SET}/ram:TaxCurrencyCode`);
const TAX_TOTAL = selection(`${P.SUM}/ram:TaxTotalAmount`);
const SELLER_GLOBAL_IDS = selection(`${P.AGR}/ram:SellerTradeParty/ram:GlobalID`);
const NOTES = selection(`${P.DOC}/ram:IncludedNote`);
const TAX_REPRESENTATIVE = selection(`${P.AGR}/ram:SellerTaxRepresentativeTradeParty`);
const LINE_STATUS = steps('ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode');
const LINE_PRECEDING = steps('ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument');
const REFERENCE_DATE = steps('ram:FormattedIssueDateTime/qdt:DateTimeString');
const TAX_REGISTRATION_ID = steps('ram:SpecifiedTaxRegistration/ram:ID');
const typeCode = (doc: FrDocument) => doc.at(TYPE_CODE);
const framework = (doc: FrDocument) => doc.at(FRAMEWORK);
const set = (...v: string[]) => new Set(v);
const DUE_DATE = selection(`${P.SET}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`);
const PAID = set('B2', 'S2', 'M2');
const GLOBAL_DISCOUNT = set('262');
const CORRECTIVE = set('384', '471', '472', '473');
const CREDIT_NOTES = set('261', '381', '396', '502', '503');
const PREPAYMENT = set('386', '500', '503');
const FRAMEWORKS_4 = set('B4', 'S4', 'M4');

/** A preceding-invoice reference with its number (BT-25) and date (BT-26). */
const completeReference = (ref: CiiElement) => kid(ref, 'ram:IssuerAssignedID') !== undefined && exists(ref, REFERENCE_DATE);

export const BR_FR_CO_03 = definePattern('BR-FR-CO-03', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-03_BT-3',
      terms: ['BT-3', 'BT-12', 'BT-73', 'BT-74'],
      message: 'A global discount credit note (BT-3 = 262) requires the contract reference (BT-12) and the invoicing period start and end dates (BT-73, BT-74).',
      test: (_el, doc) =>
        !anyIn(typeCode(doc), GLOBAL_DISCOUNT) ||
        (str(doc.at(CONTRACT)) !== '' && str(doc.at(PERIOD_START)) !== '' && str(doc.at(PERIOD_END)) !== ''),
    },
  ],
});

export const BR_FR_CO_04 = definePattern('BR-FR-CO-04', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-04_BT-4',
      terms: ['BT-3', 'BG-3', 'BT-25'],
      message: 'A corrective invoice (BT-3 = 384, 471, 472 or 473) must reference exactly one preceding invoice (BG-3, BT-25).',
      test: (_el, doc) => !anyIn(typeCode(doc), CORRECTIVE) || doc.at(PRECEDING).length === 1,
    },
  ],
});

export const BR_FR_CO_05 = definePattern('BR-FR-CO-05', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-05_BT-3',
      terms: ['BT-3', 'BT-25', 'BT-26'],
      message: 'A credit note (BT-3 = 261, 381, 396, 502 or 503) must reference the preceding invoice with its number (BT-25) and issue date (BT-26), in the header or on every line.',
      test: (_el, doc) => {
        if (!anyIn(typeCode(doc), CREDIT_NOTES)) return true;
        if (doc.at(PRECEDING).some(completeReference)) return true;
        return doc.at(LINES).every((line) => {
          const status = path(line, LINE_STATUS);
          if (status.length > 0 && !anyEq(status, 'DETAIL')) return true;
          return path(line, LINE_PRECEDING).some(completeReference);
        });
      },
    },
  ],
});

export const BR_FR_CO_07 = definePattern('BR-FR-CO-07', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-07_BT-9',
      terms: ['BT-9', 'BT-2'],
      message: 'The payment due date (BT-9) must not be before the invoice issue date (BT-2), except for prepayment invoices (386, 500, 503) and already-paid invoices (BT-23 = B2, S2, M2).',
      test: (_el, doc) => {
        const due = str(doc.at(DUE_DATE));
        if (due === '') return true;
        if (anyIn(typeCode(doc), PREPAYMENT) || anyIn(framework(doc), PAID)) return true;
        const issue = doc.at(ISSUE_DATE);
        // `$dueDate ge $issueDate` on untyped values: a string comparison (code points); false without an issue date.
        return issue.length > 0 && due >= str(issue);
      },
    },
  ],
});

export const BR_FR_CO_08 = definePattern('BR-FR-CO-08', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-08_BT-23',
      terms: ['BT-23', 'BT-3'],
      message: 'A prepayment invoice (BT-3 = 386, 500 or 503) cannot be issued under the billing frameworks B4, S4 or M4 (BT-23).',
      test: (_el, doc) => !anyIn(framework(doc), FRAMEWORKS_4) || !anyIn(typeCode(doc), PREPAYMENT),
    },
  ],
});

const PREPAID = selection(`${P.SUM}/ram:TotalPrepaidAmount`);
const GRAND_TOTAL = selection(`${P.SUM}/ram:GrandTotalAmount`);
const DUE_PAYABLE = selection(`${P.SUM}/ram:DuePayableAmount`);
const num = (doc: FrDocument, amount: Selection) => xpathNumber(str(doc.at(amount)));

export const BR_FR_CO_09 = definePattern('BR-FR-CO-09', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-09_BT-23-1',
      terms: ['BT-23', 'BT-113', 'BT-112'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must have the paid amount (BT-113) equal to the total with VAT (BT-112).',
      test: (_el, doc) => !anyIn(framework(doc), PAID) || num(doc, PREPAID) === num(doc, GRAND_TOTAL),
    },
    {
      id: 'BR-FR-CO-09_BT-23-2',
      terms: ['BT-23', 'BT-115'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must have an amount due for payment (BT-115) of zero.',
      test: (_el, doc) => !anyIn(framework(doc), PAID) || num(doc, DUE_PAYABLE) === 0,
    },
    {
      id: 'BR-FR-CO-09_BT-23-3',
      terms: ['BT-23', 'BT-9'],
      message: 'An already-paid invoice (BT-23 = B2, S2 or M2) must give the payment date as due date (BT-9).',
      test: (_el, doc) => !anyIn(framework(doc), PAID) || str(doc.at(DUE_DATE)) !== '',
    },
  ],
});

function schemeRule(party: FrParty): BrFrRule {
  const t = party.id;
  return {
    context: party.path,
    asserts: [
      {
        id: `BR-FR-CO-10_${t}-1`,
        terms: [t],
        message: `Every identifier of the ${party.name} (${t}) must have a scheme identifier (${t}-1).`,
        test: (el) => {
          const children = el.children;
          for (let i = 0; i < children.length; i++) if (children[i]!.name === 'ram:GlobalID' && attr(children[i]!, 'schemeID') === undefined) return false;
          return true;
        },
      },
      {
        id: `BR-FR-CO-10_${t}-2`,
        terms: [t],
        message: `The ${party.name} may have at most one identifier (${t}) per scheme (${t}-1).`,
        test: (el) => {
          // No scheme repeated among the identifiers that have one (a party has a few: pairs compared, nothing built).
          const children = el.children;
          for (let i = 0; i < children.length; i++) {
            if (children[i]!.name !== 'ram:GlobalID') continue;
            const scheme = attr(children[i]!, 'schemeID');
            if (scheme === undefined) continue;
            for (let j = i + 1; j < children.length; j++) if (children[j]!.name === 'ram:GlobalID' && attr(children[j]!, 'schemeID') === scheme) return false;
          }
          return true;
        },
      },
    ],
  };
}

export const BR_FR_CO_10 = definePattern('BR-FR-CO-10', ...GLOBAL_ID_PARTIES.map(schemeRule));

export const BR_FR_CO_12 = definePattern('BR-FR-CO-12', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-12_BT-5',
      terms: ['BT-5', 'BT-6', 'BT-111'],
      message: 'An invoice not in euros (BT-5) must give EUR as VAT accounting currency (BT-6) and the total VAT amount in euros (BT-111).',
      test: (_el, doc) =>
        !anyNe(doc.at(INVOICE_CURRENCY), 'EUR') || (anyEq(doc.at(TAX_CURRENCY), 'EUR') && str(withAttr(doc.at(TAX_TOTAL), 'currencyID', 'EUR')) !== ''),
    },
  ],
});

const isVatGroupMember = (doc: FrDocument) => withAttr(doc.at(SELLER_GLOBAL_IDS), 'schemeID', '0231').length > 0;

export const BR_FR_CO_14 = definePattern('BR-FR-CO-14', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-14_BT-29-1',
      terms: ['BT-29', 'BT-29-1', 'BT-22'],
      message: 'A seller that is a member of a VAT group (identifier with scheme 0231, BT-29-1) must carry a note with subject TXD reading MEMBRE_ASSUJETTI_UNIQUE (BT-22).',
      test: (_el, doc) =>
        !isVatGroupMember(doc) ||
        doc.at(NOTES).some((n) => anyEq(kids(n, 'ram:SubjectCode'), 'TXD') && anyEq(kids(n, 'ram:Content'), 'MEMBRE_ASSUJETTI_UNIQUE')),
    },
  ],
});

export const BR_FR_CO_15 = definePattern('BR-FR-CO-15', {
  context: ROOT,
  asserts: [
    {
      id: 'BR-FR-CO-15_BT-29-1',
      terms: ['BT-29-1', 'BG-11', 'BT-63'],
      message: "A seller that is a member of a VAT group (scheme 0231, BT-29-1) must name its tax representative (BG-11) with the representative's VAT identifier (BT-63).",
      test: (_el, doc) => {
        if (!isVatGroupMember(doc)) return true;
        const rep = doc.at(TAX_REPRESENTATIVE);
        return rep.length > 0 && str(withAttr(path(rep, TAX_REGISTRATION_ID), 'schemeID', 'VA')) !== '';
      },
    },
  ],
});
