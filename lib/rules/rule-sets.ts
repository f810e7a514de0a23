/**
 * Which rule sets run on an invoice (`rules` in the API, `--rules` in the
 * CLI), in one table, as the KoSIT validator and phive select a rule set from
 * the document's syntax and specification identifier (BT-24). EN 16931 always
 * runs; `rules` adds to it:
 * - `auto` (default): BR-FR when the seller's country (BT-40) is FR;
 *   XRechnung when BT-24 is an XRechnung 3.0 identifier (standard, extension
 *   or CVD); Peppol BIS Billing when BT-24 is the Peppol BIS Billing 3.0
 *   customization identifier of a UBL document. For JSON input BT-24 is what
 *   we write, never an XRechnung or Peppol identifier unless `rules` asks for
 *   one, so `auto` adds only BR-FR there: a seller's country does not make an
 *   invoice an XRechnung (German B2B invoices need not be) nor a Peppol one;
 * - `fr`: BR-FR (FNFE-MPE 1.4.0.02), whatever the seller's country;
 * - `xrechnung`: XRechnung 3.0.2 (KoSIT), CII or UBL;
 * - `peppol`: Peppol BIS Billing 3.0.21 (OpenPeppol), UBL only;
 * - `en16931`: nothing more (the opt-out of every CIUS).
 * Several may be asked together as a list (`["peppol", "fr"]`, `?rules=peppol,fr`,
 * `--rules peppol,fr`): the sets of every entry run (`auto` in a list adds
 * what it would add alone; `en16931` adds nothing).
 */
import type { SyntaxName } from '../convert/syntax.js';
import { BR_FR_RULE_SET } from './br-fr/index.js';
import { RULE_SET_VERSION } from './engine.js';
import { XRECHNUNG_RULE_SET, XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID } from './xrechnung/index.js';

/** The values of `rules`. */
export const RULE_SELECTIONS = ['auto', 'en16931', 'fr', 'xrechnung', 'peppol'] as const;
/** One value of `rules`. */
export type RuleSelection = (typeof RULE_SELECTIONS)[number];
/** What `rules` may be: one value or a list of them. */
export type RuleRequest = RuleSelection | readonly RuleSelection[];

/** The EN 16931 rule set under its UBL name (the same CEN release 1.3.16, UBL binding). */
export const EN16931_UBL_RULE_SET = 'EN 16931 UBL 1.3.16';
/** The Peppol BIS Billing rule set label. */
export const PEPPOL_RULE_SET = 'Peppol BIS Billing 3.0.21';

/** BT-24 of a Peppol BIS Billing 3.0 invoice or credit note (`cbc:CustomizationID`). */
export const PEPPOL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
/** BT-23 of a Peppol BIS Billing 3.0 invoice (`cbc:ProfileID`, billing process 01). */
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The XRechnung 3.0 specification identifiers (BT-24) that select a KoSIT scenario. */
export const XRECHNUNG_SPECIFICATION_IDS: readonly string[] = [XR_CIUS_ID, XR_EXTENSION_ID, XR_CVD_ID];

/** True when `value` is a valid `rules` value. */
export function isRuleSelection(value: unknown): value is RuleSelection {
  return typeof value === 'string' && (RULE_SELECTIONS as readonly string[]).includes(value);
}

/** The message of a `rules` value that cannot be read (400 BAD_REQUEST). */
export const RULES_MESSAGE = `must be one of ${RULE_SELECTIONS.join(', ')}, or a list of them (e.g. ["peppol", "fr"] or "peppol,fr")`;

/**
 * Reads `rules` as a request gives it: one value, a comma-separated string
 * (query parameter, CLI) or a JSON array of values. Undefined for a value
 * that is none of these (the caller answers 400 with {@link RULES_MESSAGE}).
 */
export function parseRuleRequest(value: unknown): RuleRequest | undefined {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((s) => s.trim()) : undefined;
  if (parts === undefined || parts.length === 0 || !parts.every(isRuleSelection)) return undefined;
  const unique = [...new Set(parts as RuleSelection[])];
  return unique.length === 1 ? unique[0]! : unique;
}

/** True when `value` is a valid `rules` value or list (JSON input). */
export function isRuleRequest(value: unknown): value is RuleRequest {
  return typeof value === 'string' ? isRuleSelection(value) : Array.isArray(value) && value.length > 0 && value.every(isRuleSelection);
}

/** The entries of a request (`auto` when none is given). */
export function ruleEntries(request: RuleRequest | undefined): readonly RuleSelection[] {
  if (request === undefined) return ['auto'];
  return typeof request === 'string' ? [request] : request;
}

/** What decides `auto`: the document's syntax, its seller's country (BT-40) and specification identifier (BT-24) as written. */
export interface RuleSetFacts {
  syntax: SyntaxName;
  sellerCountry?: string | undefined;
  specificationId?: string | undefined;
}

/** Which rule sets run besides EN 16931. */
export interface RuleSetChoice {
  brFr: boolean;
  xrechnung: boolean;
  peppol: boolean;
}

/** True when BT-24 (as written) is an XRechnung 3.0 identifier. */
export function isXRechnungId(specificationId: string | undefined): boolean {
  return specificationId !== undefined && XRECHNUNG_SPECIFICATION_IDS.includes(specificationId.trim());
}

/** True when BT-24 (as written) is the Peppol BIS Billing 3.0 customization identifier. */
export function isPeppolId(specificationId: string | undefined): boolean {
  return specificationId?.trim() === PEPPOL_CUSTOMIZATION_ID;
}

/** Decides the rule sets of a request for a document (see the module comment). */
export function chooseRuleSets(request: RuleRequest | undefined, facts: RuleSetFacts): RuleSetChoice {
  const choice: RuleSetChoice = { brFr: false, xrechnung: false, peppol: false };
  for (const entry of ruleEntries(request)) {
    if (entry === 'fr') choice.brFr = true;
    else if (entry === 'xrechnung') choice.xrechnung = true;
    else if (entry === 'peppol') choice.peppol = true;
    else if (entry === 'auto') {
      if (facts.sellerCountry?.trim() === 'FR') choice.brFr = true;
      if (isXRechnungId(facts.specificationId)) choice.xrechnung = true;
      if (facts.syntax === 'ubl' && isPeppolId(facts.specificationId)) choice.peppol = true;
    }
  }
  return choice;
}

/** Whether the BR-FR rules run, given the request and the seller's country code (BT-40) as written. */
export function runsBrFr(request: RuleRequest | undefined, sellerCountry: string | undefined): boolean {
  return chooseRuleSets(request, { syntax: 'cii', sellerCountry }).brFr;
}

/** True when the request names a rule set explicitly (not only `auto` / `en16931`). */
export function asksFor(request: RuleRequest | undefined, set: 'fr' | 'xrechnung' | 'peppol'): boolean {
  return ruleEntries(request).includes(set);
}

/**
 * The labels of the rule sets that ran, as answers list them (`ruleSets`):
 * EN 16931 first, named after the syntax, then BR-FR, XRechnung, Peppol.
 * A boolean is the BR-FR choice alone (CII).
 */
export function ruleSetsRun(choice: boolean | RuleSetChoice, syntax: SyntaxName = 'cii'): string[] {
  const c = typeof choice === 'boolean' ? { brFr: choice, xrechnung: false, peppol: false } : choice;
  const sets = [syntax === 'ubl' ? EN16931_UBL_RULE_SET : RULE_SET_VERSION];
  if (c.brFr) sets.push(BR_FR_RULE_SET);
  if (c.xrechnung) sets.push(XRECHNUNG_RULE_SET);
  if (c.peppol) sets.push(PEPPOL_RULE_SET);
  return sets;
}
