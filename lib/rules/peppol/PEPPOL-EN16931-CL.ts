/**
 * The Peppol BIS Billing 3.0.21 code-list and format rules on UBL:
 * attachment MIME codes (BT-125, CL001), allowance and charge reason codes
 * (BT-98 / BT-105 and BT-140 / BT-145: CL002, CL003), VAT point date codes
 * (BT-8, CL006), amount currencies (CL007), electronic address schemes
 * (BT-34-1 / BT-49-1, CL008), invoice and credit note type codes (BT-3:
 * P0100, P0101, P0112), dates as YYYY-MM-DD (F001), and the VAT category a
 * VATEX exemption code implies (BT-121 and BT-118 / BT-151: P0104..P0111).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { definePattern, type DocumentAssert, type DocumentRule } from '../document/types.js';
import { attr, kids, normalizeSpace, normalized, single, stringLength, stringValue, xsDate, XPathDynamicError, anyEq } from '../document/xpath.js';
import { bothGerman, profile } from './common.js';
import { PEPPOL_EAS, PEPPOL_ISO4217, PEPPOL_MIME_CODES, PEPPOL_UNCL2005, PEPPOL_UNCL5189, PEPPOL_UNCL7161 } from './codelists.js';

/** `normalize-space(text())` of an element (a type error for several text nodes, which the tree joins: read as one). */
const text = (el: CiiElement) => normalizeSpace(el.text);

const assert = (id: string, terms: string[], message: string, test: DocumentAssert['test']): DocumentAssert => ({ id, flag: 'fatal', terms, message, test });

const INVOICE_TYPES = new Set('71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(' '));
const CREDIT_NOTE_TYPES = new Set('381 396 81 83 532'.split(' '));
const AMOUNTS = ['cbc:Amount', 'cbc:BaseAmount', 'cbc:PriceAmount', 'cbc:TaxAmount', 'cbc:TaxableAmount', 'cbc:LineExtensionAmount', 'cbc:TaxExclusiveAmount', 'cbc:TaxInclusiveAmount', 'cbc:AllowanceTotalAmount', 'cbc:ChargeTotalAmount', 'cbc:PrepaidAmount', 'cbc:PayableRoundingAmount', 'cbc:PayableAmount'];
const DATES = ['cbc:IssueDate', 'cbc:DueDate', 'cbc:TaxPointDate', 'cbc:StartDate', 'cbc:EndDate', 'cbc:ActualDeliveryDate'];

/** P0104..P0111: a tax category with exemption code `code` (any case) has VAT category `category`. */
function vatexRule(code: string, category: string, id: string): DocumentRule {
  return {
    context: 'cac:TaxCategory',
    // `upper-case(cbc:TaxExemptionReasonCode) = code`: several codes are an XPath error (the rule does not select the category).
    where: (el) => {
      const c = single(kids(el, 'cbc:TaxExemptionReasonCode'));
      return c !== undefined && stringValue(c).toUpperCase() === code;
    },
    asserts: [assert(id, ['BT-121', 'BT-118', 'BT-151'], `A VAT category with exemption reason code ${code} (BT-121) must have VAT category code ${category} (BT-118, BT-151).`, (el) => normalized(kids(el, 'cbc:ID')) === category)],
  };
}

/** Pattern `peppol-codelists`: PEPPOL-EN16931-CL001, PEPPOL-EN16931-CL002, PEPPOL-EN16931-CL003, PEPPOL-EN16931-CL006, PEPPOL-EN16931-CL007, PEPPOL-EN16931-P0100, PEPPOL-EN16931-P0112, PEPPOL-EN16931-P0101, PEPPOL-EN16931-F001, PEPPOL-EN16931-CL008, PEPPOL-EN16931-P0104, PEPPOL-EN16931-P0105, PEPPOL-EN16931-P0106, PEPPOL-EN16931-P0107, PEPPOL-EN16931-P0108, PEPPOL-EN16931-P0109, PEPPOL-EN16931-P0110, PEPPOL-EN16931-P0111 (BT-125, BT-98, BT-140, BT-105, BT-145, BT-8). */
export const PEPPOL_CODELISTS = definePattern(
  'peppol-codelists',
  {
    context: 'cbc:EmbeddedDocumentBinaryObject',
    where: (el) => attr(el, 'mimeCode') !== undefined,
    asserts: [assert('PEPPOL-EN16931-CL001', ['BT-125'], `An attached document (BT-125) must have one of the MIME codes ${[...PEPPOL_MIME_CODES].join(', ')}.`, (el) => PEPPOL_MIME_CODES.has(attr(el, 'mimeCode')!))],
  },
  {
    context: 'cac:AllowanceCharge/cbc:AllowanceChargeReasonCode',
    where: (el) => anyEq(kids(el.parent!, 'cbc:ChargeIndicator'), 'false'),
    asserts: [assert('PEPPOL-EN16931-CL002', ['BT-98', 'BT-140'], 'An allowance reason code (BT-98, BT-140) must be a code of the UNTDID 5189 subset Peppol allows.', (el) => PEPPOL_UNCL5189.has(text(el)))],
  },
  {
    context: 'cac:AllowanceCharge/cbc:AllowanceChargeReasonCode',
    where: (el) => anyEq(kids(el.parent!, 'cbc:ChargeIndicator'), 'true'),
    asserts: [assert('PEPPOL-EN16931-CL003', ['BT-105', 'BT-145'], 'A charge reason code (BT-105, BT-145) must be a code of UNTDID 7161.', (el) => PEPPOL_UNCL7161.has(text(el)))],
  },
  {
    context: 'cac:InvoicePeriod/cbc:DescriptionCode',
    asserts: [assert('PEPPOL-EN16931-CL006', ['BT-8'], 'The VAT point date code (BT-8) must be 3, 35 or 432 (UNTDID 2005).', (el) => PEPPOL_UNCL2005.has(text(el)))],
  },
  {
    context: AMOUNTS,
    asserts: [assert('PEPPOL-EN16931-CL007', ['BT-5'], 'The currency of an amount (currencyID, as BT-5 names currencies) must be an ISO 4217 code.', (el) => PEPPOL_ISO4217.has(attr(el, 'currencyID') as string))],
  },
  {
    context: 'cbc:InvoiceTypeCode',
    asserts: [
      assert('PEPPOL-EN16931-P0100', ['BT-3'], 'The invoice type code (BT-3) must be one the Peppol billing profiles allow (e.g. 380, 384, 386, 389).', (el, doc) => !['01', '02'].includes(profile(doc)) || INVOICE_TYPES.has(text(el))),
      assert('PEPPOL-EN16931-P0112', ['BT-3'], 'The invoice type codes 326 (partial) and 384 (corrected) (BT-3) are only allowed between a German seller and a German buyer.', (el, doc) => !['326', '384'].includes(normalizeSpace(stringValue(el))) || bothGerman(doc)),
    ],
  },
  {
    context: 'cbc:CreditNoteTypeCode',
    asserts: [assert('PEPPOL-EN16931-P0101', ['BT-3'], 'The credit note type code (BT-3) must be one the Peppol billing profiles allow (381, 396, 81, 83, 532).', (el, doc) => !['01', '02'].includes(profile(doc)) || CREDIT_NOTE_TYPES.has(text(el)))],
  },
  {
    context: DATES,
    asserts: [
      assert('PEPPOL-EN16931-F001', ['BT-2', 'BT-7', 'BT-9', 'BT-72', 'BT-73', 'BT-74'], 'A date (BT-2, BT-7, BT-9, BT-72, BT-73, BT-74, ...) must be written YYYY-MM-DD.', (el) => {
        if (stringLength(el.text) !== 10) return false;
        try {
          xsDate(stringValue(el));
          return true;
        } catch (e) {
          if (e instanceof XPathDynamicError) return false;
          throw e;
        }
      }),
    ],
  },
  {
    context: 'cbc:EndpointID',
    where: (el) => attr(el, 'schemeID') !== undefined,
    asserts: [assert('PEPPOL-EN16931-CL008', ['BT-34-1', 'BT-49-1'], 'The scheme of an electronic address (BT-34-1, BT-49-1) must be a code of the EAS list Peppol allows.', (el) => PEPPOL_EAS.has(attr(el, 'schemeID')!))],
  },
  vatexRule('VATEX-EU-G', 'G', 'PEPPOL-EN16931-P0104'),
  vatexRule('VATEX-EU-O', 'O', 'PEPPOL-EN16931-P0105'),
  vatexRule('VATEX-EU-IC', 'K', 'PEPPOL-EN16931-P0106'),
  vatexRule('VATEX-EU-AE', 'AE', 'PEPPOL-EN16931-P0107'),
  vatexRule('VATEX-EU-D', 'E', 'PEPPOL-EN16931-P0108'),
  vatexRule('VATEX-EU-F', 'E', 'PEPPOL-EN16931-P0109'),
  vatexRule('VATEX-EU-I', 'E', 'PEPPOL-EN16931-P0110'),
  vatexRule('VATEX-EU-J', 'E', 'PEPPOL-EN16931-P0111'),
);
