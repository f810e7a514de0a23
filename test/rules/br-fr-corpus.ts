/**
 * The official BR-FR verdicts (France_RFE v1.4.0.02) of the shared corpora:
 * the French cases (conformance/fr/expected.json) and the main corpus
 * (conformance/expected-fr.json), and a helper that runs our rules on a file.
 */
import { readFileSync } from 'node:fs';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkBrFr } from '../../lib/rules/br-fr/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';

export interface FrVerdict {
  fatal?: string[];
  fr_fatal?: string[];
  fr_warning?: string[];
  fr_sch_error?: string;
}

/** Verdicts of the French cases, by path relative to conformance/fr. */
export function loadFrCases(): Record<string, FrVerdict> {
  return JSON.parse(readFileSync(requireShared('conformance', 'fr', 'expected.json'), 'utf8')) as Record<string, FrVerdict>;
}

/** BR-FR verdicts of the main corpus, by path relative to conformance. */
export function loadMainFrVerdicts(): Record<string, FrVerdict> {
  return JSON.parse(readFileSync(requireShared('conformance', 'expected-fr.json'), 'utf8')) as Record<string, FrVerdict>;
}

/** Sorted distinct BR-FR fatal ids our rules report on a file (path parts under SHARED_DIR/conformance). */
export function ourFrFatal(...parts: string[]): string[] {
  const findings = withXmlDocument(readFileSync(requireShared('conformance', ...parts)), (doc) => checkBrFr(toElementTree(doc)));
  return [...new Set(findings.filter((f) => f.severity === 'fatal').map((f) => f.rule))].sort();
}

/** What differs between two sorted id lists, or undefined. */
export function diffIds(got: string[], want: string[]): string | undefined {
  const extra = got.filter((id) => !want.includes(id));
  const missing = want.filter((id) => !got.includes(id));
  return extra.length === 0 && missing.length === 0 ? undefined : `ours only [${extra.join(', ')}], official only [${missing.join(', ')}]`;
}
