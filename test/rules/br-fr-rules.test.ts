/**
 * BR-FR rules on minimal variations of one valid French invoice of the shared
 * corpus: each row changes one value and asserts the rule id and location it
 * breaks (or that it passes), following the official XSLT's value semantics.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkBrFr } from '../../lib/rules/br-fr/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

const BASE = readFileSync(requireShared('conformance', 'fr', 'valid', 'fr-goods-B1.xml'), 'utf8');
const findings = (xml: string) => withXmlDocument(xml, (doc) => checkBrFr(toElementTree(doc)));
/** The base with the first match of `from` replaced by `to` (the replacement must apply). */
function variant(from: RegExp, to: string): string {
  expect(BASE).toMatch(from);
  return BASE.replace(from, to);
}

const DOC = '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument';
const SET = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';

describe('BR-FR rules on variations of a valid French invoice', () => {
  it('the base passes every BR-FR rule', () => {
    expect(findings(BASE)).toEqual([]);
  });

  const cases: Array<[string, RegExp, string, string | undefined, string?]> = [
    ['VAT rate 20.00 passes (string list)', /(<ram:ApplicableTradeTax>(?:(?!<\/ram:ApplicableTradeTax>)[\s\S])*?<ram:RateApplicablePercent>)20(<)/, '$120.00$2', undefined],
    ['VAT rate 20.000 fails BR-FR-16', /(<ram:RateApplicablePercent>)20(<)/, '$120.000$2', 'BR-FR-16_BT-152'],
    ['an invoice number with a dot fails BR-FR-02', /(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]+)(<)/, '$1A.1$3', 'BR-FR-02_BT-1', `${DOC}/ram:ID`],
    ['an invoice number led by a tab passes BR-FR-02 (normalize-space, no space)', /(<rsm:ExchangedDocument>\s*<ram:ID>)([^<]+)(<)/, '$1\t$2$3', undefined],
    ['30 February fails BR-FR-03', /(<ram:IssueDateTime>\s*<udt:DateTimeString format="102">)\d{8}/, '$120260230', 'BR-FR-03_BT-2', `${DOC}/ram:IssueDateTime/udt:DateTimeString`],
    ['a leading + on the total with VAT fails BR-FR-DEC-01', /(<ram:GrandTotalAmount>)/, '$1+', 'BR-FR-DEC-01_BT-112', `${SET}/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount`],
    ['a lowercase BT-23 fails BR-FR-08', /(<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>)B1/, '$1b1', 'BR-FR-08_BT-23', '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext'],
    ['a note subject pmt fails BR-FR-05', /(<ram:SubjectCode>)PMT(<)/, '$1pmt$2', 'BR-FR-05_BT-22_PMT', DOC],
  ];

  it.each(cases)('%s', (_name, from, to, rule, location) => {
    const got = findings(variant(from, to));
    if (rule === undefined) {
      expect(got.map((f) => f.rule)).toEqual([]);
      return;
    }
    expect(got.map((f) => f.rule)).toContain(rule);
    const f = got.find((x) => x.rule === rule)!;
    expect(f.severity).toBe('fatal');
    if (location !== undefined) expect(f.location).toBe(location);
  });
});
