/**
 * Peppol BIS Billing 3.0.21 for UBL: the registry against the official
 * catalogue (165 asserts), agreement with the official `peppol_fatal` and
 * `peppol_warning` on every UBL file of the shared corpora, and minimal
 * variations of a Peppol example asserting rule id, flag and location.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkPeppol, PEPPOL_RULES } from '../../lib/rules/peppol/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';
import { corpusTree, diffIds, idsOf, loadCiusVerdicts } from './cius-corpus.js';

interface OfficialAssert {
  id: string;
  flag: string;
  statement: string;
}
const official = (JSON.parse(readFileSync(requireShared('conformance', 'ubl', 'rules-peppol-bis-billing-3.0.21.json'), 'utf8')) as { rules: OfficialAssert[] }).rules;

describe('Peppol rule registry', () => {
  it('implements the 165 official asserts, each once, with their official flags', () => {
    expect(official).toHaveLength(165);
    const key = (r: { id: string; flag: string }) => `${r.id} ${r.flag}`;
    expect(PEPPOL_RULES.map(key).sort()).toEqual(official.map(key).sort());
    expect(new Set(PEPPOL_RULES.map((r) => r.id)).size).toBe(165);
  });

  it('gives every assert an English message of its own naming a business term', () => {
    const statements = new Set(official.map((r) => r.statement));
    const bad = PEPPOL_RULES.filter((r) => statements.has(r.message) || r.message.length < 30 || (r.id !== 'PEPPOL-EN16931-R008' && (!/\((?:[^)]*)(BT|BG)-/.test(r.message) || r.terms.length === 0)));
    expect(bad.map((r) => r.id)).toEqual([]);
  });
});

describe('Peppol rules against the official verdicts', () => {
  it.each(['ubl', 'xrechnung'] as const)('report exactly peppol_fatal and peppol_warning on every UBL file of %s/', (folder) => {
    const files = Object.entries(loadCiusVerdicts(folder)).filter(([, v]) => v.syntax !== 'CII');
    const differences: string[] = [];
    const fired = new Set<string>();
    for (const [file, verdict] of files) {
      const findings = checkPeppol(corpusTree(folder, file));
      for (const f of findings) fired.add(f.rule);
      const d = [diffIds(idsOf(findings, 'fatal'), verdict.peppol_fatal ?? []), diffIds(idsOf(findings, 'warning'), verdict.peppol_warning ?? [])].filter((x) => x !== undefined);
      if (d.length > 0) differences.push(`${file}: ${d.join(' | ')}`);
    }
    console.info(`Peppol on ${folder}/: ${files.length - differences.length}/${files.length} identical (${fired.size} distinct ids fired)`);
    expect(files.length).toBeGreaterThan(700);
    expect(fired.size).toBeGreaterThan(folder === 'ubl' ? 80 : 10);
    expect(differences).toEqual([]);
  });
});

const BASE = readFileSync(requireShared('conformance', 'ubl', 'valid', 'peppol__base-example.xml'), 'utf8');
const findings = (xml: string) => withXmlDocument(xml, (doc) => checkPeppol(toElementTree(doc)));
function variant(from: RegExp, to: string): string {
  expect(BASE).toMatch(from);
  return BASE.replace(from, to);
}

describe('Peppol rules on variations of the Peppol base example', () => {
  it('the base passes every Peppol rule', () => {
    expect(findings(BASE).filter((f) => f.severity === 'fatal')).toEqual([]);
  });

  const rows: Array<[string, RegExp, string, string, 'fatal' | 'warning', string]> = [
    ['no ProfileID fails R001 at the root', /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/, '', 'PEPPOL-EN16931-R001', 'fatal', '/ubl:Invoice'],
    ['another CustomizationID fails R004', /(<cbc:CustomizationID>)[^<]*/, '$1urn:cen.eu:en16931:2017', 'PEPPOL-EN16931-R004', 'fatal', '/ubl:Invoice'],
    ['no seller endpoint fails R020', /<cbc:EndpointID schemeID="0088">9482348239847239874<\/cbc:EndpointID>/, '', 'PEPPOL-EN16931-R020', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party'],
    ['a GLN with a wrong check digit fails PEPPOL-COMMON-R040', /(<cbc:EndpointID schemeID="0088">)9482348239847239874/, '$19482348239847239875', 'PEPPOL-COMMON-R040', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cbc:EndpointID'],
    ['an unknown endpoint scheme fails CL008', /(<cbc:EndpointID schemeID=")0088(">9482348239847239874)/, '$1XXXX$2', 'PEPPOL-EN16931-CL008', 'fatal', '/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cbc:EndpointID'],
    ['an empty element fails R008', /(<cbc:BuyerReference>)[^<]*(<)/, '$1$2', 'PEPPOL-EN16931-R008', 'fatal', '/ubl:Invoice/cbc:BuyerReference'],
  ];

  it.each(rows)('%s', (_name, from, to, rule, flag, location) => {
    const got = findings(variant(from, to));
    const f = got.find((x) => x.rule === rule);
    expect(f, `${rule} in ${got.map((x) => x.rule).join(', ')}`).toBeDefined();
    expect(f!.severity).toBe(flag);
    expect(f!.location).toBe(location);
  });
});
