/**
 * Validation of any EN 16931 XML invoice, in either syntax: safe parsing,
 * syntax detection by the root element (lib/xml/syntax.ts: CII D16B, UBL 2.1
 * Invoice or CreditNote; anything else is refused by name), then for the
 * syntax found
 * - CII: the EN 16931 CII syntax rules (CII-SR/CII-DT) over the document, the
 *   EN 16931 business rules over the semantic model read from it, and XSD
 *   validation (UN/CEFACT CII D16B and, when the document names a Factur-X
 *   profile, that profile's XSD);
 * - UBL: the EN 16931 UBL syntax rules (UBL-CR/UBL-SR/UBL-DT) over the
 *   document, the same EN 16931 business rules over the same model (with the
 *   UBL binding's variants where the official UBL tests differ, lib/ubl/rules),
 *   and the OASIS UBL 2.1 Invoice or CreditNote XSD;
 * the schemas from a directory the caller configures.
 *
 * Verdict: `valid` when no fatal rule finding and the syntax's XSD (CII D16B,
 * UBL 2.1) accepts the document (what the official CEN validator and its XSD
 * step require). The Factur-X profile XSD is reported apart; its failure is a
 * warning (`FX-PROFILE-XSD`, not an official id), because the CEN rules do
 * not depend on it and some official EN 16931 examples fail it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertCiiRoot } from './cii/detect.js';
import { readCii, type CiiProfile } from './cii/reader/read.js';
import { elementPath, toElementTree } from './cii/reader/tree.js';
import { validateCiiModel } from './cii/reader/validate-cii.js';
import { withXmlDocument, type XmlDocument } from './xml/parse.js';
import { detectInvoiceSyntax, type InvoiceSyntax } from './xml/syntax.js';
import { loadXsdValidator, type XsdError, type XsdSchemaValidator } from './xml/xsd.js';
import { RULE_SET_VERSION } from './rules/index.js';
import { checkCiiSyntax } from './rules/syntax/index.js';
import { checkUblSyntax } from './rules/ubl-syntax/index.js';
import { checkFamilies, type FamilyFindings } from './rules/document-families.js';
import { asksFor, chooseRuleSets, ruleSetsRun, type RuleRequest, type RuleSetChoice } from './rules/rule-sets.js';
import { applyXRechnungLevels, xrechnungScenario, type XRechnungScenario } from './rules/xrechnung/scenario.js';
import { InputError } from './errors.js';
import { readUbl } from './ubl/reader/read.js';
import { UBL_RULE_SET_VERSION, validateUblModel } from './ubl/validate-ubl.js';
import { detectUblProfile, type InvoiceProfile } from './ubl/profile.js';
import type { CiiElement } from './cii/reader/tree.js';
import type { Finding } from './rules/types.js';
import type { Invoice } from './model/invoice.js';

export type { InvoiceSyntax } from './xml/syntax.js';
export type { InvoiceProfile } from './ubl/profile.js';

/** Options of {@link validateInvoiceXml}. */
export interface XmlValidationOptions {
  /** Folder holding `cii-d16b-uncoupled/`, `facturx-1.09/<profile>/` and `ubl-2.1/`; without it, XSD validation is skipped (and said so). */
  schemaDir?: string;
  /** Largest document accepted, in bytes (default 6 MB, the API's payload limit). */
  maxBytes?: number;
  /** Which rule sets run besides EN 16931 (lib/rules/rule-sets.ts): `auto` (default), `fr`, `xrechnung`, `peppol`, `en16931`, or a list. */
  rules?: RuleRequest;
}

/** One XSD step's outcome. */
export interface XsdReport {
  /** Which schema: `CII D16B`, `Factur-X 1.09 <PROFILE>`, `UBL 2.1 Invoice` or `UBL 2.1 CreditNote`. */
  schema: string;
  valid: boolean;
  errors: XsdError[];
}

/** The full verdict on one XML invoice. */
export interface XmlValidationResult {
  valid: boolean;
  /** The syntax, by the root element: `CII`, `UBL-Invoice` or `UBL-CreditNote`. */
  syntax: InvoiceSyntax;
  /** Detected profile, from the specification id (BT-24: CII guideline id, UBL `cbc:CustomizationID`). */
  profile: InvoiceProfile;
  /** The specification id (BT-24) as written. */
  specificationId: string;
  errors: Finding[];
  warnings: Finding[];
  /** XSD results, apart from the rule findings; `skipped` says why none ran. */
  xsd: { ran: boolean; valid: boolean | null; reports: XsdReport[]; skipped?: string };
  /** The EN 16931 rule set that ran: `EN 16931 CII 1.3.16` or `EN 16931 UBL 1.3.16`. */
  ruleSet: string;
  /** Every rule set that ran, e.g. `["EN 16931 CII 1.3.16", "BR-FR 1.4.0.02"]`. */
  ruleSets: string[];
  /**
   * When the XRechnung rules ran: the KoSIT scenario BT-24 selects (null: none, the document is rejected);
   * the errors and warnings then follow that scenario's levels (lib/rules/xrechnung/scenario.ts).
   */
  xrechnungScenario?: XRechnungScenario | null;
  /** The invoice as read (semantic model). */
  invoice: Invoice;
}

const CII_XSD = ['cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'];

const PROFILE_XSD: Partial<Record<CiiProfile, { dir: string; file: string; label: string }>> = {
  MINIMUM: { dir: 'minimum', file: 'Factur-X_MINIMUM.xsd', label: 'Factur-X 1.09 MINIMUM' },
  'BASIC WL': { dir: 'basicwl', file: 'Factur-X_BASICWL.xsd', label: 'Factur-X 1.09 BASIC WL' },
  BASIC: { dir: 'basic', file: 'Factur-X_BASIC.xsd', label: 'Factur-X 1.09 BASIC' },
  'EN 16931': { dir: 'en16931', file: 'Factur-X_EN16931.xsd', label: 'Factur-X 1.09 EN16931' },
  EXTENDED: { dir: 'extended', file: 'Factur-X_EXTENDED.xsd', label: 'Factur-X 1.09 EXTENDED' },
};

/**
 * The root XSD files the validator loads, relative to the schema directory
 * (posix separators): the CII D16B schema and each Factur-X 1.09 profile
 * schema. The schemas they import sit beside them. The packaging checks these
 * exist (infra/runtime-assets.ts) so that no deployment runs without them.
 */
/** The OASIS UBL 2.1 schema folder (its `maindoc/` root schemas import `../common/`) and the root schema of each document type. */
const UBL_XSD_DIR = 'ubl-2.1';
const UBL_XSD: Readonly<Record<'UBL-Invoice' | 'UBL-CreditNote', { file: string; label: string }>> = {
  'UBL-Invoice': { file: 'maindoc/UBL-Invoice-2.1.xsd', label: 'UBL 2.1 Invoice' },
  'UBL-CreditNote': { file: 'maindoc/UBL-CreditNote-2.1.xsd', label: 'UBL 2.1 CreditNote' },
};

export const XSD_ROOT_FILES: readonly string[] = Object.freeze([
  CII_XSD.join('/'),
  ...Object.values(PROFILE_XSD).map((fx) => `facturx-1.09/${fx.dir}/${fx.file}`),
  ...Object.values(UBL_XSD).map((u) => `${UBL_XSD_DIR}/${u.file}`),
]);

/** Whether a schema file exists, looked up once per path (the schemas ship with the service and do not move). */
const schemaExists = new Map<string, boolean>();
function hasSchema(path: string): boolean {
  let known = schemaExists.get(path);
  if (known === undefined) {
    known = existsSync(path);
    schemaExists.set(path, known);
  }
  return known;
}

/**
 * The CII schemas of one schema directory, looked up once (joining and
 * resolving their paths on every validation cost more than the look-up):
 * the CII D16B validator, undefined when its file is missing, and the
 * Factur-X profile validators by profile, null where the profile has none.
 */
interface CiiSchemas {
  cii: XsdSchemaValidator | undefined;
  profiles: Map<CiiProfile, XsdSchemaValidator | null>;
}
const ciiSchemas = new Map<string, CiiSchemas>();

function ciiSchemasOf(schemaDir: string): CiiSchemas {
  let known = ciiSchemas.get(schemaDir);
  if (known === undefined) {
    const ciiPath = join(schemaDir, ...CII_XSD);
    known = { cii: hasSchema(ciiPath) ? loadXsdValidator(ciiPath) : undefined, profiles: new Map() };
    ciiSchemas.set(schemaDir, known);
  }
  return known;
}

function profileSchema(schemas: CiiSchemas, schemaDir: string, profile: CiiProfile): XsdSchemaValidator | null {
  let validator = schemas.profiles.get(profile);
  if (validator === undefined) {
    const fx = PROFILE_XSD[profile];
    const fxPath = fx && join(schemaDir, 'facturx-1.09', fx.dir, fx.file);
    validator = fxPath && hasSchema(fxPath) ? loadXsdValidator(fxPath) : null;
    schemas.profiles.set(profile, validator);
  }
  return validator;
}

function runXsd(doc: XmlDocument, profile: CiiProfile, schemaDir: string | undefined): XmlValidationResult['xsd'] {
  if (!schemaDir) return { ran: false, valid: null, reports: [], skipped: 'no schema directory configured' };
  const schemas = ciiSchemasOf(schemaDir);
  if (schemas.cii === undefined) return { ran: false, valid: null, reports: [], skipped: `CII D16B XSD not found under ${schemaDir}` };
  const reports: XsdReport[] = [];
  const cii = schemas.cii.validate(doc);
  reports.push({ schema: 'CII D16B', valid: cii.valid, errors: cii.errors });
  const fx = profileSchema(schemas, schemaDir, profile);
  if (fx !== null) {
    const r = fx.validate(doc);
    reports.push({ schema: PROFILE_XSD[profile]!.label, valid: r.valid, errors: r.errors });
  }
  return { ran: true, valid: cii.valid, reports };
}

/** The UBL 2.1 XSD of the document type (the OASIS schema; xmllint's verdict in the official validator). */
function runUblXsd(doc: XmlDocument, syntax: 'UBL-Invoice' | 'UBL-CreditNote', schemaDir: string | undefined): XmlValidationResult['xsd'] {
  if (!schemaDir) return { ran: false, valid: null, reports: [], skipped: 'no schema directory configured' };
  const { file, label } = UBL_XSD[syntax];
  const path = join(schemaDir, UBL_XSD_DIR, file);
  if (!hasSchema(path)) return { ran: false, valid: null, reports: [], skipped: `${label} XSD not found under ${schemaDir}` };
  // The root schemas import ../common/: the whole UBL folder may be read while compiling.
  const r = loadXsdValidator(path, { root: join(schemaDir, UBL_XSD_DIR) }).validate(doc);
  return { ran: true, valid: r.valid, reports: [{ schema: label, valid: r.valid, errors: r.errors }] };
}

/**
 * Validates an EN 16931 XML invoice, CII or UBL 2.1 (Invoice or CreditNote),
 * by the rules and schemas of its syntax.
 * @throws XmlSyntaxError / XmlSecurityError (not well-formed, DTD, too large, too deep) and NotEn16931CiiError (ZUGFeRD 1.0, other roots).
 */
export function validateInvoiceXml(xml: string | Uint8Array, options: XmlValidationOptions = {}): XmlValidationResult {
  return withXmlDocument(xml, (doc) => {
    const root = toElementTree(doc);
    const syntax = detectInvoiceSyntax(root);
    return syntax === 'CII' ? validateCiiDocument(doc, root, options) : validateUblDocument(doc, root, syntax, options);
  }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}

/**
 * The former name of {@link validateInvoiceXml}, from when CII was the only syntax.
 * @deprecated Use validateInvoiceXml (the same function: it validates UBL too).
 */
export const validateCiiXml = validateInvoiceXml;

/** A UBL 2.1 Invoice or CreditNote: UBL syntax rules, EN 16931 rules (UBL binding), UBL 2.1 XSD. */
function validateUblDocument(doc: XmlDocument, root: CiiElement, syntax: 'UBL-Invoice' | 'UBL-CreditNote', options: XmlValidationOptions): XmlValidationResult {
  const business = validateUblModel(root);
  const { read } = business;
  const syntaxFindings = checkUblSyntax(root).map((f) => ({ ...f, location: f.path }));
  const choice = chooseRuleSets(options.rules, { syntax: 'ubl', sellerCountry: read.invoice.seller.address.countryCode, specificationId: read.specificationId });
  const findings = withFamilies(root, syntax, choice, {
    errors: [...business.errors, ...syntaxFindings.filter((f) => f.severity === 'fatal')],
    warnings: [...business.warnings, ...syntaxFindings.filter((f) => f.severity === 'warning')],
  });
  const xsd = runUblXsd(doc, syntax, options.schemaDir);
  return {
    valid: findings.errors.length === 0 && xsd.valid !== false,
    syntax,
    profile: detectUblProfile(read.specificationId),
    specificationId: read.specificationId,
    errors: findings.errors,
    warnings: findings.warnings,
    xsd,
    ruleSet: UBL_RULE_SET_VERSION,
    ruleSets: ruleSetsRun(choice, 'ubl'),
    ...(findings.scenario === undefined ? {} : { xrechnungScenario: findings.scenario }),
    invoice: read.invoice,
  };
}

/**
 * Adds the findings of the rule families beside EN 16931 (BR-FR, XRechnung,
 * Peppol; lib/rules/document-families.ts) to the EN 16931 ones. Under
 * XRechnung the CEN and XRechnung findings are sorted by the levels of the
 * KoSIT scenario BT-24 selects, as the KoSIT validator does; a document
 * without an XRechnung scenario gets the error XRECHNUNG-SCENARIO.
 */
function withFamilies(root: CiiElement, syntax: InvoiceSyntax, choice: RuleSetChoice, en16931: { errors: Finding[]; warnings: Finding[] }): { errors: Finding[]; warnings: Finding[]; scenario?: XRechnungScenario | null } {
  const families: FamilyFindings = checkFamilies(root, syntax === 'CII' ? 'cii' : 'ubl', choice);
  let { errors, warnings } = en16931;
  let scenario: XRechnungScenario | null | undefined;
  if (choice.xrechnung) {
    scenario = xrechnungScenario(syntax, specificationIdAsWritten(root, syntax));
    ({ errors, warnings } = applyXRechnungLevels(syntax, scenario, { errors: [...errors, ...families.xrechnung.errors], warnings: [...warnings, ...families.xrechnung.warnings] }, elementPath(root)));
  }
  errors = [...errors, ...families.errors];
  warnings = [...warnings, ...families.warnings];
  return scenario === undefined ? { errors, warnings } : { errors, warnings, scenario };
}

/** BT-24 as written (the KoSIT scenarios match it exactly, untrimmed). */
function specificationIdAsWritten(root: CiiElement, syntax: InvoiceSyntax): string | undefined {
  const steps = syntax === 'CII' ? ['rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID'] : ['cbc:CustomizationID'];
  let el: CiiElement | undefined = root;
  for (const step of steps) el = el?.children.find((c) => c.name === step);
  return el?.text;
}

/** `rules: peppol` on a CII document: Peppol BIS Billing 3.0 is defined for UBL only (400). */
function peppolOnCii(): InputError {
  return new InputError('The Peppol BIS Billing rules do not apply to this document.', [
    { path: 'rules', message: 'peppol applies to UBL documents only: Peppol BIS Billing 3.0 has no CII binding; validate the UBL form of the invoice, or ask for en16931, fr or xrechnung' },
  ]);
}

/** A CII D16B invoice: CII syntax rules, EN 16931 rules, CII D16B (and Factur-X profile) XSD. */
function validateCiiDocument(doc: XmlDocument, root: CiiElement, options: XmlValidationOptions): XmlValidationResult {
  const business = validateCiiModel(root);
  const { read } = business;
  const syntax = checkCiiSyntax(root).map((f) => ({ ...f, location: f.path }));
  if (asksFor(options.rules, 'peppol')) throw peppolOnCii();
  const choice = chooseRuleSets(options.rules, { syntax: 'cii', sellerCountry: sellerCountry(root), specificationId: read.specificationId });
  const { errors, warnings, scenario } = withFamilies(root, 'CII', choice, {
    errors: [...business.errors, ...syntax.filter((f) => f.severity === 'fatal')],
    warnings: [...business.warnings, ...syntax.filter((f) => f.severity === 'warning')],
  });
  const xsd = runXsd(doc, read.profile, options.schemaDir);
  for (const report of xsd.reports.slice(1)) {
    if (!report.valid) {
      warnings.push({
        rule: 'FX-PROFILE-XSD',
        severity: 'warning',
        message: `The document does not validate against the ${report.schema} schema of the profile it declares (BT-24): ${report.errors[0]?.message ?? ''}`.trim(),
        path: 'process.specificationId',
        location: elementPath(root),
      });
    }
  }
  return {
    valid: errors.length === 0 && xsd.valid !== false,
    syntax: 'CII',
    profile: read.profile,
    specificationId: read.specificationId,
    errors,
    warnings,
    xsd,
    ruleSet: RULE_SET_VERSION,
    ruleSets: ruleSetsRun(choice),
    ...(scenario === undefined ? {} : { xrechnungScenario: scenario }),
    invoice: read.invoice,
  };
}

/** The seller's country code (BT-40) as written, when the document has one. */
function sellerCountry(root: CiiElement): string | undefined {
  let el: CiiElement | undefined = root;
  for (const step of ['rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeAgreement', 'ram:SellerTradeParty', 'ram:PostalTradeAddress', 'ram:CountryID']) {
    el = el?.children.find((c) => c.name === step);
  }
  return el?.text;
}

/**
 * Reads a CII XML invoice into the semantic model without validating it (the
 * same parsing limits as {@link validateInvoiceXml}): for callers that only
 * need the data, e.g. an invoice embedded in a PDF that is then rewritten
 * and validated in another profile.
 * @throws XmlSyntaxError / XmlSecurityError and NotEn16931CiiError for any other root (UBL included: see readInvoiceXml)
 */
export function readCiiXml(xml: string | Uint8Array, options: { maxBytes?: number } = {}): Invoice {
  return withXmlDocument(xml, (doc) => {
    const root = toElementTree(doc);
    assertCiiRoot(root);
    return readCii(root).invoice;
  }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}

/**
 * Reads an EN 16931 XML invoice, CII or UBL 2.1, into the semantic model
 * without validating it, with the syntax it was found in.
 * @throws XmlSyntaxError / XmlSecurityError and NotEn16931CiiError, as validateInvoiceXml
 */
export function readInvoiceXml(xml: string | Uint8Array, options: { maxBytes?: number } = {}): { invoice: Invoice; syntax: InvoiceSyntax } {
  return withXmlDocument(xml, (doc) => {
    const root = toElementTree(doc);
    const syntax = detectInvoiceSyntax(root);
    return { invoice: syntax === 'CII' ? readCii(root).invoice : readUbl(root).invoice, syntax };
  }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}

/** The public shape of an XML verdict (API responses, CLI). */
export interface PublicXmlValidation {
  valid: boolean;
  /** `CII`, `UBL-Invoice` or `UBL-CreditNote`. */
  syntax: InvoiceSyntax;
  profile: InvoiceProfile;
  specificationId: string;
  errors: Finding[];
  warnings: Finding[];
  xsd: XmlValidationResult['xsd'];
  summary: string;
  ruleSet: string;
  /** Every rule set that ran (EN 16931, and BR-FR, XRechnung, Peppol when they ran). */
  ruleSets: string[];
  /** When the XRechnung rules ran: the KoSIT scenario of the document (`xrechnung`, `extension`, `cvd`), null when BT-24 selects none. */
  xrechnungScenario?: XRechnungScenario | null;
  invoiceNumber: string;
}

/** Drops the model and adds the summary sentence. */
export function publicXmlValidation(r: XmlValidationResult): PublicXmlValidation {
  const e = r.errors.length;
  const w = r.warnings.length;
  const xsd = !r.xsd.ran
    ? `XSD not run: ${r.xsd.skipped}`
    : r.xsd.reports.map((x) => `${x.schema} XSD ${x.valid ? 'ok' : `failed (${x.errors.length} error${x.errors.length === 1 ? '' : 's'})`}`).join(', ');
  const ids = [...new Set(r.errors.map((f) => f.rule))];
  const form = r.syntax === 'CII' ? 'CII' : r.syntax === 'UBL-Invoice' ? 'UBL Invoice' : 'UBL CreditNote';
  const summary = `${r.valid ? 'Valid' : 'Invalid'} EN 16931 ${form} invoice, profile ${r.profile} (${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}; ${xsd}; rules ${r.ruleSets.join(' + ')})${ids.length ? `: ${ids.join(', ')}` : ''}.`;
  return {
    valid: r.valid,
    syntax: r.syntax,
    profile: r.profile,
    specificationId: r.specificationId,
    errors: r.errors,
    warnings: r.warnings,
    xsd: r.xsd,
    summary,
    ruleSet: r.ruleSet,
    ruleSets: r.ruleSets,
    ...(r.xrechnungScenario === undefined ? {} : { xrechnungScenario: r.xrechnungScenario }),
    invoiceNumber: r.invoice.number,
  };
}
