/**
 * The business-rule half of validating a UBL 2.1 Invoice or CreditNote: read
 * the document into the semantic model (./reader/read.ts), run the EN 16931
 * rules over it (the one catalogue, with the UBL binding's variants where
 * the official UBL test differs: ./rules/index.ts), decide the code lists on
 * the document itself (lib/rules/br-cl/ubl-document.ts), and point each
 * finding at the XML it concerns. The UBL syntax rules (UBL-CR, UBL-SR,
 * UBL-DT) and the XSD run on the XML itself (lib/validate-xml.ts).
 */
import { locate } from '../cii/reader/validate-cii.js';
import { ElementLocator } from '../cii/reader/locate.js';
import type { CiiElement } from '../cii/reader/tree.js';
import { runRules } from '../rules/engine.js';
import { OFFICIAL_RULES, type Finding, type RuleDefinition } from '../rules/index.js';
import { checkUblDocumentCodes, UBL_DOCUMENT_CODE_RULES } from '../rules/br-cl/ubl-document.js';
import { readUbl, type UblReadResult } from './reader/read.js';
import { recordUblDocument } from './rules/document.js';
import { UBL_MODEL_RULES } from './rules/index.js';

/** The official CEN release whose UBL rules we follow. */
export const UBL_RULE_SET_VERSION = 'EN 16931 UBL 1.3.16';

/** A business-rule finding on a UBL document: the model `path` plus the XPath-like `location` in the XML. */
export interface UblFinding extends Finding {
  location: string;
}

/** The outcome of {@link validateUblModel}. */
export interface UblModelValidation {
  valid: boolean;
  errors: UblFinding[];
  warnings: UblFinding[];
  ruleSet: string;
  /** What the reader made of the document. */
  read: UblReadResult;
}

const CODE_RULES: ReadonlyMap<string, RuleDefinition> = new Map(OFFICIAL_RULES.filter((r) => UBL_DOCUMENT_CODE_RULES.has(r.id)).map((r) => [r.id, r]));

/**
 * Validates the EN 16931 business rules (BR, BR-CO, BR-DEC, the VAT
 * categories, BR-CL and our extra checks) of a UBL document given as its
 * element tree (`ubl:Invoice` or `cn:CreditNote` root). Each finding keeps
 * its model `path` and gains the `location` of the XML it concerns.
 */
export function validateUblModel(root: CiiElement): UblModelValidation {
  const read = readUbl(root);
  recordUblDocument(read.invoice, root);
  const report = runRules(read.invoice, UBL_MODEL_RULES);
  // A variant reports an element by its XPath location: the finding's path is then the model term read from it, if any.
  let byLocation: Map<string, string> | undefined;
  const place = (f: Finding): UblFinding => {
    if (!f.path.startsWith('/')) return { ...f, location: locate(read.locations, f.path) };
    byLocation ??= modelPathsByLocation(read);
    return { ...f, path: byLocation.get(f.path) ?? f.path, location: f.path };
  };
  const errors = [...report.errors.map(place), ...documentCodeFindings(root, read)];
  const warnings = report.warnings.map(place);
  return { valid: errors.length === 0, errors, warnings, ruleSet: UBL_RULE_SET_VERSION, read };
}

/** The model path read from each location (the most specific one, when several terms come from one element). */
function modelPathsByLocation(read: UblReadResult): Map<string, string> {
  const pathAt = new Map<string, string>();
  for (const [path, location] of read.locations) {
    const known = pathAt.get(location);
    if (known === undefined || path.length > known.length) pathAt.set(location, path);
  }
  return pathAt;
}

/** The code-list findings of the document, each at the model path its element was read into (the most specific one), or at its XML location. */
function documentCodeFindings(root: CiiElement, read: UblReadResult): UblFinding[] {
  const failures = checkUblDocumentCodes(root);
  if (failures.length === 0) return [];
  const pathAt = modelPathsByLocation(read);
  const locator = new ElementLocator();
  return failures.map(({ rule, element, attr }) => {
    const location = attr === undefined ? locator.of(element) : locator.ofAttribute(element, attr);
    const def = CODE_RULES.get(rule)!;
    return { rule, severity: def.severity, message: def.message, path: pathAt.get(location) ?? location, location };
  });
}
