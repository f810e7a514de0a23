/**
 * The BR-FR rules for UBL (France_RFE v1.4.0.02, UBL rule file): the registry
 * against the official catalogue, agreement with the official `fr_fatal` on
 * every UBL file of the shared corpora (ubl/ and xrechnung/), and minimal
 * variations of one document asserting rule id and location.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkBrFr } from '../../lib/rules/br-fr/index.js';
import { BR_FR_UBL_NEVER_FIRING, BR_FR_UBL_RULES, checkBrFrUbl } from '../../lib/rules/br-fr/ubl/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';
import { corpusTree, diffIds, idsOf, loadCiusVerdicts } from './cius-corpus.js';

interface OfficialAssert {
  id: string;
  flag: string;
  statement: string;
}
const official = (JSON.parse(readFileSync(requireShared('conformance', 'ubl', 'rules-br-fr-ubl-1.4.0.02.json'), 'utf8')) as { rules: OfficialAssert[] }).rules;

describe('BR-FR UBL rule registry', () => {
  it('implements the 175 official asserts, each once, all fatal', () => {
    expect(official).toHaveLength(175);
    expect(BR_FR_UBL_RULES.map((r) => r.id).sort()).toEqual(official.map((r) => r.id).sort());
    expect(new Set(BR_FR_UBL_RULES.map((r) => r.id)).size).toBe(175);
    expect(official.every((r) => r.flag === 'fatal') && BR_FR_UBL_RULES.every((r) => r.flag === 'fatal')).toBe(true);
  });

  it('gives every assert an English message of its own naming a business term', () => {
    const statements = new Set(official.map((r) => r.statement));
    const bad = BR_FR_UBL_RULES.filter((r) => statements.has(r.message) || r.message.length < 30 || !/\((?:[^)]*)(BT|BG|EXT-FR-FE)-/.test(r.message) || r.terms.length === 0);
    expect(bad.map((r) => r.id)).toEqual([]);
  });

  it('lists the asserts that cannot fire among the implemented ones, each with a reason', () => {
    const ids = new Set(BR_FR_UBL_RULES.map((r) => r.id));
    expect(BR_FR_UBL_NEVER_FIRING.filter((r) => !ids.has(r.id) || r.reason.length < 10)).toEqual([]);
  });
});

describe('BR-FR UBL rules against the official verdicts', () => {
  it.each(['ubl', 'xrechnung'] as const)('report exactly the official BR-FR fatal ids on every UBL file of %s/', (folder) => {
    const files = Object.entries(loadCiusVerdicts(folder)).filter(([, v]) => v.syntax !== 'CII');
    const differences: string[] = [];
    const fired = new Set<string>();
    for (const [file, verdict] of files) {
      const ours = idsOf(checkBrFrUbl(corpusTree(folder, file)), 'fatal');
      for (const id of ours) fired.add(id);
      const d = diffIds(ours, verdict.fr_fatal ?? []);
      if (d !== undefined) differences.push(`${file}: ${d}`);
    }
    console.info(`BR-FR UBL on ${folder}/: ${files.length - differences.length}/${files.length} identical (${fired.size} distinct ids fired)`);
    expect(files.length).toBeGreaterThan(700);
    expect(fired.size).toBeGreaterThan(20);
    expect(differences).toEqual([]);
  });

  it('and the CII rules report exactly the official BR-FR fatal ids on every CII file of xrechnung/', () => {
    const files = Object.entries(loadCiusVerdicts('xrechnung')).filter(([, v]) => v.syntax === 'CII');
    const differences = files
      .map(([file, verdict]) => [file, diffIds([...new Set(checkBrFr(corpusTree('xrechnung', file)).map((f) => f.rule))], verdict.fr_fatal ?? [])] as const)
      .filter(([, d]) => d !== undefined);
    expect(files.length).toBeGreaterThan(400);
    expect(differences).toEqual([]);
  });
});

const BASE = readFileSync(requireShared('conformance', 'ubl', 'valid', 'peppol__base-example.xml'), 'utf8');
const findings = (xml: string) => withXmlDocument(xml, (doc) => checkBrFrUbl(toElementTree(doc)));
function variant(from: RegExp, to: string): string {
  expect(BASE).toMatch(from);
  return BASE.replace(from, to);
}

describe('BR-FR UBL rules on variations of a UBL invoice', () => {
  const base = new Set(findings(BASE).map((f) => f.rule));

  const rows: Array<[string, RegExp, string, string, string | undefined, boolean]> = [
    ['an invoice number with a dot fails BR-FR-02', /(<\/cbc:ProfileID>\s*<cbc:ID>)[^<]*/, '$1A.1', 'BR-FR-02_BT-1', '/ubl:Invoice/cbc:ID', true],
    ['30 February fails BR-FR-03', /(<cbc:IssueDate>)[^<]*/, '$12026-02-30', 'BR-FR-03_BT-2', '/ubl:Invoice/cbc:IssueDate', true],
    ['a French framework passes BR-FR-08', /(<cbc:ProfileID>)[^<]*/, '$1B1', 'BR-FR-08_BT-23', undefined, false],
    ['a PMT note passes BR-FR-05_BT-22-1', /(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, '$1<cbc:Note>#PMT#Indemnite forfaitaire 40 EUR</cbc:Note>', 'BR-FR-05_BT-22-1', undefined, false],
    ['two PMT notes fail BR-FR-06', /(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, '$1<cbc:Note>#PMT#a</cbc:Note><cbc:Note>#PMT#b</cbc:Note>', 'BR-FR-06_BT-21-1', '/ubl:Invoice', true],
    ['a 20 VAT rate passes BR-FR-16', /(<cac:TaxSubtotal>[\s\S]*?<cbc:Percent>)[^<]*/, '$120', 'BR-FR-16_BT-119', undefined, false],
    ['a 20.000 VAT rate fails BR-FR-16', /(<cac:TaxSubtotal>[\s\S]*?<cbc:Percent>)[^<]*/, '$120.000', 'BR-FR-16_BT-119', '/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory', true],
  ];

  it.each(rows)('%s', (_name, from, to, rule, location, fires) => {
    const got = findings(variant(from, to));
    const f = got.find((x) => x.rule === rule);
    if (!fires) {
      expect(f).toBeUndefined();
      return;
    }
    // Either the base passes the rule, or a row above shows a variant that passes it.
    expect(!base.has(rule) || rows.some((r) => r[3] === rule && !r[5])).toBe(true);
    expect(f, `${rule} in ${got.map((x) => x.rule).join(', ')}`).toBeDefined();
    expect(f!.severity).toBe('fatal');
    if (location !== undefined) expect(f!.location).toBe(location);
  });
});
