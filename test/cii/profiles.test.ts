/**
 * The CII writer in the three v1 profiles (lib/cii/profiles.ts): masks derived
 * from the Factur-X 1.09 XSDs, XSD validity per profile, BT-24, the list of
 * dropped terms, determinism, and the EN 16931 output left unchanged.
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CII_GROUPS, CII_NAMESPACES, CII_TERMS, pathSteps } from '../../lib/cii/binding.js';
import type { GroupBinding, TermBinding } from '../../lib/cii/binding.js';
import {
  FACTURX_GUIDELINE_IDS,
  FACTURX_PROFILES,
  isFacturXProfile,
  PROFILE_OMITTED_TERMS,
  profileCarries,
  termsNotCarried,
  V1_PROFILE_NAMES,
} from '../../lib/cii/profiles.js';
import type { FacturXProfile } from '../../lib/cii/profiles.js';
import { detectProfile } from '../../lib/cii/reader/profile.js';
import { writeCii, writeCiiWithReport } from '../../lib/cii/writer.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { loadXsdValidator } from '../../lib/xml/xsd.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';
import { invoiceModel } from '../fixtures/reader/arbitrary-invoice.js';
import { requireShared } from '../shared-path.js';
import { disagreements, getPath, isPresent } from './agreement.js';
import { readSequences } from './schema-order.js';
import type { SequenceMap } from './schema-order.js';
import { seededRandom } from '../../scripts/fuzz/cases.js';

const NS = { ...CII_NAMESPACES };

// ---- schemas ------------------------------------------------------------------------

const CII_DIR = requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard');
const CII_ROOT = `${CII_DIR}/CrossIndustryInvoice_100pD16B.xsd`;
const FX_DIRS: Record<FacturXProfile, { dir: string; root: string }> = {
  BASIC: { dir: 'basic', root: 'Factur-X_BASIC.xsd' },
  EN16931: { dir: 'en16931', root: 'Factur-X_EN16931.xsd' },
  EXTENDED: { dir: 'extended', root: 'Factur-X_EXTENDED.xsd' },
};

function fxFiles(profile: FacturXProfile): { root: string; rabie: string } {
  const dir = requireShared('schemas', 'facturx-1.09', FX_DIRS[profile].dir);
  const rabie = readdirSync(dir).find((f) => f.endsWith('ReusableAggregateBusinessInformationEntity_100.xsd'));
  if (rabie === undefined) throw new Error(`No RABIE schema in ${dir}`);
  return { root: `${dir}/${FX_DIRS[profile].root}`, rabie: `${dir}/${rabie}` };
}

const ciiXsd = loadXsdValidator(CII_ROOT);
const fxXsd = Object.fromEntries(FACTURX_PROFILES.map((p) => [p, loadXsdValidator(fxFiles(p).root)])) as Record<
  FacturXProfile,
  ReturnType<typeof loadXsdValidator>
>;

function xsdErrors(profile: FacturXProfile, xml: string): { cii: string[]; fx: string[] } {
  return {
    cii: ciiXsd.validate(xml).errors.map((e) => e.message),
    fx: fxXsd[profile].validate(xml).errors.map((e) => e.message),
  };
}

// ---- helpers over the binding table ----------------------------------------------------

const groupById = new Map(CII_GROUPS.map((g) => [g.id, g]));

/** Splits an XPath union on `|` outside predicates. */
function unionParts(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '[') depth++;
    else if (path[i] === ']') depth--;
    else if (path[i] === '|' && depth === 0) {
      parts.push(path.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(path.slice(start).trim());
  return parts;
}

/** Every absolute location path (from the root element, unions expanded) of a term. */
function absolutePaths(t: TermBinding): string[] {
  let prefixes = [''];
  const chain: GroupBinding[] = [];
  for (let g = t.group === undefined ? undefined : groupById.get(t.group); g !== undefined; g = g.parent === undefined ? undefined : groupById.get(g.parent)) {
    chain.unshift(g);
  }
  for (const g of chain) prefixes = prefixes.flatMap((p) => unionParts(g.context).map((c) => (p === '' ? c : `${p}/${c}`)));
  return prefixes.flatMap((p) => unionParts(t.path).map((c) => (p === '' ? c : `${p}/${c}`)));
}

/**
 * Whether the schema (its complex type sequences) declares an element at this
 * path below rsm:CrossIndustryInvoice. Predicates are ignored; the walk stops
 * at an attribute step or at a data type (udt/qdt, no sequence).
 */
function declared(path: string, sequences: SequenceMap): boolean {
  let type = 'CrossIndustryInvoiceType';
  for (const raw of pathSteps(path)) {
    const step = raw.replace(/\[.*\]$/, '');
    if (step === '.' || step === '') continue;
    if (step.startsWith('@')) return true;
    const seq = sequences.get(type);
    if (seq === undefined) return true;
    const local = step.slice(step.indexOf(':') + 1);
    const child = seq.find((s) => s.name === local);
    if (child === undefined) return false;
    type = child.type;
  }
  return true;
}

/** Terms whose binding path (any union branch) the schema does not declare. */
function undeclaredTerms(sequences: SequenceMap): string[] {
  return CII_TERMS.filter((t) => !absolutePaths(t).every((p) => declared(p, sequences))).map((t) => t.id);
}

/** Ids of the terms that have a present value anywhere in the model. */
function presentTerms(inv: Invoice): Set<string> {
  const found = new Set<string>();
  const visit = (group: string | undefined, item: unknown): void => {
    for (const t of CII_TERMS.filter((x) => x.group === group)) if (isPresent(getPath(item, t.model))) found.add(t.id);
    for (const g of CII_GROUPS.filter((x) => x.parent === group)) {
      const items = getPath(item, g.model);
      if (Array.isArray(items)) for (const child of items) visit(g.id, child);
    }
  };
  visit(undefined, inv);
  return found;
}

function guidelineId(xml: string): string[] {
  return withXmlDocument(xml, (doc) =>
    doc.find('/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID', NS).map((n) => n.content),
  );
}

/** The full invoice with the tax point date code (BT-8) instead of the date (BT-7). */
function bt8Variant(): Invoice {
  const inv = fullInvoice();
  inv.taxPointDate = undefined;
  inv.taxPointDateCode = '5';
  return inv;
}

/** A card payment without credit transfer (BG-18 only), which BASIC cannot carry. */
function cardOnlyVariant(): Invoice {
  const inv = validInvoice();
  inv.paymentInstructions = { typeCode: '48', text: 'Card', creditTransfers: [], card: { accountNumber: '1234', holderName: 'A B' } };
  return inv;
}

function setPath(obj: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  const parent = getPath(obj, keys.slice(0, -1).join('.') || '') ?? (keys.length === 1 ? obj : undefined);
  if (parent !== null && typeof parent === 'object') (parent as Record<string, unknown>)[keys[keys.length - 1]!] = value;
}

/** Optional non-repeated groups of the model, removed as a whole. */
const OPTIONAL_OBJECTS = [
  'payee', 'taxRepresentative', 'delivery', 'delivery.address', 'invoicingPeriod', 'paymentInstructions',
  'paymentInstructions.card', 'paymentInstructions.directDebit', 'seller.contact', 'buyer.contact',
];

/**
 * Terms the writer writes only together with another: removing the first
 * removes the second too (or the whole identifier / attachment object).
 */
const REMOVED_WITH: Record<string, string> = {
  'price.grossPrice': 'price.discount', // without BT-148 the writer derives a gross price from BT-147
  'price.baseQuantity': 'price.baseQuantityUnitCode', // BT-150 is an attribute of BT-149
  vatAccountingCurrency: 'totals.vatTotalInAccountingCurrency', // BT-111 is found by its currency, BT-6
};

/**
 * The full invoice with a random subset of its optional terms, optional groups
 * and repeated items removed (at least one line and one VAT breakdown kept):
 * XSD-valid shapes of every kind, from the seed.
 */
function shapedInvoice(seed: number): Invoice {
  const rnd = seededRandom(seed);
  const coin = (): boolean => rnd() < 0.5;
  const inv = fullInvoice();
  for (const path of OPTIONAL_OBJECTS) if (coin()) setPath(inv, path, undefined);
  const visit = (group: string | undefined, item: unknown): void => {
    for (const t of CII_TERMS.filter((x) => x.group === group)) {
      if (t.card !== '0..1' || t.kind === 'attribute' || !coin()) continue;
      // An identifier without its id, or an attachment without content, is not written at all: remove the object.
      const path = t.model.endsWith('.id') || t.model.endsWith('.content') ? t.model.slice(0, t.model.lastIndexOf('.')) : t.model;
      setPath(item, path, undefined);
      const also = REMOVED_WITH[path];
      if (also !== undefined) setPath(item, also, undefined);
    }
    for (const g of CII_GROUPS.filter((x) => x.parent === group)) {
      const items = getPath(item, g.model);
      if (!Array.isArray(items)) continue;
      const min = g.card === '1..n' ? 1 : 0;
      items.splice(min + Math.floor(rnd() * (items.length - min + 1)));
      for (const child of items) visit(g.id, child);
    }
  };
  visit(undefined, inv);
  return inv;
}

const FIXTURES: ReadonlyArray<[string, () => Invoice]> = [
  ['minimal', validInvoice],
  ['full', fullInvoice],
  ['full with BT-8', bt8Variant],
  ['card only', cardOnlyVariant],
];

// ---- tests ------------------------------------------------------------------------------

describe('profile masks', () => {
  it.each(FACTURX_PROFILES)('%s omits exactly the terms whose binding path its Factur-X XSD does not declare', (profile) => {
    const { root, rabie } = fxFiles(profile);
    expect(undeclaredTerms(readSequences(root, rabie))).toEqual([...PROFILE_OMITTED_TERMS[profile]].sort((a, b) => order(a) - order(b)));
  });

  it('binds every term in the CII D16B XSD (the path check finds them all)', () => {
    const sequences = readSequences(CII_ROOT, `${CII_DIR}/CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd`);
    expect(undeclaredTerms(sequences)).toEqual([]);
    // ...and the check can say no.
    expect(declared('rsm:ExchangedDocument/ram:NoSuchElement', sequences)).toBe(false);
  });

  it('names only bound terms, and EXTENDED carries everything EN 16931 carries', () => {
    const ids = new Set(CII_TERMS.map((t) => t.id));
    for (const p of FACTURX_PROFILES) for (const id of PROFILE_OMITTED_TERMS[p]) expect(ids.has(id), `${p} ${id}`).toBe(true);
    for (const t of CII_TERMS) if (profileCarries('EN16931', t.id)) expect(profileCarries('EXTENDED', t.id), t.id).toBe(true);
    expect(profileCarries('BASIC', 'BT-33')).toBe(false);
    expect(profileCarries('BASIC', 'BT-31')).toBe(true);
  });

  it('maps the v1 names and recognises profile names', () => {
    expect(V1_PROFILE_NAMES).toEqual({ basic: 'BASIC', comfort: 'EN16931', extended: 'EXTENDED' });
    expect(FACTURX_PROFILES.every(isFacturXProfile)).toBe(true);
    expect(isFacturXProfile('COMFORT')).toBe(false);
    expect(isFacturXProfile(undefined)).toBe(false);
  });
});

function order(id: string): number {
  return CII_TERMS.findIndex((t) => t.id === id);
}

describe('XSD validity per profile', () => {
  const cases = FACTURX_PROFILES.flatMap((p) => FIXTURES.map(([name, make]) => [p, name, make] as const));

  it.each(cases)('%s: the %s invoice is valid against its Factur-X XSD and the CII D16B XSD', (profile, _name, make) => {
    const xml = writeCii(make(), { profile });
    expect(xsdErrors(profile, xml)).toEqual({ cii: [], fx: [] });
  });

  it('the BASIC XSD rejects the EN 16931 output of the full invoice (the mask is needed)', () => {
    expect(fxXsd.BASIC.validate(writeCii(fullInvoice())).errors.length).toBeGreaterThan(0);
  });

  it('rejects an unknown profile name as a programming error (TypeError)', () => {
    expect(() => writeCii(validInvoice(), { profile: 'COMFORT' as FacturXProfile })).toThrow(TypeError);
  });
});

describe('Specification identifier (BT-24)', () => {
  it.each(FACTURX_PROFILES)('%s writes its guideline id, whatever the model says', (profile) => {
    const inv = fullInvoice();
    inv.process.specificationId = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    const report = writeCiiWithReport(inv, { profile });
    expect(guidelineId(report.xml)).toEqual([FACTURX_GUIDELINE_IDS[profile]]);
    expect(report.specificationId).toBe(FACTURX_GUIDELINE_IDS[profile]);
    expect(report.profile).toBe(profile);
  });

  it('are the Factur-X 1.0 ids, which the reader maps back to the same profiles', () => {
    expect(FACTURX_GUIDELINE_IDS).toEqual({
      BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
      EN16931: 'urn:cen.eu:en16931:2017',
      EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
    });
    expect(FACTURX_PROFILES.map((p) => detectProfile(FACTURX_GUIDELINE_IDS[p]))).toEqual(['BASIC', 'EN 16931', 'EXTENDED']);
  });

  it('without a profile keeps the model BT-24', () => {
    const inv = validInvoice();
    inv.process.specificationId = 'urn:example:custom';
    expect(guidelineId(writeCii(inv))).toEqual(['urn:example:custom']);
    expect(writeCiiWithReport(inv).specificationId).toBe('urn:example:custom');
  });
});

describe('dropped terms', () => {
  it.each(FACTURX_PROFILES)('%s drops nothing from the minimal invoice', (profile) => {
    expect(writeCiiWithReport(validInvoice(), { profile }).dropped).toEqual([]);
  });

  it('EN 16931 and EXTENDED drop only the second preceding invoice of the full invoice (CII D16B holds one)', () => {
    expect(writeCiiWithReport(fullInvoice(), { profile: 'EN16931' }).dropped).toEqual(['BT-25']);
    expect(writeCiiWithReport(fullInvoice(), { profile: 'EXTENDED' }).dropped).toEqual(['BT-25']);
    expect(writeCiiWithReport(fullInvoice()).dropped).toEqual(['BT-25']);
  });

  it('BASIC drops from the full invoice every term it cannot carry, in EN 16931 order', () => {
    expect(writeCiiWithReport(fullInvoice(), { profile: 'BASIC' }).dropped).toEqual([
      'BT-7', 'BT-11', 'BT-14', 'BT-15', 'BT-17', 'BT-18', 'BT-18-1', 'BT-25', 'BT-33',
      'BT-41', 'BT-42', 'BT-43', 'BT-56', 'BT-57', 'BT-58',
      'BT-82', 'BT-85', 'BT-86', 'BT-87', 'BT-88', 'BT-114',
      'BT-122', 'BT-123', 'BT-124', 'BT-125', 'BT-125-1', 'BT-125-2',
      'BT-128', 'BT-128-1', 'BT-132', 'BT-133',
      'BT-154', 'BT-155', 'BT-156', 'BT-158', 'BT-158-1', 'BT-158-2', 'BT-159', 'BT-160', 'BT-161',
    ]);
  });

  it('BASIC keeps BT-8 (the tax point date code has a place in its XSD) but drops BT-7', () => {
    const { xml, dropped } = writeCiiWithReport(bt8Variant(), { profile: 'BASIC' });
    expect(dropped).not.toContain('BT-8');
    expect(dropped).not.toContain('BT-7');
    expect(xml).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');
  });

  it('counts only present values: whitespace-only strings are absent', () => {
    const inv = validInvoice();
    inv.seller.additionalLegalInfo = ' \t';
    inv.seller.contact = { name: '' };
    expect(writeCiiWithReport(inv, { profile: 'BASIC' }).dropped).toEqual([]);
    inv.seller.additionalLegalInfo = 'SARL au capital de 10 000 EUR';
    inv.lines[0]!.item.description = 'x';
    expect(writeCiiWithReport(inv, { profile: 'BASIC' }).dropped).toEqual(['BT-33', 'BT-154']);
  });

  it('drops a card-only payment (BG-18) and its text (BT-82) in BASIC but keeps the means type (BT-81)', () => {
    const { xml, dropped } = writeCiiWithReport(cardOnlyVariant(), { profile: 'BASIC' });
    expect(dropped).toEqual(['BT-82', 'BT-87', 'BT-88']);
    expect(xml).toContain('<ram:TypeCode>48</ram:TypeCode>');
    expect(xml).not.toContain('ApplicableTradeSettlementFinancialCard');
  });

  it('does not count a preceding invoice without reference against the CII maximum, as the writer does', () => {
    const inv = validInvoice();
    inv.precedingInvoices = [{ reference: ' ', issueDate: '2026-01-01' }, { reference: 'F-1' }];
    const { xml, dropped } = writeCiiWithReport(inv);
    expect(dropped).toEqual([]);
    expect(xml).toContain('<ram:IssuerAssignedID>F-1</ram:IssuerAssignedID>');
  });

  it.each(FACTURX_PROFILES.flatMap((p) => FIXTURES.map(([name, make]) => [p, name, make] as const)))(
    '%s, %s invoice: carried terms are where the binding says with the model value, dropped ones are absent',
    (profile, _name, make) => {
      const inv = make();
      const { xml, dropped } = writeCiiWithReport(inv, { profile });
      expect(disagreements(inv, xml, profile)).toEqual([]);
      for (const id of dropped) expect(PROFILE_OMITTED_TERMS[profile].has(id) || id === 'BT-25' || id === 'BT-26', id).toBe(true);
    },
  );

  it('the agreement check notices a term the profile omits', () => {
    const inv = fullInvoice();
    expect(disagreements(inv, writeCii(inv), 'BASIC')).toEqual(expect.arrayContaining([expect.stringContaining('BT-33')]));
  });

  it.each(FACTURX_PROFILES)('%s writes a line charge without any value as its indicator alone (found by the property below)', (profile) => {
    const inv = validInvoice();
    inv.lines[0]!.charges = [{}];
    const { xml, dropped } = writeCiiWithReport(inv, { profile });
    expect(dropped).toEqual([]);
    expect(xml).toMatch(/<ram:SpecifiedTradeAllowanceCharge>\s*<ram:ChargeIndicator>\s*<udt:Indicator>true<\/udt:Indicator>\s*<\/ram:ChargeIndicator>\s*<\/ram:SpecifiedTradeAllowanceCharge>/);
    expect(disagreements(inv, xml, profile)).toEqual([]);
  });

  it('random models: each profile reports exactly the present terms it omits and writes the rest (property)', () => {
    fc.assert(
      fc.property(invoiceModel, fc.constantFrom(...FACTURX_PROFILES), (inv, profile) => {
        const { xml, dropped } = writeCiiWithReport(inv, { profile });
        const present = presentTerms(inv);
        expect(dropped).toEqual([...PROFILE_OMITTED_TERMS[profile]].filter((id) => present.has(id)).sort((a, b) => order(a) - order(b)));
        expect(disagreements(inv, xml, profile)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('random shapes of the full invoice: each profile is XSD-valid and reports what it drops (property)', () => {
    fc.assert(
      fc.property(fc.noBias(fc.integer()), fc.constantFrom(...FACTURX_PROFILES), (seed, profile) => {
        const inv = shapedInvoice(seed);
        const { xml, dropped } = writeCiiWithReport(inv, { profile });
        expect(xsdErrors(profile, xml)).toEqual({ cii: [], fx: [] });
        const present = presentTerms(inv);
        const overflow = new Set<string>();
        for (const p of inv.precedingInvoices.slice(1)) {
          if (isPresent(p.reference)) overflow.add('BT-25');
          if (isPresent(p.issueDate)) overflow.add('BT-26');
        }
        const expected = CII_TERMS.map((t) => t.id).filter((id) => (PROFILE_OMITTED_TERMS[profile].has(id) && present.has(id)) || overflow.has(id));
        expect(dropped).toEqual(expected);
        expect(disagreements(inv, xml, profile)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('determinism and the EN 16931 output', () => {
  it.each(FACTURX_PROFILES)('%s gives the same bytes across calls and fresh copies, and leaves the model unchanged', (profile) => {
    const inv = fullInvoice();
    const before = JSON.stringify(inv);
    const a = writeCii(inv, { profile });
    expect(writeCii(inv, { profile })).toBe(a);
    expect(writeCii(fullInvoice(), { profile })).toBe(a);
    expect(writeCiiWithReport(fullInvoice(), { profile }).xml).toBe(a);
    expect(JSON.stringify(inv)).toBe(before);
  });

  it.each(FIXTURES)('EN16931 asked for explicitly is the default output (%s invoice)', (_name, make) => {
    const inv = make();
    expect(inv.process.specificationId).toBe(FACTURX_GUIDELINE_IDS.EN16931);
    expect(writeCii(inv, { profile: 'EN16931' })).toBe(writeCii(inv));
    expect(writeCiiWithReport(inv).xml).toBe(writeCii(inv));
  });

  it('EXTENDED is the EN 16931 output with its own BT-24', () => {
    const inv = fullInvoice();
    const extended = writeCii(inv, { profile: 'EXTENDED' });
    expect(extended).not.toBe(writeCii(inv));
    expect(extended.replace(FACTURX_GUIDELINE_IDS.EXTENDED, FACTURX_GUIDELINE_IDS.EN16931)).toBe(writeCii(inv));
  });

  it('BASIC only removes elements: its lines are a subsequence of the EN 16931 lines (BT-24 aside)', () => {
    const inv = fullInvoice();
    const basic = writeCii(inv, { profile: 'BASIC' }).replace(FACTURX_GUIDELINE_IDS.BASIC, FACTURX_GUIDELINE_IDS.EN16931).split('\n');
    const en = writeCii(inv).split('\n');
    let j = 0;
    const missing: string[] = [];
    for (const line of basic) {
      while (j < en.length && en[j] !== line) j++;
      if (j === en.length) missing.push(line);
      else j++;
    }
    expect(missing).toEqual([]);
    expect(basic.length).toBeLessThan(en.length);
  });
});
