/**
 * Codes from the lists themselves, for the `listCode` operator (./mutate.ts).
 * The corpus pool (collectCodes) holds only the codes the shared documents
 * use, so a code the official lists accept and ours did not (or the reverse)
 * never reached a mutant: the CII code lists were once a release behind
 * (BGN accepted, XCG refused) through 234,500 mutants. These pools hold, per
 * coded element or attribute name, every code of the official EN 16931
 * code-list schematron (CII and UBL) whose rule context names it, so a code
 * moves to every field any list covers (an ICD code in an EAS scheme, a UBL
 * currency in a CII field), and, for currencies, units and countries, the
 * codes of the UN/CEFACT and ISO code-list schemas of the CII D16B release,
 * which the EN 16931 lists do not all take (older currencies among them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Per local name of a coded element (`InvoiceCurrencyCode`) or attribute (`currencyID`): every code of the lists that
 * cover it, and its edge codes, where implementations of a list differ most: what only one of two lists of one kind
 * has (an older currency the schema still knows, a code one syntax's list has and the other's lacks) and the last
 * codes of each list as the release writes it (codes are appended: 0244-0248 of ICD, XCG were such).
 */
export interface ListPool {
  codes: readonly string[];
  edge: readonly string[];
}
export type ListPools = ReadonlyMap<string, ListPool>;

/** How many codes at the end of each list count as its newest. */
const NEWEST = 8;

/** The names a rule's list applies to: the attribute its test reads (`@currencyID`), else the last step of each alternative of its context. */
function contextNames(context: string, test: string): string[] {
  const attr = /@([\w-]+)/.exec(test)?.[1];
  if (attr !== undefined) return [attr];
  const names: string[] = [];
  for (const alt of context.split('|')) {
    const name = /^(?:[\w-]+:)?([\w-]+)/.exec(alt.trim().split('/').pop() ?? '')?.[1];
    if (name !== undefined) names.push(name);
  }
  return names;
}

function add(pools: Map<string, string[][]>, name: string, codes: string[]): void {
  let lists = pools.get(name);
  if (lists === undefined) pools.set(name, (lists = []));
  lists.push(codes);
}

/** The `' A B C '` lists of a schematron test (two codes at least). */
function listsOf(test: string): string[][] {
  return [...test.matchAll(/'\s([^'<>=()]+?)\s'/g)].map((m) => m[1]!.trim().split(/\s+/)).filter((l) => l.length >= 2);
}

/** Every `<rule context>` of a schematron file with the lists of its asserts. */
function readRules(sch: string, pools: Map<string, string[][]>): void {
  const decode = (s: string) => s.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const rule of sch.matchAll(/<rule\b[^>]*\bcontext="([^"]*)"[^>]*>([\s\S]*?)<\/rule>/g)) {
    const context = decode(rule[1]!);
    for (const a of rule[2]!.matchAll(/\btest="([^"]*)"/g)) {
      const test = decode(a[1]!);
      for (const codes of listsOf(test)) for (const name of contextNames(context, test)) add(pools, name, codes);
    }
  }
}

/** The enumerated values of an XML schema file. */
function enumerations(xsd: string): string[] {
  return [...xsd.matchAll(/<xsd?:enumeration\s+value="([^"]*)"/g)].map((m) => m[1]!);
}

const CURRENCY_NAMES = ['currencyID', 'InvoiceCurrencyCode', 'TaxCurrencyCode', 'DocumentCurrencyCode'];
const XSD_POOLS: ReadonlyArray<[RegExp, string[]]> = [
  [/^ISO_ISO3AlphaCurrencyCode/, CURRENCY_NAMES],
  [/^UNECE_MeasurementUnitCommonCode/, ['unitCode']],
  [/^ISO_ISOTwoletterCountryCode/, ['CountryID', 'IdentificationCode']],
];

/** Reads the pools from the shared folder (the official artefacts and the CII D16B schemas); empty when they are missing. */
export function readListPools(sharedDir: string): ListPools {
  const pools = new Map<string, string[][]>();
  const artefacts = join(sharedDir, 'official-validator', 'artefacts', 'en16931');
  for (const sch of [join(artefacts, 'cii', 'schematron', 'codelist', 'EN16931-CII-codes.sch'), join(artefacts, 'ubl', 'schematron', 'codelist', 'EN16931-UBL-codes.sch')]) {
    if (existsSync(sch)) readRules(readFileSync(sch, 'utf8'), pools);
  }
  const xsdDir = join(sharedDir, 'schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'codelist', 'standard');
  if (existsSync(xsdDir)) {
    for (const file of readdirSync(xsdDir).sort()) {
      for (const [pattern, names] of XSD_POOLS) {
        if (!pattern.test(file)) continue;
        const codes = enumerations(readFileSync(join(xsdDir, file), 'utf8'));
        for (const name of names) add(pools, name, codes);
      }
    }
  }
  const out = new Map<string, ListPool>();
  for (const name of [...pools.keys()].sort()) {
    const lists = pools.get(name)!.map((l) => new Set(l));
    const codes = [...new Set(lists.flatMap((l) => [...l]))].sort();
    const edge = new Set<string>();
    // Two lists of one kind (of like size, most codes of the smaller in the larger: two releases or two syntaxes of one list):
    // the codes only one of them has.
    for (const a of lists) {
      for (const b of lists) {
        if (a === b || a.size > b.size || a.size * 2 < b.size) continue;
        const shared = [...a].filter((c) => b.has(c)).length;
        if (shared * 2 <= a.size) continue;
        for (const c of a) if (!b.has(c)) edge.add(c);
        for (const c of b) if (!a.has(c)) edge.add(c);
      }
    }
    for (const l of pools.get(name)!) for (const c of l.slice(-NEWEST)) edge.add(c);
    out.set(name, { codes, edge: [...edge].sort() });
  }
  return out;
}

