/**
 * XRechnung rules on minimal variations of one valid test-suite invoice of the
 * shared corpus, in each syntax: each row changes one value and asserts the
 * rule id, its flag and the location it reports (or that nothing fires),
 * following the official XSLT's value semantics.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkXRechnungCii, checkXRechnungUbl } from '../../lib/rules/xrechnung/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

const base = (name: string) => readFileSync(requireShared('conformance', 'xrechnung', 'testsuite', 'business-cases', 'standard', name), 'utf8');
const CII_BASE = base('01.01a-INVOICE_uncefact.xml');
const UBL_BASE = base('01.01a-INVOICE_ubl.xml');
const cii = (xml: string) => withXmlDocument(xml, (doc) => checkXRechnungCii(toElementTree(doc)));
const ubl = (xml: string) => withXmlDocument(xml, (doc) => checkXRechnungUbl(toElementTree(doc)));
const errorsAndWarnings = (fs: ReturnType<typeof cii>) => fs.filter((f) => f.severity !== 'information');

function variant(source: string, from: RegExp, to: string): string {
  expect(source).toMatch(from);
  return source.replace(from, to);
}

type Row = [name: string, from: RegExp, to: string, rule: string | undefined, flag?: string, location?: string];

const AGR = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const SET = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

describe('XRechnung CII rules on variations of a valid XRechnung', () => {
  it('the base passes every XRechnung rule', () => {
    expect(errorsAndWarnings(cii(CII_BASE))).toEqual([]);
  });

  const rows: Row[] = [
    ['no buyer reference fails BR-DE-15', /<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '', 'BR-DE-15', 'fatal', '/rsm:CrossIndustryInvoice'],
    ['a blank buyer reference fails BR-DE-15', /(<ram:BuyerReference>)[^<]*(<)/, '$1  $2', 'BR-DE-15', 'fatal'],
    ['no seller contact fails BR-DE-2', /<ram:DefinedTradeContact>[\s\S]*?<\/ram:DefinedTradeContact>/, '', 'BR-DE-2', 'fatal', `${AGR}/ram:SellerTradeParty`],
    ['a telephone with two digits warns BR-DE-27', /(<ram:CompleteNumber>)[^<]*(<)/, '$1+4 x$2', 'BR-DE-27', 'warning', `${AGR}/ram:SellerTradeParty/ram:DefinedTradeContact`],
    ['an e-mail without a dotted domain warns BR-DE-28', /(<ram:EmailURIUniversalCommunication>\s*<ram:URIID>)[^<]*(<)/, '$1seller@localhost$2', 'BR-DE-28', 'warning'],
    ['no seller post code fails BR-DE-4', /(<ram:SellerTradeParty>[\s\S]*?)<ram:PostcodeCode>[^<]*<\/ram:PostcodeCode>/, '$1', 'BR-DE-4', 'fatal', `${AGR}/ram:SellerTradeParty/ram:PostalTradeAddress`],
    ['a bad IBAN check digit warns BR-DE-19', /(<ram:IBANID>)DE75/, '$1DE76', 'BR-DE-19', 'warning', `${SET}/ram:SpecifiedTradeSettlementPaymentMeans`],
    ['credit transfer without account fails BR-DE-23-a', /<ram:PayeePartyCreditorFinancialAccount>[\s\S]*?<\/ram:PayeePartyCreditorFinancialAccount>/, '', 'BR-DE-23-a', 'fatal'],
    ['a Skonto line with a comma fails BR-DE-18', /(<ram:SpecifiedTradePaymentTerms>\s*<ram:Description>)[^<]*/, '$1#SKONTO#TAGE=7#PROZENT=2,00#\n', 'BR-DE-18', 'fatal', '/rsm:CrossIndustryInvoice'],
    ['a valid Skonto line passes BR-DE-18', /(<ram:SpecifiedTradePaymentTerms>\s*<ram:Description>)[^<]*/, '$1#SKONTO#TAGE=7#PROZENT=2.00#\n', undefined],
    ['another BT-24 warns BR-DE-21', /(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*/, '$1urn:cen.eu:en16931:2017', 'BR-DE-21', 'warning', '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext'],
    ['no business process fails PEPPOL-EN16931-R001', /<ram:BusinessProcessSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:BusinessProcessSpecifiedDocumentContextParameter>/, '', 'PEPPOL-EN16931-R001', 'fatal'],
    ['no seller electronic address fails PEPPOL-EN16931-R020', /(<ram:SellerTradeParty>[\s\S]*?)<ram:URIUniversalCommunication>[\s\S]*?<\/ram:URIUniversalCommunication>/, '$1', 'PEPPOL-EN16931-R020', 'fatal', `${AGR}/ram:SellerTradeParty`],
    ['an empty element fails PEPPOL-EN16931-R008', /(<ram:BuyerReference>)[^<]*(<)/, '$1$2', 'PEPPOL-EN16931-R008', 'fatal', `${AGR}/ram:BuyerReference`],
    ['a type code 386 warns BR-DE-17', /(<rsm:ExchangedDocument>[\s\S]*?<ram:TypeCode>)380/, '$1386', 'BR-DE-17', 'warning'],
  ];

  it.each(rows)('%s', (_name, from, to, rule, flag, location) => {
    const got = errorsAndWarnings(cii(variant(CII_BASE, from, to)));
    if (rule === undefined) {
      expect(got.map((f) => f.rule)).toEqual([]);
      return;
    }
    const f = got.find((x) => x.rule === rule);
    expect(f, `${rule} in ${got.map((x) => x.rule).join(', ')}`).toBeDefined();
    expect(f!.severity).toBe(flag);
    if (location !== undefined) expect(f!.location).toBe(location);
  });
});

describe('XRechnung UBL rules on variations of a valid XRechnung', () => {
  it('the base passes every XRechnung rule', () => {
    expect(errorsAndWarnings(ubl(UBL_BASE))).toEqual([]);
  });

  const rows: Row[] = [
    ['no buyer reference fails BR-DE-15', /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '', 'BR-DE-15', 'fatal', '/ubl:Invoice'],
    ['no seller contact fails BR-DE-2', /<cac:Contact>[\s\S]*?<\/cac:Contact>/, '', 'BR-DE-2', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty'],
    ['a telephone with two digits warns BR-DE-27', /(<cbc:Telephone>)[^<]*(<)/, '$1+4 x$2', 'BR-DE-27', 'warning', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact'],
    ['no seller post code fails BR-DE-4', /<cbc:PostalZone>[^<]*<\/cbc:PostalZone>/, '', 'BR-DE-4', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'],
    ['no seller endpoint fails PEPPOL-EN16931-R020', /<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/, '', 'PEPPOL-EN16931-R020', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party'],
    ['no payment means fails BR-DE-1', /<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>/, '', 'BR-DE-1', 'fatal', '/ubl:Invoice'],
    ['a Skonto line with a comma fails BR-DE-18', /(<cac:PaymentTerms>\s*<cbc:Note>)[^<]*/, '$1#SKONTO#TAGE=7#PROZENT=2,00#\n', 'BR-DE-18', 'fatal', '/ubl:Invoice'],
    ['another customization id warns BR-DE-21', /(<cbc:CustomizationID>)[^<]*/, '$1urn:cen.eu:en16931:2017', 'BR-DE-21', 'warning', '/ubl:Invoice'],
  ];

  it.each(rows)('%s', (_name, from, to, rule, flag, location) => {
    const got = errorsAndWarnings(ubl(variant(UBL_BASE, from, to)));
    if (rule === undefined) {
      expect(got.map((f) => f.rule)).toEqual([]);
      return;
    }
    const f = got.find((x) => x.rule === rule);
    expect(f, `${rule} in ${got.map((x) => x.rule).join(', ')}`).toBeDefined();
    expect(f!.severity).toBe(flag);
    if (location !== undefined) expect(f!.location).toBe(location);
  });
});
