/**
 * The EN 16931 UBL syntax binding rules (UBL-CR-nnn, UBL-SR-nn, UBL-DT-nn;
 * EN 16931-3-2) with the semantics of the CEN validation artefacts release
 * 1.3.16 (`ubl/schematron/{abstract,UBL}/EN16931-*-syntax.sch`): 678 UBL-CR
 * rules (2 fatal, the rest warnings) on which UBL 2.1 elements and attributes
 * an EN 16931 invoice should not use, 54 fatal UBL-SR cardinality rules and
 * 24 UBL-DT data type rules (3 fatal).
 *
 * Like the CII syntax rules (lib/rules/syntax), they speak of the XML, not of
 * the semantic model: they run over the element tree (lib/cii/reader/tree.ts)
 * and report XPath-like locations.
 */
import { ElementLocator } from '../../cii/reader/locate.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding, Severity } from '../types.js';
import { UBL_SYNTAX_CONTEXTS } from './contexts.js';
import { checkRestrictions, RESTRICTION_RULES } from './restrictions.js';
import type { UblDocumentIndex, UblSyntaxContext, UblSyntaxFailure } from './types.js';

export { UBL_SYNTAX_CONTEXTS } from './contexts.js';

/** One UBL syntax rule as published: official id and severity, our message, the official context. */
export interface UblSyntaxRuleInfo {
  id: string;
  severity: Severity;
  message: string;
  context: string;
}

const ROOT_CONTEXT = '/ubl:Invoice | /cn:CreditNote';
const restrictionMessage = (path: string): string => `${path} should not be present: it is not part of the EN 16931 UBL binding.`;

/** Every UBL-CR / UBL-SR / UBL-DT rule we implement. */
export const UBL_SYNTAX_RULES: readonly UblSyntaxRuleInfo[] = [
  ...RESTRICTION_RULES.map((r) => ({ id: r.id, severity: r.severity, message: restrictionMessage(r.path), context: ROOT_CONTEXT })),
  ...UBL_SYNTAX_CONTEXTS.flatMap((ctx) => ctx.checks.map((c) => ({ id: c.id, severity: c.severity, message: c.message, context: ctx.xpath }))),
];

/** Ids of every UBL syntax rule we implement. */
export const UBL_SYNTAX_RULE_IDS: readonly string[] = UBL_SYNTAX_RULES.map((r) => r.id);

/**
 * UBL syntax rules of release 1.3.16 we do not implement, with the reason.
 * Empty: every rule is implemented.
 */
export const UBL_SYNTAX_NOT_IMPLEMENTED: readonly { id: string; reason: string }[] = [];

/** One walk: the elements by name and by attribute, for the root's tests over the whole document (`//...`). */
function indexDocument(root: CiiElement): UblDocumentIndex {
  const byName = new Map<string, CiiElement[]>();
  const byAttribute = new Map<string, CiiElement[]>();
  const add = (map: Map<string, CiiElement[]>, key: string, el: CiiElement): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [el]);
    else list.push(el);
  };
  const visit = (el: CiiElement): void => {
    add(byName, el.name, el);
    for (const attr in el.attrs) add(byAttribute, attr, el);
    for (const c of el.children) visit(c);
  };
  visit(root);
  return { byName, byAttribute };
}

/** The element names some context is about (the `*Amount` and `*BinaryObject` contexts and the root apart). */
const CONTEXT_NAMES: ReadonlySet<string> = new Set([
  'cac:PostalAddress', 'cac:Address', 'cac:Party', 'cac:AdditionalDocumentReference', 'cac:Delivery', 'cac:AllowanceCharge', 'cac:PartyTaxScheme',
  'cac:InvoiceLine', 'cac:CreditNoteLine', 'cac:PayeeParty', 'cac:PaymentMeans', 'cac:BillingReference', 'cac:TaxRepresentativeParty', 'cac:TaxSubtotal',
]);

/** The first context of the pattern `el` matches (schematron: the only one that checks it). */
function contextOf(el: CiiElement): UblSyntaxContext | undefined {
  // Most elements are in no context: skip the matchers for them.
  if (el.parent !== undefined && !CONTEXT_NAMES.has(el.name) && !el.name.endsWith('Amount') && !el.name.endsWith('BinaryObject')) return undefined;
  for (const ctx of UBL_SYNTAX_CONTEXTS) if (ctx.matches(el)) return ctx;
  return undefined;
}

/**
 * Checks a UBL document (as an element tree, see `toElementTree`) against the
 * EN 16931 UBL syntax rules. Findings carry the official rule id and severity,
 * our message and the XPath-like location of the offending element (with
 * `/@attr` for an attribute). Never throws because of a finding.
 */
export function checkUblSyntax(root: CiiElement): Finding[] {
  const failed: Array<[{ id: string; severity: Severity; message: string }, UblSyntaxFailure]> = [];
  const index = indexDocument(root);
  const visit = (el: CiiElement): void => {
    const ctx = contextOf(el);
    if (ctx !== undefined) {
      for (const check of ctx.checks) {
        const failure = check.test(el, index);
        if (failure !== undefined) failed.push([check, failure]);
      }
    }
    for (const c of el.children) visit(c);
  };
  visit(root);
  for (const r of checkRestrictions(root)) failed.push([{ id: r.id, severity: r.severity, message: restrictionMessage(r.path) }, r.failure]);
  const locator = new ElementLocator();
  return failed.map(([check, failure]) => ({
    rule: check.id,
    severity: check.severity,
    message: check.message,
    path: failure.attr === undefined ? locator.of(failure.at) : locator.ofAttribute(failure.at, failure.attr),
  }));
}
