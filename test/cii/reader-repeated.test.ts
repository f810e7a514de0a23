/**
 * A single-valued aggregate the document repeats (lib/cii/reader/navigate.ts):
 * the reader steps through every occurrence as the official paths do, lists
 * the repeated rule contexts, reads one occurrence alone when asked, and the
 * validation checks each occurrence of a context on its own. Mutations of a
 * shared corpus file; the official verdicts on the same kinds of mutant are
 * in test/conformance/long-tail.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { toElementTree, type CiiElement } from '../../lib/cii/reader/tree.js';
import { validateCiiModel } from '../../lib/cii/reader/validate-cii.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

const BASE = readFileSync(requireShared('conformance', 'cii', 'valid', 'cen__CII_business_example_01.xml'), 'utf8');

/** The base document with `to` in place of the first `from`. */
function mutant(from: string, to: string): CiiElement {
  const at = BASE.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  return withXmlDocument(BASE.slice(0, at) + to + BASE.slice(at + from.length), (doc) => toElementTree(doc));
}

const SUMMATION = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';

describe('repeated single-valued aggregates', () => {
  it('a term missing from the first occurrence is read from the next, located there', () => {
    const root = mutant('<ram:SpecifiedLineTradeAgreement>', '<ram:SpecifiedLineTradeAgreement></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeAgreement>');
    const read = readCii(root);
    expect(read.invoice.lines[0]!.price.netPrice?.toString()).toBe('1273');
    expect(read.locations.get('lines[0].price.netPrice')).toMatch(/ram:SpecifiedLineTradeAgreement\[2\]\/ram:NetPriceProductTradePrice\/ram:ChargeAmount$/);
    expect(read.repeatedContexts).toEqual([]);
  });

  it('a repeated rule context is listed with its occurrences and rules, and each occurrence can be read alone', () => {
    const root = mutant(`</${SUMMATION}>`, `</${SUMMATION}><${SUMMATION}></${SUMMATION}>`);
    const read = readCii(root);
    expect(read.repeatedContexts).toHaveLength(1);
    const [context] = read.repeatedContexts;
    expect(context!.rules).toContain('BR-12');
    expect(context!.occurrences.map((o) => o.children.length)).toEqual([8, 0]);
    // The merged view reads the totals of the first; the second, read alone, has none.
    expect(read.invoice.totals.lineNetTotal?.toString()).toBe('1436.5');
    expect(readCii(root, { occurrence: context!.occurrences[1] }).invoice.totals.lineNetTotal).toBeUndefined();
    expect(readCii(root, { occurrence: context!.occurrences[0] }).invoice.totals.lineNetTotal?.toString()).toBe('1436.5');
  });

  it('the rules of a repeated context run on each occurrence: the empty second totals aggregate fails BR-12', () => {
    const root = mutant(`</${SUMMATION}>`, `</${SUMMATION}><${SUMMATION}></${SUMMATION}>`);
    const ids = validateCiiModel(root).errors.map((f) => f.rule);
    expect(ids).toEqual(expect.arrayContaining(['BR-12', 'BR-13', 'BR-14', 'BR-15']));
    // BR-CO-15 (context: the invoice) reads the first totals, which add up.
    expect(ids).not.toContain('BR-CO-15');
  });

  it('an explicit [1] is kept: BR-62 reads the first URIUniversalCommunication only', () => {
    const root = mutant('</ram:PostalTradeAddress>', '</ram:PostalTradeAddress><ram:URIUniversalCommunication></ram:URIUniversalCommunication><ram:URIUniversalCommunication><ram:URIID schemeID="EM">a@example.com</ram:URIID></ram:URIUniversalCommunication>');
    expect(readCii(root).invoice.seller.electronicAddress).toEqual({ id: '' });
    expect(validateCiiModel(root).errors.map((f) => f.rule)).toContain('BR-62');
  });

  it('an unrepeated document has no repeated contexts', () => {
    expect(readCii(mutant('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>')).repeatedContexts).toEqual([]);
  });
});
