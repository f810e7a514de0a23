/**
 * The differential fuzzer's list-code operator (scripts/conformance-fuzz/code-lists.ts): its pools hold codes the
 * corpus never uses, so a code list a release behind the official one is found. With the CII lists of before
 * 0c55e01 (BGN accepted; XCG, ICD 0244-0248, EAS 0242/0245/0246/0248 refused), seed 31 gave 4 disagreements in
 * 2,000 mutants, all list codes in a scheme identifier (0245-0247); the corpus-only pool gave none in the same 2,000.
 */
import { describe, expect, it } from 'vitest';
import { readListPools } from '../../scripts/conformance-fuzz/code-lists.js';
import { mutate, Rng, scanBase } from '../../scripts/conformance-fuzz/mutate.js';
import { readFileSync } from 'node:fs';
import { SHARED_DIR, requireShared } from '../shared-path.js';

describe('list-code pools of the differential fuzzer', () => {
  const pools = () => {
    requireShared('official-validator', 'artefacts', 'en16931');
    return readListPools(SHARED_DIR);
  };

  it('hold the codes of the official lists and of the D16B schema lists, per field name', () => {
    const p = pools();
    const currency = p.get('currencyID')!;
    expect(currency.codes).toContain('XCG'); // official 1.3.16 list
    expect(currency.codes).toContain('BGN'); // ISO list of the D16B schemas, not in the official list
    expect(currency.edge).toEqual(expect.arrayContaining(['XCG', 'BGN']));
    expect(p.get('schemeID')!.edge).toEqual(expect.arrayContaining(['0244', '0248']));
    expect(p.get('InvoiceTypeCode')!.codes).toContain('380');
    for (const [, pool] of p) for (const c of pool.edge) expect(pool.codes).toContain(c);
  });

  it('give mutants codes that no corpus document uses', () => {
    const p = pools();
    const xml = readFileSync(requireShared('conformance', 'cii', 'valid', 'zcpdf__zugferd_2p1_EN16931_Rabatte.xml'), 'utf8');
    const base = scanBase('rabatte', xml);
    const ops: string[] = [];
    for (let i = 0; i < 400; i++) for (const e of mutate(new Rng(i + 1), base, ['EUR', '380'], p)) if (e.op.startsWith('list code')) ops.push(e.op);
    expect(ops.length).toBeGreaterThan(10);
    const unseen = ops.filter((op) => {
      const code = /-> "(.*)"$/.exec(op)![1]!;
      return !xml.includes(`"${code}"`) && !xml.includes(`>${code}<`);
    });
    expect(unseen.length).toBeGreaterThan(5);
  });
});
