/**
 * The code-list rules on the document itself (lib/rules/br-cl/document.ts):
 * each element is checked by the first official context it matches
 * (EN16931-CII-codes.sch rule order), wherever it sits. Mutations of a
 * shared corpus file; rule id and element asserted, not messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ElementLocator } from '../../lib/cii/reader/locate.js';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkDocumentCodes } from '../../lib/rules/br-cl/document.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

const BASE = readFileSync(requireShared('conformance', 'cii', 'valid', 'cen__CII_business_example_01.xml'), 'utf8');

/** The failures of the base document with `to` in place of the first `from`, as `rule @ location`. */
function failures(from: string, to: string): string[] {
  const at = BASE.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const root = withXmlDocument(BASE.slice(0, at) + to + BASE.slice(at + from.length), (doc) => toElementTree(doc));
  const locator = new ElementLocator();
  return checkDocumentCodes(root).map((f) => `${f.rule} @ ${f.attr === undefined ? locator.of(f.element) : locator.ofAttribute(f.element, f.attr)}`.replace(/^(\S+) @ .*\/(ram:[^/]+(\/@\w+)?)$/, '$1 @ $2'));
}

describe('code lists on the document', () => {
  it('the valid corpus file has no failure', () => {
    expect(failures('<ram:ID>DE</ram:ID>', '<ram:ID>DE</ram:ID>')).toEqual([]);
  });

  it.each([
    ['an origin country code that is no ISO 3166 code', '<ram:ID>DE</ram:ID>', '<ram:ID>XX</ram:ID>', ['BR-CL-15 @ ram:ID']],
    ['an origin country ram:ID with @schemeID falls under BR-CL-11 first (rule order)', '<ram:ID>DE</ram:ID>', '<ram:ID schemeID="0088">DE</ram:ID>', []],
    ['... and its scheme is judged there', '<ram:ID>DE</ram:ID>', '<ram:ID schemeID="XX">DE</ram:ID>', ['BR-CL-11 @ ram:ID/@schemeID']],
    ['an item GlobalID scheme is BR-CL-21, not BR-CL-10', '<ram:GlobalID schemeID="0088">1234567890128</ram:GlobalID>', '<ram:GlobalID schemeID="XX">1234567890128</ram:GlobalID>', ['BR-CL-21 @ ram:GlobalID/@schemeID']],
    ['a code with an inner space fails (normalize-space, then no space allowed)', '<ram:ID>DE</ram:ID>', '<ram:ID> D E </ram:ID>', ['BR-CL-15 @ ram:ID']],
    ['white space around a code passes', '<ram:ID>DE</ram:ID>', '<ram:ID>\n DE </ram:ID>', []],
  ])('%s', (_name, from, to, expected) => {
    expect(failures(from, to)).toEqual(expected);
  });
});
