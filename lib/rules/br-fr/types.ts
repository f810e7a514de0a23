/**
 * The shape of the French BR-FR rules (FNFE-MPE France_RFE v1.4.0.02,
 * `BR-FR-Flux2-Schematron-CII.sch`, XP Z12-012 V1.4, "FATAL" mode).
 *
 * Like the schematron, a family (a `pattern`) is an ordered list of rules,
 * each a context and the asserts tried on every element it selects; within a
 * family an element is checked by the first rule whose context selects it
 * only (schematron semantics: this is why `BR-FR-DEC-01_BT-111`, whose
 * context repeats that of `BR-FR-DEC-01_BT-110`, never fires). Every assert
 * of the file is fatal.
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { FrDocument } from './document.js';

/** One official assert: its id verbatim, the business terms it speaks of, our message, and the test. */
export interface BrFrAssert {
  /** Official id, e.g. `BR-FR-05_BT-22_PMT`. */
  id: string;
  /** Business terms (BT/BG, or the French extension's EXT-FR-FE ids). */
  terms: readonly string[];
  /** Our English message. */
  message: string;
  /** True when the context element passes (the official XPath test, with its XSLT value semantics). */
  test: (context: CiiElement, doc: FrDocument) => boolean;
}

/**
 * One schematron rule: a context and its asserts. `context` is a path of
 * canonical names from the root (`rsm:CrossIndustryInvoice/...`), or, when it
 * starts with `//`, a parent/child pair anywhere (`//ram:P/ram:X` or `//ram:X`).
 * `where` is the context's predicate, when it has one.
 */
export interface BrFrRule {
  context: string;
  where?: (el: CiiElement, doc: FrDocument) => boolean;
  asserts: readonly BrFrAssert[];
}

/** One schematron pattern (a family of asserts). */
export interface BrFrPattern {
  /** The official pattern id, e.g. `BR-FR-01_BR-FR-02`. */
  id: string;
  rules: readonly BrFrRule[];
  /**
   * A condition every assert of the pattern starts with (`not(custom:isSpecialContract()) or ...`):
   * when it is false no assert of the pattern can fail, so the engine skips the pattern without
   * selecting its contexts. The asserts still test it themselves; this is only a shortcut.
   */
  only?: (doc: FrDocument) => boolean;
}

/** Declares a pattern (identity helper for type inference). */
export function definePattern(id: string, ...rules: BrFrRule[]): BrFrPattern {
  return { id, rules };
}

/** `pattern`, skipped as a whole on documents where `only` is false (see {@link BrFrPattern.only}). */
export function onlyWhen(only: (doc: FrDocument) => boolean, pattern: BrFrPattern): BrFrPattern {
  return { ...pattern, only };
}
