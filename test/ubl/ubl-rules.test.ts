/**
 * The EN 16931 rules on UBL documents, case by case: each case edits the
 * hand-written valid invoice or credit note and asserts the rule ids and
 * locations (not messages), for the places where the official UBL test
 * differs from the CII one (the UBL binding's variants, lib/ubl/rules) and a
 * few shared rules. Every expectation here was checked against the official
 * validator (en16931-check) when written; the corpus tests
 * (test/conformance/ubl-corpus.test.ts) check the same rules on 1,483 files.
 */
import { describe, expect, it } from 'vitest';
import { officialDisagreements } from '../fixtures/ubl/official.js';
import { CREDIT_NOTE, INVOICE, insertBefore, replace, ruleCases, ruleFindings, rulesAt } from '../fixtures/ubl/snippets.js';

const { run: runCases, all: ALL_CASES } = ruleCases(ruleFindings);

const INV = '/ubl:Invoice';
const SELLER = `${INV}/cac:AccountingSupplierParty/cac:Party`;
const SUBTOTAL = `${INV}/cac:TaxTotal/cac:TaxSubtotal`;
const SELLER_COUNTRY = '<cac:Country>\n          <cbc:IdentificationCode>FR</cbc:IdentificationCode>\n        </cac:Country>';
const SELLER_VAT = '<cac:PartyTaxScheme>\n        <cbc:CompanyID>FR96552100554</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>';
const DISCOUNT_AMOUNT = '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>';

it('the invoice and credit note fixtures break no EN 16931 rule and raise no warning', () => {
  expect(rulesAt(ruleFindings(INVOICE))).toEqual([]);
  expect(rulesAt(ruleFindings(CREDIT_NOTE))).toEqual([]);
});

describe('parties and periods', () => {
  runCases([
    {
      name: 'BR-09 is checked on the seller address itself: a missing country there',
      xml: replace(INVOICE, SELLER_COUNTRY, ''),
      reports: [`BR-09 @ ${SELLER}/cac:PostalAddress`],
    },
    {
      name: 'BR-09 is not evaluated without the address (BR-08 is)',
      xml: replace(INVOICE, /<cac:PostalAddress>[\s\S]*?<\/cac:PostalAddress>/.exec(INVOICE)![0], ''),
      reports: [`BR-08 @ ${SELLER}`],
      silent: ['BR-09'],
    },
    {
      name: 'BR-17 compares the payee with the seller trading name (BT-28), as written',
      xml: insertBefore(INVOICE, '<cac:PaymentMeans>', '<cac:PayeeParty><cac:PartyName><cbc:Name>Atelier Lumen</cbc:Name></cac:PartyName></cac:PayeeParty>'),
      reports: [`BR-17 @ ${INV}/cac:PayeeParty`],
    },
    {
      name: 'BR-17 silent for a payee named as the seller legal name only (UBL-SR-19 reports that)',
      xml: insertBefore(INVOICE, '<cac:PaymentMeans>', '<cac:PayeeParty><cac:PartyName><cbc:Name>Atelier Lumen SAS</cbc:Name></cac:PartyName></cac:PayeeParty>'),
      silent: ['BR-17'],
    },
    {
      name: 'BR-CO-26 a seller identified only by a SEPA creditor identifier',
      xml: replace(replace(replace(INVOICE, SELLER_VAT, ''), '<cbc:CompanyID schemeID="0002">552100554</cbc:CompanyID>', ''), '<cac:PartyName>\n        <cbc:Name>Atelier Lumen</cbc:Name>', '<cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID></cac:PartyIdentification><cac:PartyName>\n        <cbc:Name>Atelier Lumen</cbc:Name>'),
      reports: [`BR-CO-26 @ ${INV}/cac:AccountingSupplierParty`],
    },
    {
      name: 'BR-29 compares xs:date values: an end before the start',
      xml: replace(INVOICE, '<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-01-28</cbc:EndDate>'),
      reports: [`BR-29 @ ${INV}/cac:InvoicePeriod`],
    },
    {
      name: 'BR-29 compares the dates with their time zones: the same instant passes',
      xml: replace(replace(INVOICE, '<cbc:StartDate>2026-02-01</cbc:StartDate>', '<cbc:StartDate>2026-02-01+14:00</cbc:StartDate>'), '<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-01-31-10:00</cbc:EndDate>'),
      silent: ['BR-29'],
    },
  ]);
});

describe('allowances and charges', () => {
  runCases([
    {
      name: 'an allowance whose indicator is false and true is an allowance for the rules of its context: BR-31, not BR-36',
      xml: replace(replace(INVOICE, DISCOUNT_AMOUNT, ''), '<cbc:ChargeIndicator>false</cbc:ChargeIndicator>', '<cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:ChargeIndicator>true</cbc:ChargeIndicator>'),
      reports: [`BR-31 @ ${INV}/cac:AllowanceCharge`],
      silent: ['BR-36'],
    },
    {
      name: 'BR-32 an allowance whose tax category is of another scheme than VAT',
      xml: replace(INVOICE, '<cbc:ID>VAT</cbc:ID>', '<cbc:ID>GST</cbc:ID>', 3),
      reports: [`BR-32 @ ${INV}/cac:AllowanceCharge`],
    },
  ]);
});

describe('totals and VAT', () => {
  runCases([
    {
      name: 'BR-CO-15 and BR-CO-16: BT-112 one cent off',
      xml: replace(INVOICE, '<cbc:TaxInclusiveAmount currencyID="EUR">348.00', '<cbc:TaxInclusiveAmount currencyID="EUR">348.01'),
      reports: [`BR-CO-15 @ ${INV}/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount`, `BR-CO-16 @ ${INV}/cac:LegalMonetaryTotal`],
    },
    {
      name: 'BR-CO-17, BR-S-09 and BR-CO-14: a VAT amount 2 off in the breakdown',
      xml: replace(INVOICE, '<cbc:TaxAmount currencyID="EUR">58.00', '<cbc:TaxAmount currencyID="EUR">60.00', 2),
      reports: [`BR-CO-17 @ ${SUBTOTAL}`, `BR-S-09 @ ${SUBTOTAL}`, `BR-CO-14 @ ${INV}/cac:TaxTotal`],
    },
    {
      name: 'BR-S-08 tolerates a taxable amount less than 1 off (290.99 for 290.00)',
      xml: replace(INVOICE, '<cbc:TaxableAmount currencyID="EUR">290.00', '<cbc:TaxableAmount currencyID="EUR">290.99'),
      silent: ['BR-S-08', 'BR-S-09', 'BR-CO-17'],
    },
    {
      name: 'BR-S-08 fails at 1 off (the bounds are strict)',
      xml: replace(INVOICE, '<cbc:TaxableAmount currencyID="EUR">290.00', '<cbc:TaxableAmount currencyID="EUR">291.00'),
      reports: [`BR-S-08 @ ${SUBTOTAL}`],
    },
    {
      name: 'BR-S-02 counts any seller tax scheme identifier, VAT or not',
      xml: replace(INVOICE, '<cbc:ID>VAT</cbc:ID>', '<cbc:ID>LOC</cbc:ID>', 1),
      silent: ['BR-S-02'],
    },
    {
      name: 'BR-S-02 a standard-rated line without any seller tax identifier',
      xml: replace(INVOICE, SELLER_VAT, ''),
      reports: [`BR-S-02 @ ${INV}/cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory`],
    },
    {
      name: 'BR-O-11, BR-O-12 and BR-O-13: an O breakdown beside standard-rated lines and breakdowns',
      xml: insertBefore(
        INVOICE,
        '</cac:TaxTotal>',
        '<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">0.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>O</cbc:ID><cbc:TaxExemptionReason>Outside scope</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>',
      ),
      reports: [`BR-O-11 @ ${INV}/cac:TaxTotal/cac:TaxSubtotal[1]`, `BR-O-12 @ ${INV}/cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory`, `BR-O-13 @ ${INV}/cac:AllowanceCharge`],
      silent: ['BR-O-08', 'BR-O-09', 'BR-O-10'],
    },
    {
      name: 'BR-DEC-13 never fails in the UBL artefact (its predicate reads the currency code as a child of the amount)',
      xml: replace(INVOICE, '<cbc:TaxAmount currencyID="EUR">58.00', '<cbc:TaxAmount currencyID="EUR">58.001'),
      silent: ['BR-DEC-13'],
    },
    {
      name: 'BR-DEC-19 a taxable amount with three decimals',
      xml: replace(INVOICE, '<cbc:TaxableAmount currencyID="EUR">290.00', '<cbc:TaxableAmount currencyID="EUR">290.000'),
      reports: [`BR-DEC-19 @ ${SUBTOTAL}`],
    },
  ]);
});

describe('payment, lines and code lists', () => {
  runCases([
    {
      name: 'BR-61 a SEPA credit transfer without the payee account',
      xml: replace(INVOICE, /<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/.exec(INVOICE)![0], ''),
      reports: [`BR-61 @ ${INV}/cac:PaymentMeans`],
    },
    {
      name: 'BR-64 / BR-65 a standard identifier and a classification without scheme, at the element',
      xml: replace(INVOICE, '<cac:SellersItemIdentification>', '<cac:StandardItemIdentification><cbc:ID>4012345678901</cbc:ID></cac:StandardItemIdentification><cac:CommodityClassification><cbc:ItemClassificationCode>9405</cbc:ItemClassificationCode></cac:CommodityClassification><cac:SellersItemIdentification>'),
      reports: [
        `BR-64 @ ${INV}/cac:InvoiceLine[2]/cac:Item/cac:StandardItemIdentification/cbc:ID`,
        `BR-65 @ ${INV}/cac:InvoiceLine[2]/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode`,
      ],
    },
    {
      name: 'BR-CL-08 a note subject code (#XXX#) outside UNTDID 4451',
      xml: replace(INVOICE, '<cbc:Note>Thank you for your order.</cbc:Note>', '<cbc:Note>#QQQ#Thank you.</cbc:Note><cbc:Note>#AAI#General information.</cbc:Note>'),
      reports: [`BR-CL-08 @ ${INV}/cbc:Note[1]`],
    },
    {
      name: 'BR-CL-10 a SEPA identifier scheme is accepted for the seller, not for the buyer',
      xml: insertBefore(
        insertBefore(INVOICE, '<cac:PartyName>', '<cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID></cac:PartyIdentification>'),
        '<cac:PostalAddress>',
        '<cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ999999</cbc:ID></cac:PartyIdentification>',
        2,
      ),
      reports: [`BR-CL-10 @ ${INV}/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification[2]/cbc:ID/@schemeID`],
    },
    {
      name: 'BR-CL-01 a credit note type code for a credit note only',
      xml: replace(CREDIT_NOTE, '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>', '<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>'),
      reports: ['BR-CL-01 @ /cn:CreditNote/cbc:CreditNoteTypeCode'],
    },
    {
      name: 'BR-CO-09 a VAT identifier whose prefix is no country code',
      xml: replace(INVOICE, '<cbc:CompanyID>FR89380129866</cbc:CompanyID>', '<cbc:CompanyID>QQ89380129866</cbc:CompanyID>'),
      reports: [`BR-CO-09 @ ${INV}/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme`],
    },
  ]);
});

describe('the official validator agrees with every case', () => {
  it('reports (or not) each rule a case names, as we do', async () => {
    expect(await officialDisagreements(ALL_CASES)).toEqual([]);
  }, 120_000);
});
