/**
 * The v2 core path: invoice input -> semantic model -> EN 16931 validation ->
 * Factur-X CII XML, or UBL 2.1 XML (`syntax: 'ubl'`). Pure: no HTTP, no AWS,
 * no clock.
 */
import { writeCii, writeCiiTree } from './cii/writer.js';
import type { InvoiceSyntax } from './convert/syntax.js';
import { writeUblWithReport, type UblDocumentType, type UnmappedTerm } from './ubl/writer.js';
import { InvoiceValidationError } from './errors.js';
import { invoiceFromInput } from './input/to-model.js';
import type { PartialInvoiceInput } from './input/partial.js';
import type { Invoice } from './model/invoice.js';
import { RULE_SET_VERSION, validateInvoice, type Finding, type ValidationReport } from './rules/index.js';
import { checkBrFr } from './rules/br-fr/index.js';
import { ruleSetsRun, runsBrFr, type RuleSelection } from './rules/rule-sets.js';
import { applyFrenchDefaults, toInputFinding } from './input/french.js';

/** The label of the profile v2 produces (Factur-X EN 16931, a.k.a. COMFORT; guideline `urn:cen.eu:en16931:2017`). */
export const V2_PROFILE_LABEL = 'EN 16931 (Factur-X COMFORT)';
/** The label of the profile of the UBL v2 produces: EN 16931 in OASIS UBL 2.1 (EN 16931-3-2). */
export const V2_UBL_PROFILE_LABEL = 'EN 16931 (UBL 2.1)';
/**
 * The EN 16931 rule set under its UBL name: the same semantic rules of CEN
 * release 1.3.16 (the BR-* rules are the same in the CII and UBL artefacts),
 * named after the syntax of the document written.
 */
export const UBL_RULE_SET_VERSION = 'EN 16931 UBL 1.3.16';

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

/** Options of the JSON use cases: which rule sets run (default: `rules` of the input, else `auto`) and the XML syntax (default: `syntax` of the input, else `cii`). */
export interface InvoiceRuleOptions {
  rules?: RuleSelection | undefined;
  syntax?: InvoiceSyntax | undefined;
}

/** The result of {@link generateInvoiceXml}. */
export interface GeneratedInvoiceXml extends GeneratedXml {
  /** The syntax written. */
  syntax: InvoiceSyntax;
  /** For UBL: `Invoice` or `CreditNote`. */
  documentType?: UblDocumentType;
  /** Terms of the model the XML does not carry (see lib/ubl/writer.ts); empty when nothing was lost. */
  unmapped: UnmappedTerm[];
}

/** The rule-set labels of a verdict, the EN 16931 one named after the syntax written. */
function ruleSetLabels(brFr: boolean, syntax: InvoiceSyntax): string[] {
  const sets = ruleSetsRun(brFr);
  return syntax === 'ubl' ? sets.map((s) => (s === RULE_SET_VERSION ? UBL_RULE_SET_VERSION : s)) : sets;
}

/** What {@link buildAndCheck} gives. */
interface Checked {
  invoice: Invoice;
  xml: string | undefined;
  validation: PublicValidation;
  syntax: InvoiceSyntax;
  documentType?: UblDocumentType;
  unmapped: UnmappedTerm[];
}

/**
 * The model of an input, with the French defaults when the BR-FR rules apply
 * (lib/input/french.ts), its EN 16931 verdict, and the XML in the syntax
 * asked for; for a French invoice the BR-FR rules run over the CII form of
 * the model (the tree the CII writer builds beside its XML) and their
 * findings join the report, pointed at the input fields to fix. A UBL
 * document is written from the same model, so it carries the same terms.
 */
function buildAndCheck(input: PartialInvoiceInput, options: InvoiceRuleOptions, wantXml: boolean): Checked {
  const invoice = invoiceFromInput(input);
  const syntax = options.syntax ?? input.syntax ?? 'cii';
  const brFr = runsBrFr(options.rules ?? input.rules, invoice.seller.address.countryCode);
  if (brFr) applyFrenchDefaults(invoice);
  const report = validateInvoice(invoice);
  if (syntax === 'ubl') report.ruleSet = UBL_RULE_SET_VERSION;
  let xml: string | undefined;
  if (brFr) {
    // The BR-FR rules judge the XML; they run on the tree the writer builds beside it (what a parser would read back).
    const written = writeCiiTree(invoice);
    if (syntax === 'cii') xml = written.xml;
    const fr = checkBrFr(written.tree).map(toInputFinding);
    if (fr.length > 0) {
      report.errors.push(...fr);
      report.valid = false;
    }
  }
  const validation = summarizeReport(report, ruleSetLabels(brFr, syntax));
  if (syntax === 'ubl') {
    // Without BR-FR the XML is only needed when it is handed out (a valid invoice).
    if (!wantXml || !report.valid) return { invoice, xml: undefined, validation, syntax, unmapped: [] };
    const written = writeUblWithReport(invoice);
    return { invoice, xml: written.xml, validation, syntax, documentType: written.documentType, unmapped: written.unmapped };
  }
  if (xml === undefined && wantXml && report.valid) xml = writeCii(invoice);
  return { invoice, xml, validation, syntax, unmapped: [] };
}

/** Validates invoice input without producing XML (the v2 validate operation); a partial input's absent terms are findings (BR-02, BR-06, BR-16, ...). */
export function checkInvoiceInput(input: PartialInvoiceInput, options: InvoiceRuleOptions = {}): PublicValidation {
  return buildAndCheck(input, options, false).validation;
}

/**
 * Builds the model, validates it, and writes the XML in the syntax asked for
 * (`options.syntax`, else the input's `syntax`, else CII): Factur-X EN 16931
 * CII, or a UBL 2.1 Invoice / CreditNote.
 * @throws InvoiceValidationError with every fatal finding (official rule ids) when the invoice is not valid, absent mandatory terms of a partial input included; no XML is produced then.
 */
export function generateInvoiceXml(input: PartialInvoiceInput, options: InvoiceRuleOptions = {}): GeneratedInvoiceXml {
  const { invoice, xml, validation, syntax, documentType, unmapped } = buildAndCheck(input, options, true);
  if (!validation.valid || xml === undefined) {
    throw new InvoiceValidationError(validation.errors.map(({ rule, message, path }) => ({ rule, message, path })));
  }
  return {
    xml,
    profile: syntax === 'ubl' ? V2_UBL_PROFILE_LABEL : V2_PROFILE_LABEL,
    invoice,
    validation,
    syntax,
    ...(documentType === undefined ? {} : { documentType }),
    unmapped,
  };
}

/**
 * Builds the model, validates it, and writes the Factur-X EN 16931 CII XML,
 * whatever `syntax` the input names (Factur-X carries CII).
 * @throws InvoiceValidationError with every fatal finding (official rule ids) when the invoice is not valid, absent mandatory terms of a partial input included; no XML is produced then.
 */
export function generateFacturXml(input: PartialInvoiceInput, options: InvoiceRuleOptions = {}): GeneratedXml {
  const { xml, profile, invoice, validation } = generateInvoiceXml(input, { ...options, syntax: 'cii' });
  return { xml, profile, invoice, validation };
}
