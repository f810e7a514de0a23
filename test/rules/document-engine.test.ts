/**
 * The document-level rule engine (lib/rules/document/) and its XPath value
 * semantics: first-match claiming within a pattern, predicates that raise an
 * XPath error not matching, failed casts reported as failures, and the value
 * helpers the XRechnung / Peppol rules rely on.
 */
import { describe, expect, it } from 'vitest';
import type { CiiElement } from '../../lib/cii/reader/tree.js';
import { runDocumentPatterns, UNJUDGED } from '../../lib/rules/document/engine.js';
import { definePattern } from '../../lib/rules/document/types.js';
import { ublView } from '../../lib/rules/document/ubl-view.js';
import { decimal, double, isXRechnungIban, matches, round, textItem, tokenize, xsDate, XPathDynamicError } from '../../lib/rules/document/xpath.js';
import { Decimal } from '../../lib/model/decimal.js';

function tree(spec: [string, string, ...unknown[]]): CiiElement {
  const build = ([name, text, ...kids]: [string, string, ...unknown[]], parent?: CiiElement): CiiElement => {
    const el: CiiElement = { name, attrs: {}, children: [], text };
    if (parent) el.parent = parent;
    for (const k of kids) el.children.push(build(k as [string, string], el));
    return el;
  };
  return build(spec);
}

describe('document rule engine', () => {
  const doc = tree(['r', '', ['a', '1'], ['a', 'x'], ['b', '', ['a', '2']]]);

  it('checks an element with the first rule of a pattern that selects it only', () => {
    const p = definePattern(
      'p',
      { context: 'b/a', asserts: [{ id: 'FIRST', flag: 'fatal', terms: [], message: 'm', test: () => false }] },
      { context: 'a', asserts: [{ id: 'SECOND', flag: 'warning', terms: [], message: 'm', test: () => false }] },
    );
    const got = runDocumentPatterns([p], doc).map((f) => `${f.rule} ${f.location}`);
    expect(got).toEqual(['SECOND /r/a[1]', 'SECOND /r/a[2]', 'FIRST /r/b/a']);
  });

  it('treats a predicate raising an XPath error as not matching, and a test raising one as failed', () => {
    const p = definePattern(
      'p',
      { context: '/r/a', where: (el) => decimal(el.text).gt(0), asserts: [{ id: 'POS', flag: 'fatal', terms: [], message: 'm', test: () => false }] },
    );
    expect(runDocumentPatterns([p], doc).map((f) => f.location)).toEqual(['/r/a[1]']);
    const q = definePattern('q', { context: '/r/a', asserts: [{ id: 'CAST', flag: 'fatal', terms: [], message: 'm', test: (el) => decimal(el.text).gte(0) }] });
    expect(runDocumentPatterns([q], doc).map((f) => f.location)).toEqual(['/r/a[2]']);
  });

  it('reports a test the official XPath cannot evaluate as fatal whatever its flag', () => {
    const p = definePattern('p', { context: '/r/a', asserts: [{ id: 'WARN', flag: 'warning', terms: [], message: 'm', test: (el) => decimal(el.text).gte(0) }] });
    const got = runDocumentPatterns([p], doc);
    expect(got.map((f) => [f.location, f.severity, f.message])).toEqual([['/r/a[2]', 'fatal', `m ${UNJUDGED}`]]);
  });

  it('gives UBL elements the prefixes of the official files', () => {
    const ns = 'urn:oasis:names:specification:ubl:schema:xsd:';
    const root = tree([`{${ns}Invoice-2}Invoice`, '', [`{${ns}CommonBasicComponents-2}ID`, '1'], ['{urn:other}X', '']]);
    const view = ublView(root);
    expect([view.name, ...view.children.map((c) => c.name)]).toEqual(['ubl:Invoice', 'cbc:ID', '{urn:other}X']);
    expect(ublView(view).children[0]!.name).toBe('cbc:ID');
  });
});

describe('XPath value semantics', () => {
  it('reads \\s as the XML white space only', () => {
    expect(matches('a\u00a0b', '^a\\sb$')).toBe(false);
    expect(matches('a\tb', '^a\\sb$')).toBe(true);
  });

  it('tokenizes as XPath does (empty input, kept empty parts)', () => {
    expect(tokenize('', '\\n')).toEqual([]);
    expect(tokenize('a\n', '(\\r?\\n)')).toEqual(['a', '']);
  });

  it('reads x/text() without the empty elements, failing on text in several', () => {
    const r = tree(['r', '', ['c', ''], ['c', ' true '], ['d', 'x'], ['d', 'y']]);
    expect(textItem(r.children.filter((c) => c.name === 'c'))).toBe(' true ');
    expect(textItem([])).toBe('');
    expect(() => textItem(r.children.filter((c) => c.name === 'd'))).toThrow(XPathDynamicError);
  });

  it('rounds halves towards positive infinity', () => {
    expect(round(new Decimal('2.5')).toString()).toBe('3');
    expect(round(new Decimal('-2.5')).toString()).toBe('-2');
  });

  it('casts to xs:decimal, xs:double and xs:date strictly', () => {
    expect(decimal(' 1.50 ').toString()).toBe('1.5');
    expect(() => decimal('')).toThrow(XPathDynamicError);
    expect(() => decimal('1e3')).toThrow(XPathDynamicError);
    expect(double('1e3')).toBe(1000);
    expect(() => double('abc')).toThrow(XPathDynamicError);
    expect(xsDate('2024-02-29')).toBeLessThan(xsDate('2024-03-01'));
    expect(() => xsDate('2023-02-29')).toThrow(XPathDynamicError);
  });

  it('checks IBANs as BR-DE-19 writes it', () => {
    expect(isXRechnungIban('DE75 5121 0800 1245 1261 99')).toBe(true);
    expect(isXRechnungIban('DE76512108001245126199')).toBe(false);
    expect(isXRechnungIban('')).toBe(false);
  });
});
