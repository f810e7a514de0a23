/**
 * The v2 core path: invoice input -> semantic model -> EN 16931 validation ->
 * Factur-X CII XML. Pure: no HTTP, no AWS, no clock.
 */
import { writeCii, writeCiiTree } from './cii/writer.js';
import { InvoiceValidationError } from './errors.js';
import { invoiceFromInput } from './input/to-model.js';
import type { PartialInvoiceInput } from './input/partial.js';
import type { Invoice } from './model/invoice.js';
import { validateInvoice, type Finding, type ValidationReport } from './rules/index.js';
import { checkBrFr } from './rules/br-fr/index.js';
import { ruleSetsRun, runsBrFr, type RuleSelection } from './rules/rule-sets.js';
import { applyFrenchDefaults, toInputFinding } from './input/french.js';

/** The label of the profile v2 produces (Factur-X EN 16931, a.k.a. COMFORT; guideline `urn:cen.eu:en16931:2017`). */
export const V2_PROFILE_LABEL = 'EN 16931 (Factur-X COMFORT)';

/** A finding as shown to API callers. */
export interface PublicFinding {
  rule: string;
  severity: Finding['severity'];
  message: string;
  path: string;
}

/** A validation verdict as shown to API callers. */
export interface PublicValidation {
  valid: boolean;
  errors: PublicFinding[];
  warnings: PublicFinding[];
  /** One sentence: verdict, counts and the rule-set version. */
  summary: string;
  /** The official rule set that ran, e.g. `EN 16931 CII 1.3.16`. */
  ruleSet: string;
  /** Every rule set that ran, e.g. `["EN 16931 CII 1.3.16", "BR-FR 1.4.0.02"]`. */
  ruleSets: string[];
}

/** The result of generating Factur-X XML. */
export interface GeneratedXml {
  xml: string;
  profile: string;
  invoice: Invoice;
  validation: PublicValidation;
}

function publicFinding(f: Finding): PublicFinding {
  return { rule: f.rule, severity: f.severity, message: f.message, path: f.path };
}

/** Turns a report into the public verdict with its summary sentence. */
export function summarizeReport(report: ValidationReport, ruleSets: string[] = [report.ruleSet]): PublicValidation {
  const e = report.errors.length;
  const w = report.warnings.length;
  const counts = `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`;
  const rules = ruleSets.join(' + ');
  const summary = report.valid
    ? `Valid EN 16931 invoice (${counts}; rules ${rules}).`
    : `Invalid EN 16931 invoice (${counts}; rules ${rules}): ${[...new Set(report.errors.map((f) => f.rule))].join(', ')}.`;
  return {
    valid: report.valid,
    errors: report.errors.map(publicFinding),
    warnings: report.warnings.map(publicFinding),
    summary,
    ruleSet: report.ruleSet,
    ruleSets,
  };
}

/** Options of the JSON use cases: which rule sets run (default: `rules` of the input, else `auto`). */
export interface InvoiceRuleOptions {
  rules?: RuleSelection | undefined;
}

/**
 * The model of an input, with the French defaults when the BR-FR rules apply
 * (lib/input/french.ts), its EN 16931 verdict, and the XML; for a French
 * invoice the BR-FR rules run over that XML and their findings join the
 * report, pointed at the input fields to fix.
 */
function buildAndCheck(input: PartialInvoiceInput, options: InvoiceRuleOptions, wantXml: boolean): { invoice: Invoice; xml: string | undefined; validation: PublicValidation } {
  const invoice = invoiceFromInput(input);
  const brFr = runsBrFr(options.rules ?? input.rules, invoice.seller.address.countryCode);
  if (brFr) applyFrenchDefaults(invoice);
  const report = validateInvoice(invoice);
  let xml: string | undefined;
  if (brFr) {
    // The BR-FR rules judge the XML; they run on the tree the writer builds beside it (what a parser would read back).
    const written = writeCiiTree(invoice);
    xml = written.xml;
    const fr = checkBrFr(written.tree).map(toInputFinding);
    if (fr.length > 0) {
      report.errors.push(...fr);
      report.valid = false;
    }
  } else if (wantXml && report.valid) {
    // Without BR-FR the XML is only needed when it is handed out (a valid invoice).
    xml = writeCii(invoice);
  }
  return { invoice, xml, validation: summarizeReport(report, ruleSetsRun(brFr)) };
}

/** Validates invoice input without producing XML (the v2 validate operation); a partial input's absent terms are findings (BR-02, BR-06, BR-16, ...). */
export function checkInvoiceInput(input: PartialInvoiceInput, options: InvoiceRuleOptions = {}): PublicValidation {
  return buildAndCheck(input, options, false).validation;
}

/**
 * Builds the model, validates it, and writes the CII XML.
 * @throws InvoiceValidationError with every fatal finding (official rule ids) when the invoice is not valid, absent mandatory terms of a partial input included; no XML is produced then.
 */
export function generateFacturXml(input: PartialInvoiceInput, options: InvoiceRuleOptions = {}): GeneratedXml {
  const { invoice, xml, validation } = buildAndCheck(input, options, true);
  if (!validation.valid || xml === undefined) {
    throw new InvoiceValidationError(validation.errors.map(({ rule, message, path }) => ({ rule, message, path })));
  }
  return { xml, profile: V2_PROFILE_LABEL, invoice, validation };
}
