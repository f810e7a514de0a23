/**
 * The data shapes of the EN 16931 UBL syntax binding rules (UBL-CR-nnn,
 * UBL-SR-nn, UBL-DT-nn; EN 16931-3-2 and the CEN validation artefacts,
 * release 1.3.16, `ubl/schematron/{abstract,UBL}/EN16931-*-syntax.sch`).
 *
 * As in the schematron, a rule lives in one context of the pattern
 * `UBL-syntax`, whose contexts are tried in order: an element is checked by
 * the first context it matches and by no later one. The "should not be
 * present" rules of the root are a data table (./tables/restrictions.ts);
 * the others are named checks citing the official test.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Severity } from '../types.js';

/** Where a failed test points: an element, optionally one of its attributes. */
export interface UblSyntaxFailure {
  at: CiiElement;
  attr?: string;
}

/** What one walk over the document gathers for the tests that look beyond their context (the root's `//...`). */
export interface UblDocumentIndex {
  /** Elements by name, in document order. */
  byName: ReadonlyMap<string, readonly CiiElement[]>;
  /** Elements carrying an (unqualified) attribute, by its name, in document order. */
  byAttribute: ReadonlyMap<string, readonly CiiElement[]>;
}

/** One rule of a context. */
export interface UblSyntaxCheck {
  /** Official id, e.g. `UBL-SR-12`, `UBL-DT-01`, `UBL-CR-002`. */
  id: string;
  severity: Severity;
  /** Our message. */
  message: string;
  /** The official test, for the reader. */
  xpath: string;
  /** The failure, or undefined when the context element passes. */
  test: (context: CiiElement, index: UblDocumentIndex) => UblSyntaxFailure | undefined;
}

/** One rule context of the pattern and the checks it carries. */
export interface UblSyntaxContext {
  /** The official context, for the reader. */
  xpath: string;
  /** Whether an element is in this context (before the first-match rule of the pattern applies). */
  matches: (el: CiiElement) => boolean;
  checks: readonly UblSyntaxCheck[];
}
