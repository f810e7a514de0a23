/**
 * npm run conformance:fuzz -- --seed N --count M [--bases GLOB] [--out DIR] [--parallel P] [--rules xrechnung|peppol|fr]
 *
 * Differential testing against the official EN 16931 validator: mutants of
 * the shared corpus (SHARED_DIR/conformance, default ../shared), validated by
 * us and by en16931-check --stream; disagreements are shrunk and written to
 * DIR (default .fuzz/conformance-<seed>). Exit status 1 when any disagree.
 * With --rules, the ids of that rule family are compared instead (XRechnung,
 * Peppol BIS Billing, BR-FR; scripts/conformance-fuzz/families.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCampaign } from './conformance-fuzz/campaign.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '1000' },
    bases: { type: 'string' },
    out: { type: 'string' },
    parallel: { type: 'string', default: '4' },
    rules: { type: 'string' },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const rules = values.rules;
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1 || (rules !== undefined && !['xrechnung', 'peppol', 'fr'].includes(rules))) {
  console.error('usage: npm run conformance:fuzz -- --seed N --count M [--bases GLOB] [--out DIR] [--parallel P] [--rules xrechnung|peppol|fr]');
  process.exit(2);
}
const sharedDir = resolve(process.env.SHARED_DIR ?? resolve(import.meta.dirname, '..', '..', 'shared'));
const outDir = resolve(values.out ?? `.fuzz/conformance-${seed}`);
const result = await runCampaign({
  seed,
  count,
  sharedDir,
  outDir,
  parallel: Number(values.parallel),
  // Peppol BIS Billing is UBL only: its default bases are the UBL corpus.
  ...(values.bases === undefined ? (rules === 'peppol' ? { bases: 'ubl/**' } : {}) : { bases: values.bases }),
  ...(rules === undefined ? {} : { rules: rules as 'xrechnung' | 'peppol' | 'fr' }),
  onProgress: (done, s) => console.error(`${done}/${count} mutants, ${s.disagreements} disagreements, ${s.officialAborted} official aborts, ${(s.ms / 1000).toFixed(0)} s`),
});
const { stats } = result;
console.log(
  `seed ${seed}: ${stats.mutants} mutants over ${stats.bases} base documents; ${stats.compared} compared, ${stats.officialAborted} where the official XSLT aborted, ${stats.unchanged} unchanged; ${stats.disagreements} disagreements; ${(stats.ms / 1000).toFixed(1)} s`,
);
console.log(
  `official aborts: ${stats.abortedOursInvalid} of ${stats.officialAborted} invalid for us, ${stats.abortedXsdDisagreements} XSD verdicts differing; by class: ${JSON.stringify(stats.abortClasses)}`,
);
for (const d of result.disagreements) console.log(`- #${d.index} ${d.base}: ${d.edits.map((e) => e.op).join('; ')}\n    ${d.differences.join('\n    ')}`);
console.log(`written to ${outDir}`);
process.exit(stats.disagreements > 0 ? 1 : 0);
