/**
 * The v2 core path: invoice input -> semantic model -> EN 16931 validation ->
 * Factur-X CII XML. Pure: no HTTP, no AWS, no clock.
 */
import { writeCii } from './cii/writer.js';
import { InvoiceValidationError } from './errors.js';
import { invoiceFromInput } from './input/to-model.js';
import type { InvoiceInput } from './input/schema.js';
import type { Invoice } from './model/invoice.js';
import { validateInvoice, type Finding, type ValidationReport } from './rules/index.js';

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
export function summarizeReport(report: ValidationReport): PublicValidation {
  const e = report.errors.length;
  const w = report.warnings.length;
  const counts = `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`;
  const summary = report.valid
    ? `Valid EN 16931 invoice (${counts}; rules ${report.ruleSet}).`
    : `Invalid EN 16931 invoice (${counts}; rules ${report.ruleSet}): ${[...new Set(report.errors.map((f) => f.rule))].join(', ')}.`;
  return {
    valid: report.valid,
    errors: report.errors.map(publicFinding),
    warnings: report.warnings.map(publicFinding),
    summary,
    ruleSet: report.ruleSet,
  };
}

/** Validates invoice input without producing XML (the v2 validate operation). */
export function checkInvoiceInput(input: InvoiceInput): PublicValidation {
  return summarizeReport(validateInvoice(invoiceFromInput(input)));
}

/**
 * Builds the model, validates it, and writes the CII XML.
 * @throws InvoiceValidationError with every fatal finding (official rule ids) when the invoice is not valid; no XML is produced then.
 */
export function generateFacturXml(input: InvoiceInput): GeneratedXml {
  const invoice = invoiceFromInput(input);
  const validation = summarizeReport(validateInvoice(invoice));
  if (!validation.valid) {
    throw new InvoiceValidationError(validation.errors.map(({ rule, message, path }) => ({ rule, message, path })));
  }
  return { xml: writeCii(invoice), profile: V2_PROFILE_LABEL, invoice, validation };
}
