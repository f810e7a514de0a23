/**
 * Validation of any CII XML invoice: safe parsing, format detection, the EN
 * 16931 CII syntax rules (CII-SR/CII-DT) over the document, the EN 16931
 * business rules over the semantic model read from it, and XSD validation
 * (UN/CEFACT CII D16B and, when the document names a Factur-X profile, that
 * profile's XSD) from a schema directory the caller configures.
 *
 * Verdict: `valid` when no fatal rule finding and the CII D16B XSD accepts the
 * document (what the official CEN validator and its XSD step require). The
 * Factur-X profile XSD is reported apart; its failure is a warning
 * (`FX-PROFILE-XSD`, not an official id), because the CEN rules do not depend
 * on it and some official EN 16931 examples fail it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertCiiRoot } from './cii/detect.js';
import { readCii, type CiiProfile } from './cii/reader/read.js';
import { elementPath, toElementTree } from './cii/reader/tree.js';
import { validateCiiModel } from './cii/reader/validate-cii.js';
import { withXmlDocument, type XmlDocument } from './xml/parse.js';
import { loadXsdValidator, type XsdError } from './xml/xsd.js';
import { RULE_SET_VERSION } from './rules/index.js';
import { checkCiiSyntax } from './rules/syntax/index.js';
import { checkFamilies } from './rules/document-families.js';
import { asksFor, chooseRuleSets, ruleSetsRun, type RuleRequest } from './rules/rule-sets.js';
import { applyXRechnungLevels, xrechnungScenario, type XRechnungScenario } from './rules/xrechnung/scenario.js';
import { InputError } from './errors.js';
import type { CiiElement } from './cii/reader/tree.js';
import type { Finding } from './rules/types.js';
import type { Invoice } from './model/invoice.js';

/** Options of {@link validateCiiXml}. */
export interface XmlValidationOptions {
  /** Folder holding `cii-d16b-uncoupled/` and `facturx-1.09/<profile>/`; without it, XSD validation is skipped (and said so). */
  schemaDir?: string;
  /** Largest document accepted, in bytes (default 6 MB, the API's payload limit). */
  maxBytes?: number;
  /** Which rule sets run besides EN 16931 (lib/rules/rule-sets.ts): `auto` (default), `fr`, `xrechnung`, `peppol`, `en16931`, or a list. */
  rules?: RuleRequest;
}

/** One XSD step's outcome. */
export interface XsdReport {
  /** Which schema: `CII D16B` or `Factur-X 1.09 <PROFILE>`. */
  schema: string;
  valid: boolean;
  errors: XsdError[];
}

/** The full verdict on one XML invoice. */
export interface XmlValidationResult {
  valid: boolean;
  /** Detected profile, from the guideline id (BT-24). */
  profile: CiiProfile;
  /** The guideline id (BT-24) as written. */
  specificationId: string;
  errors: Finding[];
  warnings: Finding[];
  /** XSD results, apart from the rule findings; `skipped` says why none ran. */
  xsd: { ran: boolean; valid: boolean | null; reports: XsdReport[]; skipped?: string };
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
export const XSD_ROOT_FILES: readonly string[] = Object.freeze([
  CII_XSD.join('/'),
  ...Object.values(PROFILE_XSD).map((fx) => `facturx-1.09/${fx.dir}/${fx.file}`),
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

function runXsd(doc: XmlDocument, profile: CiiProfile, schemaDir: string | undefined): XmlValidationResult['xsd'] {
  if (!schemaDir) return { ran: false, valid: null, reports: [], skipped: 'no schema directory configured' };
  const ciiPath = join(schemaDir, ...CII_XSD);
  if (!hasSchema(ciiPath)) return { ran: false, valid: null, reports: [], skipped: `CII D16B XSD not found under ${schemaDir}` };
  const reports: XsdReport[] = [];
  const cii = loadXsdValidator(ciiPath).validate(doc);
  reports.push({ schema: 'CII D16B', valid: cii.valid, errors: cii.errors });
  const fx = PROFILE_XSD[profile];
  const fxPath = fx && join(schemaDir, 'facturx-1.09', fx.dir, fx.file);
  if (fx && fxPath && hasSchema(fxPath)) {
    const r = loadXsdValidator(fxPath).validate(doc);
    reports.push({ schema: fx.label, valid: r.valid, errors: r.errors });
  }
  return { ran: true, valid: cii.valid, reports };
}

/**
 * Validates a CII XML invoice.
 * @throws XmlSyntaxError / XmlSecurityError (not well-formed, DTD, too large, too deep) and NotEn16931CiiError (ZUGFeRD 1.0, UBL, other roots).
 */
export function validateCiiXml(xml: string | Uint8Array, options: XmlValidationOptions = {}): XmlValidationResult {
  return withXmlDocument(xml, (doc) => {
    const root = toElementTree(doc);
    assertCiiRoot(root);
    const business = validateCiiModel(root);
    const { read } = business;
    const syntax = checkCiiSyntax(root).map((f) => ({ ...f, location: f.path }));
    if (asksFor(options.rules, 'peppol')) throw peppolOnCii();
    const choice = chooseRuleSets(options.rules, { syntax: 'cii', sellerCountry: sellerCountry(root), specificationId: read.specificationId });
    const families = checkFamilies(root, 'cii', choice);
    let errors: Finding[] = [...business.errors, ...syntax.filter((f) => f.severity === 'fatal')];
    let warnings: Finding[] = [...business.warnings, ...syntax.filter((f) => f.severity === 'warning')];
    let scenario: XRechnungScenario | null | undefined;
    if (choice.xrechnung) {
      scenario = xrechnungScenario('CII', guidelineId(root));
      const leveled = applyXRechnungLevels('CII', scenario, { errors: [...errors, ...families.xrechnung.errors], warnings: [...warnings, ...families.xrechnung.warnings] }, elementPath(root));
      errors = leveled.errors;
      warnings = leveled.warnings;
    }
    errors.push(...families.errors);
    warnings.push(...families.warnings);
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
  }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}

/** `rules: peppol` on a CII document: Peppol BIS Billing 3.0 is defined for UBL only. */
function peppolOnCii(): InputError {
  return new InputError('The Peppol BIS Billing rules do not apply to this document.', [
    { path: 'rules', message: 'peppol applies to UBL documents only: Peppol BIS Billing 3.0 has no CII binding; validate the UBL form of the invoice, or ask for en16931, fr or xrechnung' },
  ]);
}

/** BT-24 as written (the KoSIT scenarios match it exactly, untrimmed). */
function guidelineId(root: CiiElement): string | undefined {
  let el: CiiElement | undefined = root;
  for (const step of ['rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID']) {
    el = el?.children.find((c) => c.name === step);
  }
  return el?.text;
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
 * same parsing limits and root check as {@link validateCiiXml}): for callers
 * that only need the data, e.g. an invoice embedded in a PDF that is then
 * rewritten and validated in another profile.
 * @throws XmlSyntaxError / XmlSecurityError and NotEn16931CiiError, as validateCiiXml
 */
export function readCiiXml(xml: string | Uint8Array, options: { maxBytes?: number } = {}): Invoice {
  return withXmlDocument(xml, (doc) => {
    const root = toElementTree(doc);
    assertCiiRoot(root);
    return readCii(root).invoice;
  }, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
}

/** The public shape of an XML verdict (API responses, CLI). */
export interface PublicXmlValidation {
  valid: boolean;
  profile: CiiProfile;
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
  const summary = `${r.valid ? 'Valid' : 'Invalid'} EN 16931 invoice, profile ${r.profile} (${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}; ${xsd}; rules ${r.ruleSets.join(' + ')})${ids.length ? `: ${ids.join(', ')}` : ''}.`;
  return {
    valid: r.valid,
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
