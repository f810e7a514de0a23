/**
 * The shared conformance corpus (SHARED_DIR/conformance): the official
 * verdicts of expected.json and the documents they are about, read with our
 * safe parser into element trees. Used by the business-rule conformance test
 * and the reader round-trip tests.
 */
import { readFileSync } from 'node:fs';
import { toElementTree, type CiiElement } from '../../lib/cii/reader/tree.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

/** One verdict of the official validator (CEN artefacts 1.3.16 + CII D16B XSD). */
export interface OfficialVerdict {
  fatal: string[];
  warning: string[];
  xsd: string | unknown;
  bt24?: string;
}

/** Every verdict, by path relative to the conformance folder. */
export function loadVerdicts(): Record<string, OfficialVerdict> {
  return JSON.parse(readFileSync(requireShared('conformance', 'expected.json'), 'utf8')) as Record<string, OfficialVerdict>;
}

/** The ids of the official catalogue (release 1.3.16). */
export function loadCatalogueIds(): Set<string> {
  const catalogue = JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as { rules: Array<{ id: string }> };
  return new Set(catalogue.rules.map((r) => r.id));
}

/** Reads a corpus document (path relative to the conformance folder) into an element tree with lib/xml/parse.ts. */
export function readCorpusTree(file: string): CiiElement {
  return withXmlDocument(readFileSync(requireShared('conformance', file)), (doc) => toElementTree(doc));
}

/** The root element name of CII D16B invoices (EN 16931 applies); ZUGFeRD 1.0 uses rsm:CrossIndustryDocument. */
export const CII_ROOT = 'rsm:CrossIndustryInvoice';

/** Sorted, de-duplicated business-rule ids (every official id that does not start with CII-). */
export function businessIds(ids: Iterable<string>): string[] {
  return [...new Set([...ids].filter((id) => !id.startsWith('CII-')))].sort();
}
