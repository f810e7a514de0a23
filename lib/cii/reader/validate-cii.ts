/**
 * The business-rule half of validating a CII invoice: read the document into
 * the semantic model (./read.ts), run the EN 16931 business rules over it
 * (lib/rules `validateInvoice`) and point each finding at the XML it concerns.
 * The syntax rules (CII-SR / CII-DT) and the XSD run on the XML itself; the
 * endpoint merges their findings with these.
 */
import { validateInvoice, type Finding, type ValidationReport } from '../../rules/index.js';
import { readCii, type ReadResult } from './read.js';
import type { CiiElement } from './tree.js';

/** A business-rule finding on a CII document: the model `path` plus the XPath-like `location` in the XML. */
export interface CiiFinding extends Finding {
  /**
   * Where in the document: the element (or attribute) the finding's model
   * path was read from; for a term the document lacks, the nearest enclosing
   * group that it has (e.g. the line of a missing `lines[2].netAmount`), at
   * worst the root element.
   */
  location: string;
}

/** The outcome of {@link validateCiiModel}. */
export interface CiiModelValidation extends Omit<ValidationReport, 'errors' | 'warnings'> {
  errors: CiiFinding[];
  warnings: CiiFinding[];
  /** What the reader made of the document (model, locations, BT-24, profile). */
  read: ReadResult;
}

/**
 * The location of a model path: its own entry, else that of the longest
 * prefix that has one (`lines[2].price.netPrice` -> `lines[2].price` ->
 * `lines[2]` -> `lines`...), else the root.
 */
export function locate(locations: ReadonlyMap<string, string>, path: string): string {
  let p = path;
  for (;;) {
    const found = locations.get(p);
    if (found !== undefined) return found;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    if (cut <= 0) return locations.get('') ?? '/';
    p = p.slice(0, cut);
  }
}

/**
 * Validates the business rules (BR, BR-CO, BR-DEC, VAT categories, BR-CL and
 * our extra checks) of a CII invoice given as its element tree. Each finding
 * keeps its model `path` and gains the `location` of the XML it concerns.
 */
export function validateCiiModel(root: CiiElement): CiiModelValidation {
  const read = readCii(root);
  const report = validateInvoice(read.invoice);
  const place = (f: Finding): CiiFinding => ({ ...f, location: locate(read.locations, f.path) });
  return { valid: report.valid, ruleSet: report.ruleSet, errors: report.errors.map(place), warnings: report.warnings.map(place), read };
}
