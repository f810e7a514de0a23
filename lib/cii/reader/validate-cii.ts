/**
 * The business-rule half of validating a CII invoice: read the document into
 * the semantic model (./read.ts), run the EN 16931 business rules over it
 * (lib/rules `validateDocumentInvoice`; the code lists on the document itself, lib/rules/br-cl/document.ts) and point each finding at the XML it concerns.
 * The syntax rules (CII-SR / CII-DT) and the XSD run on the XML itself; the
 * endpoint merges their findings with these.
 */
import { OFFICIAL_RULES, validateDocumentInvoice, type Finding, type RuleDefinition, type ValidationReport } from '../../rules/index.js';
import { checkDocumentCodes, DOCUMENT_CODE_RULES } from '../../rules/br-cl/document.js';
import { ElementLocator } from './locate.js';
import { readCii, type ReadResult } from './read.js';
import type { RepeatedContext } from './navigate.js';
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
  const report = validateDocumentInvoice(read.invoice);
  const place = (f: Finding): CiiFinding => ({ ...f, location: locate(read.locations, f.path) });
  // The code-list rules are decided on the document itself (lib/rules/br-cl/document.ts), element by element.
  const errors = [...report.errors.map(place), ...documentCodeFindings(root, read)];
  const warnings = report.warnings.map(place);
  if (read.repeatedContexts.length === 0) return { valid: errors.length === 0, ruleSet: report.ruleSet, errors, warnings, read };
  const perOccurrence = checkEachOccurrence(root, read.repeatedContexts);
  const keep = (f: CiiFinding): boolean => !perOccurrence.rules.has(f.rule);
  const allErrors = dedupe([...errors.filter(keep), ...perOccurrence.errors]);
  return { valid: allErrors.length === 0, ruleSet: report.ruleSet, errors: allErrors, warnings: dedupe([...warnings.filter(keep), ...perOccurrence.warnings]), read };
}

/**
 * The official rules of a context run once per occurrence of its element: for
 * a repeated context aggregate (a second totals aggregate, seller party,
 * invoicing period...), the document is read again with each occurrence alone
 * in its place, and the findings of that context's rules are gathered from
 * every such reading. The other rules keep the merged reading (./navigate.ts).
 */
function checkEachOccurrence(root: CiiElement, repeated: readonly RepeatedContext[]): { rules: Set<string>; errors: CiiFinding[]; warnings: CiiFinding[] } {
  const rules = new Set(repeated.flatMap((r) => r.rules));
  const errors: CiiFinding[] = [];
  const warnings: CiiFinding[] = [];
  for (const context of repeated) {
    const own = new Set(context.rules);
    for (const occurrence of context.occurrences) {
      const pass = readCii(root, { occurrence });
      const report = validateDocumentInvoice(pass.invoice, own);
      const place = (f: Finding): CiiFinding => ({ ...f, location: locate(pass.locations, f.path) });
      errors.push(...report.errors.filter((f) => own.has(f.rule)).map(place));
      warnings.push(...report.warnings.filter((f) => own.has(f.rule)).map(place));
    }
  }
  return { rules, errors, warnings };
}

const CODE_RULES: ReadonlyMap<string, RuleDefinition> = new Map(OFFICIAL_RULES.filter((r) => DOCUMENT_CODE_RULES.has(r.id)).map((r) => [r.id, r]));

/**
 * The code-list findings of the document, each at the model path its element
 * was read into (the most specific one), or at its XML location when the
 * model has no term for it.
 */
function documentCodeFindings(root: CiiElement, read: ReadResult): CiiFinding[] {
  const failures = checkDocumentCodes(root);
  if (failures.length === 0) return [];
  const pathAt = new Map<string, string>();
  for (const [path, location] of read.locations) {
    const known = pathAt.get(location);
    if (known === undefined || path.length > known.length) pathAt.set(location, path);
  }
  const locator = new ElementLocator();
  return failures.map(({ rule, element, attr }) => {
    const location = attr === undefined ? locator.of(element) : locator.ofAttribute(element, attr);
    const def = CODE_RULES.get(rule)!;
    return { rule, severity: def.severity, message: def.message, path: pathAt.get(location) ?? location, location };
  });
}

/** Findings without repeats (the same rule at the same place, found by two readings). */
function dedupe(findings: CiiFinding[]): CiiFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule} ${f.path} ${f.location}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
