/**
 * The Factur-X 1.0 profiles the CII writer produces (v1 `profile`: `basic`,
 * `comfort`, `extended`; v2: EN 16931), as a mask over the binding table
 * (./binding.ts): for each profile, the business terms it cannot carry.
 *
 * | profile  | v1 name    | Specification identifier (BT-24)                                   |
 * |----------|------------|--------------------------------------------------------------------|
 * | BASIC    | `basic`    | `urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic`      |
 * | EN16931  | `comfort`  | `urn:cen.eu:en16931:2017`                                          |
 * | EXTENDED | `extended` | `urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended`  |
 *
 * The masks follow the Factur-X 1.09 profile schemas (facturx-1.09/<profile>/
 * Factur-X_<PROFILE>.xsd): a term is left out exactly when the profile's XSD
 * declares no element at the term's binding path (test/cii/profiles.test.ts
 * derives the masks from the XSD files and compares). EN 16931 carries every
 * term of the model; EXTENDED is a superset of EN 16931 (its extra terms are not
 * in our model), so it carries every term too. BASIC is EN 16931 without the
 * terms below.
 *
 * Independently of the profile, CII D16B holds one preceding invoice reference
 * (BG-3, `ciiMax` in the binding): further ones are not written either, and
 * {@link termsNotCarried} reports them.
 */
import { EN16931_SPECIFICATION_ID, type Invoice } from '../model/invoice.js';
import { CII_GROUPS, CII_TERMS } from './binding.js';
import type { GroupBinding } from './binding.js';

/** A Factur-X profile the writer can produce. */
export type FacturXProfile = 'BASIC' | 'EN16931' | 'EXTENDED';

/** Every profile the writer produces, smallest first. */
export const FACTURX_PROFILES: readonly FacturXProfile[] = ['BASIC', 'EN16931', 'EXTENDED'];

/** Specification identifier (BT-24) written for each profile (Factur-X 1.0 guideline ids). */
export const FACTURX_GUIDELINE_IDS: Readonly<Record<FacturXProfile, string>> = {
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  EN16931: EN16931_SPECIFICATION_ID,
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
};

/** The v1 API's profile names (DECISIONS.md, "Profiles"): `comfort` is the EN 16931 profile, and the default. */
export const V1_PROFILE_NAMES: Readonly<Record<'basic' | 'comfort' | 'extended', FacturXProfile>> = {
  basic: 'BASIC',
  comfort: 'EN16931',
  extended: 'EXTENDED',
};

/**
 * Terms of the model the Factur-X BASIC profile cannot carry: the BASIC XSD has
 * no element for them. Grouped by where the XSD cuts.
 */
const BASIC_OMITS: readonly string[] = [
  // Header references: no SpecifiedProcuringProject (BT-11), SellerOrderReferencedDocument (BT-14),
  // ReceivingAdviceReferencedDocument (BT-15) or AdditionalReferencedDocument (BT-17, BT-18, BG-24).
  'BT-11', 'BT-14', 'BT-15', 'BT-17', 'BT-18', 'BT-18-1',
  'BT-122', 'BT-123', 'BT-124', 'BT-125', 'BT-125-1', 'BT-125-2',
  // Parties: no Description (BT-33), no DefinedTradeContact (BG-6, BG-9).
  'BT-33', 'BT-41', 'BT-42', 'BT-43', 'BT-56', 'BT-57', 'BT-58',
  // Payment means: no Information (BT-82), AccountName (BT-85), creditor institution (BT-86), card (BG-18).
  'BT-82', 'BT-85', 'BT-86', 'BT-87', 'BT-88',
  // VAT breakdown: no TaxPointDate (BT-7; its code BT-8 stays). Totals: no RoundingAmount (BT-114).
  'BT-7', 'BT-114',
  // Lines: no line AdditionalReferencedDocument (BT-128), BuyerOrderReferencedDocument (BT-132),
  // ReceivableSpecifiedTradeAccountingAccount (BT-133); the product has only GlobalID and Name
  // (BT-154, BT-155, BT-156, BT-158, BT-159 and BG-32 are out).
  'BT-128', 'BT-128-1', 'BT-132', 'BT-133',
  'BT-154', 'BT-155', 'BT-156', 'BT-158', 'BT-158-1', 'BT-158-2', 'BT-159', 'BT-160', 'BT-161',
];

/** Per profile, the ids of the terms (BT) it cannot carry. */
export const PROFILE_OMITTED_TERMS: Readonly<Record<FacturXProfile, ReadonlySet<string>>> = {
  BASIC: new Set(BASIC_OMITS),
  EN16931: new Set(),
  EXTENDED: new Set(),
};

/** True when the profile can carry the business term `id` (e.g. `profileCarries('BASIC', 'BT-33')` is false). */
export function profileCarries(profile: FacturXProfile, id: string): boolean {
  return !PROFILE_OMITTED_TERMS[profile].has(id);
}

/** True for the names of {@link FACTURX_PROFILES}. */
export function isFacturXProfile(value: unknown): value is FacturXProfile {
  return typeof value === 'string' && (FACTURX_PROFILES as readonly string[]).includes(value);
}

// ---- which present terms a profile leaves out ---------------------------------------

/** Reads `a.b.c` from an object; undefined when a step is missing. */
function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The project-wide notion of a present value: defined, and not an empty or whitespace-only string. */
function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
}

const termsByGroup = new Map<string | undefined, typeof CII_TERMS>();
for (const t of CII_TERMS) termsByGroup.set(t.group, [...(termsByGroup.get(t.group) ?? []), t]);
const groupsByParent = new Map<string | undefined, GroupBinding[]>();
for (const g of CII_GROUPS) groupsByParent.set(g.parent, [...(groupsByParent.get(g.parent) ?? []), g]);
const termOrder = new Map(CII_TERMS.map((t, i) => [t.id, i]));

/**
 * The business terms that have a value in `inv` but are not written in the
 * given profile, as BT ids in EN 16931 order, each once: the terms the profile
 * cannot carry ({@link PROFILE_OMITTED_TERMS}), plus the terms of repeated
 * items CII D16B has no room for (a second preceding invoice reference, BG-3,
 * gives `BT-25`). Callers show them as warnings: the data was given but is not
 * in the XML.
 *
 * Driven by the binding table alone (model paths of ./binding.ts), so it
 * says nothing about values the writer skips because they are incomplete
 * (e.g. a note subject code, BT-21, without note text, BT-22): the rules
 * report those.
 */
export function termsNotCarried(inv: Invoice, profile: FacturXProfile): string[] {
  const omitted = PROFILE_OMITTED_TERMS[profile];
  const found = new Set<string>();
  const visit = (group: string | undefined, item: unknown, fits: boolean): void => {
    for (const t of termsByGroup.get(group) ?? []) {
      if ((!fits || omitted.has(t.id)) && isPresent(valueAt(item, t.model))) found.add(t.id);
    }
    for (const g of groupsByParent.get(group) ?? []) {
      const items = valueAt(item, g.model);
      if (!Array.isArray(items)) continue;
      const max = g.ciiMax ?? Number.POSITIVE_INFINITY;
      // As the writer does, count towards the CII maximum only items that have their mandatory terms.
      const mandatory = (termsByGroup.get(g.id) ?? []).filter((t) => t.card === '1..1' && t.kind !== 'attribute');
      let written = 0;
      for (const child of items) {
        const complete = mandatory.every((t) => isPresent(valueAt(child, t.model)));
        visit(g.id, child, fits && (!complete || written < max));
        if (complete) written++;
      }
    }
  };
  visit(undefined, inv, true);
  return [...found].sort((a, b) => termOrder.get(a)! - termOrder.get(b)!);
}
