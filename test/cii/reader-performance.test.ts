/**
 * readCii must stay well under 0.3 ms on a typical invoice (it runs on every
 * validate and render request). Measured over the valid corpus: warm-up, then
 * the median of repeated reads per file; the median file must be under
 * 0.3 ms of CPU time (../timing.ts: a loaded shared machine does not inflate
 * it), and the figures are printed.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { readCorpusTree } from '../conformance/corpus.js';
import { requireShared } from '../shared-path.js';
import { cpuMedianMsSync } from '../timing.js';

function medianMicros(fn: () => void, runs: number): number {
  return cpuMedianMsSync(runs, fn) * 1000;
}

describe('readCii performance', () => {
  it('reads a typical corpus invoice well under 0.3 ms', () => {
    const files = readdirSync(requireShared('conformance', 'cii', 'valid')).filter((f) => f.endsWith('.xml'));
    const perFile = files.map((file) => {
      const root = readCorpusTree(`cii/valid/${file}`);
      for (let i = 0; i < 200; i++) readCii(root);
      return { file, micros: medianMicros(() => readCii(root), 300) };
    });
    perFile.sort((a, b) => a.micros - b.micros);
    const median = perFile[Math.floor(perFile.length / 2)]!;
    const slowest = perFile[perFile.length - 1]!;
    console.info(
      `readCii over ${perFile.length} valid corpus invoices: median file ${median.micros.toFixed(1)} µs (${median.file}), ` +
        `slowest ${slowest.micros.toFixed(1)} µs (${slowest.file})`,
    );
    expect(median.micros).toBeLessThan(300);
  });
});
