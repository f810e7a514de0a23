/**
 * Issue 23, point 8 (writing half): writing UBL 2.1 costs no more than writing
 * CII. Times writeCii and writeUbl on the same models, alternating the two
 * in rounds so machine noise falls on both, and prints the median per call.
 *
 *   npx tsx scripts/measure-writers.ts [rounds]
 *
 * Models: the full invoice of the writer tests (every business term, 3
 * lines), the same with 10 and with 500 lines. Not the benchmark
 * (`npm run bench`): a small, quick check of the two writers alone.
 */
import { writeCii } from '../lib/cii/writer.js';
import type { Invoice } from '../lib/model/invoice.js';
import { writeUbl } from '../lib/ubl/writer.js';
import { fullInvoice } from '../test/fixtures/cii/full-invoice.js';

function withLines(n: number): Invoice {
  const inv = fullInvoice();
  const template = inv.lines;
  inv.lines = Array.from({ length: n }, (_, i) => ({ ...template[i % template.length]!, id: String(i + 1) }));
  return inv;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Microseconds per call of `write`, timed over a batch of `calls`. */
function time(write: (inv: Invoice) => string, inv: Invoice, calls: number): number {
  let bytes = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) bytes += write(inv).length;
  const t1 = process.hrtime.bigint();
  if (bytes === 0) throw new Error('nothing written');
  return Number(t1 - t0) / 1000 / calls;
}

const rounds = Number(process.argv[2] ?? 15);
const cases: Array<[string, Invoice, number]> = [
  ['full invoice, 3 lines', fullInvoice(), 2000],
  ['10 lines', withLines(10), 1000],
  ['500 lines', withLines(500), 20],
];
console.log(`node ${process.version}, ${rounds} alternating rounds, median microseconds per call`);
for (const [name, inv, calls] of cases) {
  // Warm both writers up before measuring.
  time(writeCii, inv, calls);
  time(writeUbl, inv, calls);
  const cii: number[] = [];
  const ubl: number[] = [];
  for (let r = 0; r < rounds; r++) {
    cii.push(time(writeCii, inv, calls));
    ubl.push(time(writeUbl, inv, calls));
  }
  const c = median(cii);
  const u = median(ubl);
  const sizes = `CII ${writeCii(inv).length} B, UBL ${writeUbl(inv).length} B`;
  console.log(`${name.padEnd(22)} CII ${c.toFixed(1).padStart(8)} µs   UBL ${u.toFixed(1).padStart(8)} µs   UBL/CII ${(u / c).toFixed(2)}   (${sizes})`);
}
