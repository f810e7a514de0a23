/**
 * The CI-sized differential runs (issue 11 for CII, issue 23 for UBL): a few
 * hundred mutants of the shared corpus, fixed seed, validated by us and by
 * the official validator (en16931-check --stream). Any disagreement fails the
 * test, listed shrunk. Long runs: `npm run conformance:fuzz -- --seed N
 * --count M [--bases 'ubl/**']`.
 */
import { describe, expect, it } from 'vitest';
import { runCampaign } from '../../scripts/conformance-fuzz/campaign.js';
import { SHARED_DIR, requireShared } from '../shared-path.js';

const SEED = 20261125;
const COUNT = 400;
const UBL_SEED = 20261128;
const UBL_COUNT = 300;

describe('differential testing against the official validator (CI size)', () => {
  it(`agrees on ${COUNT} mutants of the shared corpus (seed ${SEED})`, async () => {
    requireShared('conformance', 'cii');
    const { stats, disagreements } = await runCampaign({ seed: SEED, count: COUNT, sharedDir: SHARED_DIR });
    console.log(`differential: ${stats.compared} mutants compared, ${stats.officialAborted} official aborts, ${stats.disagreements} disagreements, ${stats.ms} ms`);
    expect(stats.mutants).toBe(COUNT);
    expect(stats.compared).toBeGreaterThan(COUNT / 2);
    expect(disagreements.map((d) => `#${d.index} ${d.base}: ${d.edits.map((e) => e.op).join('; ')} => ${d.differences.join(' | ')}`)).toEqual([]);
  }, 300_000);
});

describe('differential testing of UBL against the official validator (CI size)', () => {
  it(`agrees on ${UBL_COUNT} mutants of the shared UBL corpus (seed ${UBL_SEED})`, async () => {
    requireShared('conformance', 'ubl');
    const { stats, disagreements } = await runCampaign({ seed: UBL_SEED, count: UBL_COUNT, sharedDir: SHARED_DIR, bases: 'ubl/**' });
    console.log(`differential UBL: ${stats.compared} mutants compared, ${stats.officialAborted} official aborts, ${stats.disagreements} disagreements, ${stats.ms} ms`);
    expect(stats.mutants).toBe(UBL_COUNT);
    expect(stats.bases).toBeGreaterThan(1400);
    expect(stats.compared).toBeGreaterThan(UBL_COUNT / 2);
    expect(disagreements.map((d) => `#${d.index} ${d.base}: ${d.edits.map((e) => e.op).join('; ')} => ${d.differences.join(' | ')}`)).toEqual([]);
  }, 300_000);
});

/** The rule families beside EN 16931 (issue 24): their ids on mutants, against en16931-check --xr / --peppol. */
describe('differential testing of the XRechnung and Peppol rules against the official validator (CI size)', () => {
  it.each([
    ['xrechnung', 'xrechnung/**', 20261201, 150],
    ['peppol', 'ubl/**', 20261202, 150],
  ] as const)('the %s rules agree on the mutants of %s', async (rules, bases, seed, count) => {
    requireShared('conformance', bases.split('/')[0]!);
    const { stats, disagreements } = await runCampaign({ seed, count, sharedDir: SHARED_DIR, bases, rules });
    console.log(`differential ${rules}: ${stats.compared} mutants compared, ${stats.officialAborted} official aborts, ${stats.disagreements} disagreements, ${stats.ms} ms`);
    expect(stats.mutants).toBe(count);
    expect(stats.compared).toBeGreaterThan(count / 2);
    expect(disagreements.map((d) => `#${d.index} ${d.base}: ${d.edits.map((e) => e.op).join('; ')} => ${d.differences.join(' | ')}`)).toEqual([]);
  }, 300_000);
});
