/**
 * The v2 core path: invoice input -> semantic model -> EN 16931 validation ->
 * Factur-X CII XML, or UBL 2.1 XML (`syntax: 'ubl'`). Pure: no HTTP, no AWS,
 * no clock.
 */
import { writeCii, writeCiiTree } from './cii/writer.js';
import type { SyntaxName } from './convert/syntax.js';
import { writeUblTree, writeUblWithReport, type UblDocumentType, type UnmappedTerm } from './ubl/writer.js';
import { InvoiceValidationError } from './errors.js';
import { invoiceFromInput } from './input/to-model.js';
import type { PartialInvoiceInput } from './input/partial.js';
import type { Invoice } from './model/invoice.js';
import { validateInvoice, type Finding, type ValidationReport } from './rules/index.js';
import { chooseRuleSets, EN16931_UBL_RULE_SET, isPeppolId, isXRechnungId, ruleSetsRun, type RuleRequest } from './rules/rule-sets.js';
import { checkFamilies } from './rules/document-families.js';
import { BR_FR_INDEX_PLAN } from './rules/br-fr/index.js';
import { applyXRechnungLevels, xrechnungScenario } from './rules/xrechnung/scenario.js';
import { applyFrenchDefaults, toInputFinding } from './input/french.js';
import { applyCiusDefaults, syntaxForRules, toCiusInputFinding } from './input/cius.js';
import type { CiiElement, ElementIndex } from './cii/reader/tree.js';

/** The label of the profile v2 produces (Factur-X EN 16931, a.k.a. COMFORT; guideline `urn:cen.eu:en16931:2017`). */
export const V2_PROFILE_LABEL = 'EN 16931 (Factur-X COMFORT)';
/** The label of the profile of the UBL v2 produces: EN 16931 in OASIS UBL 2.1 (EN 16931-3-2). */
export const V2_UBL_PROFILE_LABEL = 'EN 16931 (UBL 2.1)';
/**
 * The EN 16931 rule set under its UBL name (lib/ubl/validate-ubl.ts names the
 * UBL validation so; taken from lib/rules/rule-sets.ts, not from there, which
 * would load the UBL validation on the JSON path): the same semantic rules of
 * CEN release 1.3.16.
 */
export const UBL_RULE_SET_VERSION = EN16931_UBL_RULE_SET;

/** The label of what was written: EN 16931 (Factur-X COMFORT or UBL), XRechnung 3.0 or Peppol BIS Billing 3.0, by BT-24. */
function profileLabel(invoice: Invoice, syntax: SyntaxName): string {
  const id = invoice.process.specificationId;
  const form = syntax === 'ubl' ? 'UBL 2.1' : 'CII';
  if (isXRechnungId(id)) return `XRechnung 3.0 (${form})`;
  if (isPeppolId(id)) return 'Peppol BIS Billing 3.0 (UBL 2.1)';
  return syntax === 'ubl' ? V2_UBL_PROFILE_LABEL : V2_PROFILE_LABEL;
}

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
  rules?: RuleRequest | undefined;
  syntax?: SyntaxName | undefined;
}

/** The result of {@link generateInvoiceXml}. */
export interface GeneratedInvoiceXml extends GeneratedXml {
  /** The syntax written. */
  syntax: SyntaxName;
  /** For UBL: `Invoice` or `CreditNote`. */
  documentType?: UblDocumentType;
  /** Terms of the model the XML does not carry (see lib/ubl/writer.ts); empty when nothing was lost. */
  unmapped: UnmappedTerm[];
}

/** What {@link buildAndCheck} gives. */
interface Checked {
  invoice: Invoice;
  xml: string | undefined;
  validation: PublicValidation;
  syntax: SyntaxName;
  documentType?: UblDocumentType;
  unmapped: UnmappedTerm[];
}

/**
 * The XML of a model in a syntax, with its element tree (what a parser reads back, built by the writer as it writes)
 * and, for UBL, what UBL could not carry. The CII writer also records the elements BR-FR selects, as it creates them.
 */
function writeWithTree(
  invoice: Invoice,
  syntax: SyntaxName,
): { xml: string; tree: CiiElement; index?: ElementIndex; documentType?: UblDocumentType; unmapped: UnmappedTerm[] } {
  if (syntax === 'cii') return { ...writeCiiTree(invoice, {}, BR_FR_INDEX_PLAN), unmapped: [] };
  return writeUblTree(invoice);
}

/**
 * The model of an input, with the defaults of the rule sets that run (French
 * ones, lib/input/french.ts; XRechnung and Peppol ones, lib/input/cius.ts),
 * its EN 16931 verdict, and the XML in the syntax asked for. The rule
 * families beside EN 16931 (BR-FR, XRechnung, Peppol) judge the XML: they run
 * on the tree of the document written (what a parser reads back) and their
 * findings join the report, pointed at the input fields to fix. Under
 * XRechnung the verdict follows the KoSIT scenario's levels, as for an XML
 * document (lib/rules/xrechnung/scenario.ts).
 */
function buildAndCheck(input: PartialInvoiceInput, options: InvoiceRuleOptions, wantXml: boolean): Checked {
  const invoice = invoiceFromInput(input);
  const request = options.rules ?? input.rules;
  const syntax = syntaxForRules(request, options.syntax ?? input.syntax);
  applyCiusDefaults(invoice, request);
  const choice = chooseRuleSets(request, { syntax, sellerCountry: invoice.seller.address.countryCode, specificationId: invoice.process.specificationId });
  if (choice.brFr) applyFrenchDefaults(invoice);
  const report = validateInvoice(invoice);
  if (syntax === 'ubl') report.ruleSet = UBL_RULE_SET_VERSION;
  let written: ReturnType<typeof writeWithTree> | undefined;
  if (choice.brFr || choice.xrechnung || choice.peppol) {
    written = writeWithTree(invoice, syntax);
    const families = checkFamilies(written.tree, syntax, choice, written.index);
    if (choice.xrechnung) {
      const kind = syntax === 'cii' ? 'CII' : written.documentType === 'CreditNote' ? 'UBL-CreditNote' : 'UBL-Invoice';
      const leveled = applyXRechnungLevels(kind, xrechnungScenario(kind, invoice.process.specificationId), {
        errors: [...report.errors, ...families.xrechnung.errors.map(toCiusInputFinding)],
        warnings: [...report.warnings, ...families.xrechnung.warnings.map(toCiusInputFinding)],
      }, '/');
      report.errors = leveled.errors;
      report.warnings = leveled.warnings;
    }
    report.errors.push(...families.errors.map((f) => toCiusInputFinding(toInputFinding(f))));
    report.warnings.push(...families.warnings.map(toCiusInputFinding));
    report.valid = report.errors.length === 0;
  }
  const validation = summarizeReport(report, ruleSetsRun(choice, syntax));
  if (!wantXml || !report.valid) return { invoice, xml: undefined, validation, syntax, unmapped: [] };
  if (written !== undefined) return { invoice, xml: written.xml, validation, syntax, ...(written.documentType === undefined ? {} : { documentType: written.documentType }), unmapped: written.unmapped };
  if (syntax === 'cii') return { invoice, xml: writeCii(invoice), validation, syntax, unmapped: [] };
  const ubl = writeUblWithReport(invoice);
  return { invoice, xml: ubl.xml, validation, syntax, documentType: ubl.documentType, unmapped: ubl.unmapped };
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
    profile: profileLabel(invoice, syntax),
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
