/**
 * npx tsx scripts/ubl-speed.ts [ROUNDS]
 *
 * What validating a UBL invoice costs beside the same invoice in CII (issue
 * 23, point 8): the KoSIT XRechnung test suite (SHARED_DIR/conformance/
 * xrechnung/testsuite) writes each business case in both syntaxes
 * (`*_ubl.xml`, `*_uncefact.xml`); each pair is validated as the service does
 * (lib/validate-xml.ts, rules, syntax rules and XSD, the repository's
 * schemas/), the two syntaxes interleaved round after round so machine load
 * falls on both alike. Prints the median time per document of each syntax
 * and the ratio UBL / CII, pair by pair and over all pairs. Not the bench
 * (npm run bench): a focused measure, a few seconds of CPU.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { validateInvoiceXml } from '../lib/validate-xml.js';

const rounds = Number(process.argv[2] ?? '30');
const shared = resolve(process.env.SHARED_DIR ?? resolve(import.meta.dirname, '..', '..', 'shared'));
const suite = join(shared, 'conformance', 'xrechnung', 'testsuite');
const schemaDir = resolve(import.meta.dirname, '..', 'schemas');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const all = files(suite);
const pairs = all
  .filter((f) => f.endsWith('_ubl.xml'))
  .map((ubl) => [ubl, ubl.replace(/_ubl\.xml$/, '_uncefact.xml')] as const)
  .filter(([, cii]) => all.includes(cii))
  .map(([ubl, cii]) => ({ name: ubl.slice(suite.length + 1).replace(/_ubl\.xml$/, ''), ubl: readFileSync(ubl), cii: readFileSync(cii) }));

const time = (xml: Uint8Array): number => {
  const t0 = performance.now();
  validateInvoiceXml(xml, { schemaDir, rules: 'en16931' });
  return performance.now() - t0;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Warm up: compile both XSDs and the rule tables once, as a warm Lambda has.
for (const p of pairs.slice(0, 3)) {
  time(p.ubl);
  time(p.cii);
}
const ublTimes: number[][] = pairs.map(() => []);
const ciiTimes: number[][] = pairs.map(() => []);
for (let r = 0; r < rounds; r++) {
  pairs.forEach((p, i) => {
    if (r % 2 === 0) {
      ublTimes[i]!.push(time(p.ubl));
      ciiTimes[i]!.push(time(p.cii));
    } else {
      ciiTimes[i]!.push(time(p.cii));
      ublTimes[i]!.push(time(p.ubl));
    }
  });
}
let sumUbl = 0;
let sumCii = 0;
pairs.forEach((p, i) => {
  const u = median(ublTimes[i]!);
  const c = median(ciiTimes[i]!);
  sumUbl += u;
  sumCii += c;
  console.log(`${p.name.padEnd(60)} UBL ${u.toFixed(2).padStart(7)} ms (${(p.ubl.length / 1024).toFixed(0)} KiB)  CII ${c.toFixed(2).padStart(7)} ms (${(p.cii.length / 1024).toFixed(0)} KiB)  ratio ${(u / c).toFixed(2)}`);
});
console.log(`${pairs.length} pairs, ${rounds} rounds: UBL ${(sumUbl / pairs.length).toFixed(2)} ms, CII ${(sumCii / pairs.length).toFixed(2)} ms per document (mean of the medians); UBL / CII ${(sumUbl / sumCii).toFixed(2)}`);
