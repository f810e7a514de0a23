/**
 * Table tests of the UBL syntax rules (UBL-SR, UBL-DT, the irregular UBL-CR):
 * each case edits the hand-written valid fixture and asserts rule ids and
 * locations. A sweep then writes every path of the UBL-CR table into the
 * invoice and checks that the rule reports it, at the element (or attribute)
 * written.
 */
import { describe, expect, it } from 'vitest';
import { officialDisagreements } from '../fixtures/ubl/official.js';
import { RESTRICTIONS } from '../../lib/rules/ubl-syntax/tables/restrictions.js';
import { CREDIT_NOTE, INVOICE, insertBefore, replace, ruleCases, rulesAt, syntaxFindings } from '../fixtures/ubl/snippets.js';

const { run: runCases, all: ALL_CASES } = ruleCases(syntaxFindings);

const INV = '/ubl:Invoice';

/** The text without the `occurrence`-th (1-based) element named `name` (no nesting of that name assumed). */
function withoutBlock(xml: string, name: string, occurrence: number): string {
  let at = -1;
  for (let i = 0; i < occurrence; i++) at = xml.indexOf(`<${name}>`, at + 1);
  const end = xml.indexOf(`</${name}>`, at) + name.length + 3;
  return xml.slice(0, at) + xml.slice(end);
}
const END = '</Invoice>';
const SELLER = '<cac:PartyLegalEntity>\n        <cbc:RegistrationName>Atelier Lumen SAS</cbc:RegistrationName>';

it('the invoice and credit note fixtures break no syntax rule', () => {
  expect(rulesAt(syntaxFindings(INVOICE))).toEqual([]);
  expect(rulesAt(syntaxFindings(CREDIT_NOTE))).toEqual([]);
});

describe('cardinalities (UBL-SR)', () => {
  runCases([
    {
      name: 'UBL-SR-48 a line with two VAT categories is reported at the second, a line with none at the line',
      // Line 1 gets a second category; line 2 loses its own (the third category of the edited text).
      xml: withoutBlock(
        insertBefore(INVOICE, '</cac:Item>', '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>'),
        'cac:ClassifiedTaxCategory',
        3,
      ),
      reports: [`UBL-SR-48 @ ${INV}/cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory[2]`, `UBL-SR-48 @ ${INV}/cac:InvoiceLine[2]`],
    },
    {
      name: 'UBL-SR-29 a second SEPA creditor identifier, wherever it is (scheme compared upper-cased)',
      xml: insertBefore(
        insertBefore(INVOICE, '<cac:PartyName>', '<cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ123456</cbc:ID></cac:PartyIdentification>'),
        '<cac:PostalAddress>',
        '<cac:PartyIdentification><cbc:ID schemeID="sepa">FR12ZZZ999999</cbc:ID></cac:PartyIdentification>',
        2,
      ),
      reports: [`UBL-SR-29 @ ${INV}/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification[2]/cbc:ID`],
    },
    {
      name: 'UBL-SR-44 two different remittance informations; the same one twice is one value',
      xml: insertBefore(INVOICE, '<cac:PaymentTerms>', '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>OTHER</cbc:PaymentID></cac:PaymentMeans>'),
      reports: [`UBL-SR-44 @ ${INV}/cac:PaymentMeans[2]/cbc:PaymentID`],
      silent: ['UBL-SR-47'],
    },
    {
      name: 'UBL-SR-30 an allowance whose indicator is false and true is an allowance only (UBL-SR-31 silent)',
      xml: replace(INVOICE, '<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>', '<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:AllowanceChargeReason>Again</cbc:AllowanceChargeReason>').replace(
        '<cbc:ChargeIndicator>false</cbc:ChargeIndicator>',
        '<cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:ChargeIndicator>true</cbc:ChargeIndicator>',
      ),
      reports: [`UBL-SR-30 @ ${INV}/cac:AllowanceCharge/cbc:AllowanceChargeReason[2]`],
      silent: ['UBL-SR-31'],
    },
    {
      name: 'UBL-SR-43 a document type 50 reference is a project reference in a credit note only',
      xml: insertBefore(INVOICE, '<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>P-1</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>'),
      reports: [`UBL-SR-43 @ ${INV}/cac:AdditionalDocumentReference`],
    },
    {
      name: 'UBL-SR-43 silent in a credit note',
      xml: insertBefore(CREDIT_NOTE, '<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>P-1</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>'),
      silent: ['UBL-SR-43'],
    },
    {
      name: 'UBL-SR-19..21 a payee named as the seller fails all three; a distinct payee passes',
      xml: insertBefore(INVOICE, '<cac:PaymentMeans>', '<cac:PayeeParty><cac:PartyName><cbc:Name>Atelier Lumen SAS</cbc:Name></cac:PartyName></cac:PayeeParty>'),
      reports: [`UBL-SR-19 @ ${INV}/cac:PayeeParty`, `UBL-SR-20 @ ${INV}/cac:PayeeParty`, `UBL-SR-21 @ ${INV}/cac:PayeeParty`],
    },
    {
      name: 'UBL-SR-19..21 silent for a payee of its own name',
      xml: insertBefore(INVOICE, '<cac:PaymentMeans>', '<cac:PayeeParty><cac:PartyName><cbc:Name>Factor Bank</cbc:Name></cac:PartyName></cac:PayeeParty>'),
      silent: ['UBL-SR-19', 'UBL-SR-20', 'UBL-SR-21'],
    },
    {
      name: 'UBL-SR-51 an address with two address lines',
      xml: insertBefore(INVOICE, '<cbc:CityName>Lyon</cbc:CityName>', '<cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine><cac:AddressLine><cbc:Line>b</cbc:Line></cac:AddressLine>'),
      reports: [`UBL-SR-51 @ ${INV}/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:AddressLine[2]`],
    },
    {
      name: 'UBL-SR-53 a party tax scheme without identifier, UBL-SR-42 three schemes for the seller',
      xml: insertBefore(INVOICE, SELLER, '<cac:PartyTaxScheme><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyTaxScheme><cbc:CompanyID>X</cbc:CompanyID><cac:TaxScheme><cbc:ID>LOC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'),
      reports: [`UBL-SR-53 @ ${INV}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[2]`, `UBL-SR-42 @ ${INV}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[3]`],
      silent: ['UBL-SR-13'],
    },
    {
      name: 'UBL-SR-12 compares the scheme upper-cased but not trimmed: a second " VAT " id is a non-VAT one (UBL-SR-13)',
      xml: insertBefore(INVOICE, SELLER, '<cac:PartyTaxScheme><cbc:CompanyID>FR00</cbc:CompanyID><cac:TaxScheme><cbc:ID> vat </cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyTaxScheme><cbc:CompanyID>FR01</cbc:CompanyID><cac:TaxScheme><cbc:ID>OTHER</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'),
      reports: [`UBL-SR-13 @ ${INV}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[3]/cbc:CompanyID`],
      silent: ['UBL-SR-12'],
    },
  ]);
});

describe('data types (UBL-DT)', () => {
  runCases([
    {
      name: 'UBL-DT-01 an amount with three decimals; the price discount of a line is not checked',
      xml: replace(replace(INVOICE, '<cbc:TaxInclusiveAmount currencyID="EUR">348.00', '<cbc:TaxInclusiveAmount currencyID="EUR">348.000'), '<cbc:Amount currencyID="EUR">5.00', '<cbc:Amount currencyID="EUR">5.001'),
      reports: [`UBL-DT-01 @ ${INV}/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount`],
    },
    {
      name: 'UBL-DT-06 / UBL-DT-07 an attachment without MIME code and file name',
      xml: insertBefore(INVOICE, '<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>T-1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject>AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>'),
      reports: [
        `UBL-DT-06 @ ${INV}/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject`,
        `UBL-DT-07 @ ${INV}/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject`,
      ],
    },
    {
      name: 'UBL-DT-08 and UBL-DT-18: an attribute the binding does not use, at its first place; @name only on the payment means code',
      xml: replace(replace(INVOICE, '<cbc:EndpointID schemeID="0225">', '<cbc:EndpointID schemeID="0225" schemeName="SIREN">'), '<cbc:Name>Lighting design</cbc:Name>', '<cbc:Name name="x">Lighting design</cbc:Name>'),
      reports: [
        `UBL-DT-08 @ ${INV}/cac:AccountingSupplierParty/cac:Party/cbc:EndpointID/@schemeName`,
        `UBL-DT-18 @ ${INV}/cac:InvoiceLine[1]/cac:Item/cbc:Name/@name`,
      ],
    },
    {
      name: 'UBL-DT-18 silent for the payment means text (BT-82)',
      xml: replace(INVOICE, '<cbc:PaymentMeansCode>58', '<cbc:PaymentMeansCode name="SEPA credit transfer">58'),
      silent: ['UBL-DT-18'],
    },
  ]);
});

describe('the irregular restrictions (UBL-CR-002, 412, 665, 666, 673)', () => {
  runCases([
    {
      name: 'UBL-CR-002 a UBLVersionID other than 2.1',
      xml: replace(INVOICE, '<cbc:CustomizationID>', '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:CustomizationID>'),
      reports: [`UBL-CR-002 @ ${INV}/cbc:UBLVersionID`],
    },
    { name: 'UBL-CR-002 silent for 2.1', xml: replace(INVOICE, '<cbc:CustomizationID>', '<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID>'), silent: ['UBL-CR-002'] },
    {
      name: 'UBL-CR-412 a payment due date in the payment means of an invoice (a credit note gives BT-9 there)',
      xml: replace(INVOICE, '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-04-01</cbc:PaymentDueDate>'),
      reports: [`UBL-CR-412 @ ${INV}/cac:PaymentMeans/cbc:PaymentDueDate`],
    },
    { name: 'UBL-CR-412 silent in a credit note', xml: CREDIT_NOTE, silent: ['UBL-CR-412'] },
    {
      name: 'UBL-CR-665 a supporting document reference with a scheme; UBL-CR-666 / 673 an invoiced object reference with attachment or description',
      xml: insertBefore(
        INVOICE,
        '<cac:AccountingSupplierParty>',
        '<cac:AdditionalDocumentReference><cbc:ID schemeID="AAB">D-1</cbc:ID></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>O-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cbc:DocumentDescription>x</cbc:DocumentDescription><cac:Attachment><cac:ExternalReference><cbc:URI>https://x.example</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>',
      ),
      reports: [
        `UBL-CR-665 @ ${INV}/cac:AdditionalDocumentReference[1]/cbc:ID/@schemeID`,
        `UBL-CR-666 @ ${INV}/cac:AdditionalDocumentReference[2]/cac:Attachment`,
        `UBL-CR-673 @ ${INV}/cac:AdditionalDocumentReference[2]/cbc:DocumentDescription`,
      ],
    },
  ]);
});

/** The XML a table path selects: its elements nested, a value in the last, an attribute on it when the path ends with one. */
function fragmentOf(steps: readonly string[]): string {
  const attr = steps.at(-1)!.startsWith('@') ? steps.at(-1)!.slice(1) : undefined;
  const elements = attr === undefined ? steps : steps.slice(0, -1);
  if (elements.length === 0) return `<cbc:Note ${attr}="x">n</cbc:Note>`;
  // The extension namespace (UBL-CR-001) is not declared by the fixture.
  const ns = (i: number): string => (i === 0 && elements.some((e) => e.startsWith('ext:')) ? ' xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"' : '');
  const open = elements.map((e, i) => (i === elements.length - 1 && attr !== undefined ? `<${e}${ns(i)} ${attr}="x">` : `<${e}${ns(i)}>`)).join('');
  const close = [...elements].reverse().map((e) => `</${e}>`).join('');
  return `${open}x${close}`;
}

describe('the official validator agrees with every case', () => {
  it('reports (or not) each rule a case names, as we do', async () => {
    expect(await officialDisagreements(ALL_CASES)).toEqual([]);
  }, 120_000);
});

describe('every UBL-CR table rule reports the element it forbids', () => {
  it.each(RESTRICTIONS.map(([n, , path]) => [n, path] as const))('UBL-CR-%s %s', (n, path) => {
    const stripped = path.replace(/^\/\//, '');
    const union = '(cac:InvoiceLine|cac:CreditNoteLine)/';
    const steps = stripped.startsWith(union) ? ['cac:InvoiceLine', ...stripped.slice(union.length).split('/')] : stripped.split('/');
    const xml = insertBefore(INVOICE, END, fragmentOf(steps));
    const id = `UBL-CR-${String(n).padStart(3, '0')}`;
    const found = syntaxFindings(xml).filter((f) => f.rule === id);
    expect(found).toHaveLength(1);
    const last = steps.at(-1)!;
    const element = last.startsWith('@') ? steps.at(-2) : last;
    const tail = last.startsWith('@') ? `/${element ?? 'cbc:Note'}(\\[\\d+\\])?/${last}` : `/${last}(\\[\\d+\\])?`;
    expect(found[0]!.path).toMatch(new RegExp(`${tail.replace(/\./g, '\\.')}$`));
  });
});

