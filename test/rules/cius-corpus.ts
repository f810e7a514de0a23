/**
 * The official verdicts of the shared UBL and XRechnung corpora
 * (conformance/ubl/expected.json, conformance/xrechnung/expected.json, from
 * en16931-check --xr --peppol --fr) and helpers that run one of our
 * document-level families on a corpus file and compare id sets.
 */
import { readFileSync } from 'node:fs';
import { toElementTree, type CiiElement } from '../../lib/cii/reader/tree.js';
import type { DocumentFinding } from '../../lib/rules/document/types.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

/** One file's official verdict (fields absent when not applicable). */
export interface CiusVerdict {
  syntax: 'CII' | 'UBL-Invoice' | 'UBL-CreditNote' | string;
  xsd: string;
  bt24?: string;
  fatal: string[] | null;
  warning: string[] | null;
  xr_fatal?: string[];
  xr_warning?: string[];
  xr_information?: string[];
  xr_scenario?: string | null;
  xr_errors?: string[] | null;
  xr_valid?: boolean;
  peppol_fatal?: string[] | null;
  peppol_warning?: string[] | null;
  fr_fatal?: string[];
  sch_error?: string;
}

/** Verdicts of a corpus folder (`ubl` or `xrechnung`), by path relative to it. */
export function loadCiusVerdicts(folder: 'ubl' | 'xrechnung'): Record<string, CiusVerdict> {
  return JSON.parse(readFileSync(requireShared('conformance', folder, 'expected.json'), 'utf8')) as Record<string, CiusVerdict>;
}

/** The element tree of a corpus file. */
export function corpusTree(folder: string, file: string): CiiElement {
  return withXmlDocument(readFileSync(requireShared('conformance', folder, file)), (doc) => toElementTree(doc));
}

/** Sorted distinct ids of the findings of one severity. */
export function idsOf(findings: readonly DocumentFinding[], severity: DocumentFinding['severity']): string[] {
  return [...new Set(findings.filter((f) => f.severity === severity).map((f) => f.rule))].sort();
}

/** What differs between two id lists (any order), or undefined. */
export function diffIds(got: readonly string[], want: readonly string[]): string | undefined {
  const extra = got.filter((id) => !want.includes(id));
  const missing = want.filter((id) => !got.includes(id));
  return extra.length === 0 && missing.length === 0 ? undefined : `ours only [${extra.join(', ')}], official only [${missing.join(', ')}]`;
}
