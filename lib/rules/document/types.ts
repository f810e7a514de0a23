/**
 * The shape of a document-level rule family (a CIUS or national rule set such
 * as XRechnung or Peppol BIS Billing) as its official schematron states it.
 *
 * A family is an ordered list of patterns; each pattern an ordered list of
 * rules, each a context and the asserts tried on every element it selects.
 * Within a pattern an element is checked by the first rule whose context
 * selects it only (ISO schematron semantics: the compiled XSLT gives each
 * pattern one mode and each rule a template of decreasing priority). Unlike
 * BR-FR, an assert carries its own severity (`flag`).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';
import type { RuleDocument } from './document.js';

/** Severity as the official schematron flags an assert. `information` never blocks (XRechnung BR-DE-TMP-32). */
export type DocumentSeverity = 'fatal' | 'warning' | 'information';

/** One official assert: its id verbatim, its flag, the business terms it speaks of, our message, and the test. */
export interface DocumentAssert {
  /** Official id, e.g. `BR-DE-15`, `PEPPOL-EN16931-R010`. */
  id: string;
  flag: DocumentSeverity;
  /** Business terms (BT/BG) the assert speaks of. */
  terms: readonly string[];
  /** Our English message, naming the terms. */
  message: string;
  /** True when the context element passes (the official XPath test with its XSLT value semantics). */
  test: (context: CiiElement, doc: RuleDocument) => boolean;
}

/**
 * A rule context, as the compiled template match states it:
 * - `/a/b/c`: an absolute path of canonical names from the root;
 * - `a/b/c` (or `//a/b/c`): an element named `c` whose parent is named `b`, whose parent is named `a`, anywhere;
 * - `*`: every element.
 * A list is a union (`A | B`).
 */
export type DocumentContext = string | readonly string[];

/** One schematron rule: a context, its optional predicate, and its asserts. */
export interface DocumentRule {
  context: DocumentContext;
  /** The context's predicates (`[...]`), when it has any. */
  where?: (el: CiiElement, doc: RuleDocument) => boolean;
  asserts: readonly DocumentAssert[];
}

/** One schematron pattern. */
export interface DocumentPattern {
  /** The official pattern id (or, where the source has none, the mode it compiles to). */
  id: string;
  rules: readonly DocumentRule[];
}

/** Declares a pattern (identity helper for type inference). */
export function definePattern(id: string, ...rules: DocumentRule[]): DocumentPattern {
  return { id, rules };
}

/** A finding of a document-level family: a {@link Finding} whose severity may also be `information`. */
export interface DocumentFinding extends Omit<Finding, 'severity'> {
  severity: DocumentSeverity;
  /** XPath-like location of the checked element. */
  location: string;
}

/** One assert as a catalogue lists it (registry tests, docs). */
export interface DocumentRuleInfo {
  id: string;
  flag: DocumentSeverity;
  message: string;
  terms: readonly string[];
  pattern: string;
}

/** Every assert of `patterns`, in order. */
export function listAsserts(patterns: readonly DocumentPattern[]): DocumentRuleInfo[] {
  return patterns.flatMap((p) => p.rules.flatMap((r) => r.asserts.map((a) => ({ id: a.id, flag: a.flag, message: a.message, terms: a.terms, pattern: p.id }))));
}
