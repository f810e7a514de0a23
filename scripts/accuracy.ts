/**
 * npm run accuracy [-- --scans N] [--scans-only] [--no-preprocess] [--rotate-auto] [--languages a,b] : runs the local extractor over the whole
 * synthetic corpus (test/fixtures/synthetic: every text PDF, and N PNG scans,
 * default 48), and the shared Factur-X PDFs for calibration, and prints the figures of docs/BENCHMARKS.md as Markdown; the
 * full detail (every miss) goes to test/extract/synthetic-accuracy-full.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalExtractor } from '../lib/extract/local/index.js';
import { readExpected } from '../test/extract/cii-expected.js';
import { BUCKETS, calibration, CORPUS, FIELDS, fieldRates, percentile, ratesBy, runCorpus, scanIndexes, scoreExpected, summarise, type DocumentScore, type Field, type FieldRates } from '../test/fixtures/synthetic/score.js';

const arg = (name: string, fallback: number): number => {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? Number(process.argv[k + 1]) : fallback;
};
const scans = arg('scans', 48);
const size = arg('size', CORPUS.size);
/** `--scans-only`: the scans alone (no text PDF, no shared corpus), for work on OCR. */
const scansOnly = process.argv.includes('--scans-only');

// `--no-preprocess`: OCR of the images as they come (as before issue 13's scan work); `--rotate-auto`: tesseract.js's own deskew.
const extractor = createLocalExtractor({
  pdftoppm: false,
  ...(process.argv.includes('--no-preprocess') ? { ocrPreprocess: false as const } : {}),
  ...(process.argv.includes('--rotate-auto') ? { ocrRotateAuto: true } : {}),
  // `--languages fra,eng,deu,spa`: other OCR languages (their @tesseract.js-data packages must be installed).
  ...(process.argv.includes('--languages') ? { languages: process.argv[process.argv.indexOf('--languages') + 1]!.split(',') } : {}),
});
let done = 0;
const docs = await runCorpus(extractor, {
  seed: CORPUS.seed,
  textIndexes: scansOnly ? [] : Array.from({ length: size }, (_, i) => i),
  scanIndexes: scanIndexes(CORPUS.seed, size, scans),
  onDocument: (d) => {
    done++;
    if (done % 25 === 0 || d.kind === 'scan') process.stderr.write(`${done} ${d.id} ${d.kind} ${Math.round(d.ms)} ms\n`);
  },
});

// The shared corpus of real Factur-X / ZUGFeRD PDFs (text layer only, as test/extract/accuracy.test.ts reads it), for its calibration.
const sharedDir = join(process.env.SHARED_DIR ?? join(import.meta.dirname, '..', '..', 'shared'), 'conformance', 'pdf');
if (scansOnly) process.stderr.write('--scans-only: no text PDF, no shared corpus.\n');
else if (existsSync(sharedDir)) {
  for (const file of readdirSync(sharedDir).filter((f) => f.endsWith('.pdf')).sort()) {
    const { zugferd1: _, ...expected } = readExpected(readFileSync(join(sharedDir, file.replace(/\.pdf$/, '.xml')), 'utf8'));
    const t0 = performance.now();
    const score: DocumentScore = { id: file, kind: 'shared-pdf', lang: '-', locale: '-', layout: '-', font: '-', pages: 0, ms: 0, fields: {} };
    try {
      score.fields = scoreExpected(expected, await extractor.extract({ bytes: new Uint8Array(readFileSync(join(sharedDir, file))), mimeType: 'application/pdf', fileName: file }));
    } catch (error) {
      score.fields = scoreExpected(expected, undefined);
      score.error = (error as Error).message;
    }
    score.ms = performance.now() - t0;
    docs.push(score);
  }
} else process.stderr.write(`No shared corpus at ${sharedDir}: its calibration is left out.\n`);
await extractor.dispose();

const pct = (r: { rate: number } | undefined): string => (r ? `${(100 * r.rate).toFixed(1)} %` : '-');
const HEAD: Field[] = ['invoiceNumber', 'invoiceDate', 'sellerName', 'buyerName', 'currency', 'totalHT', 'totalVAT', 'totalTTC', 'dueDate', 'lineCount'];

function fieldTable(text: FieldRates, scan: FieldRates): string {
  const rows = HEAD.map((f) => `| ${f} | ${FIELDS[f]} | ${text[f] ? `${text[f].exact} / ${text[f].scored}` : '-'} | ${pct(text[f])} | ${scan[f] ? `${scan[f].exact} / ${scan[f].scored}` : '-'} | ${pct(scan[f])} |`);
  return ['| field | term | text PDFs exact | rate | scans exact | rate |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

function groupTable(title: string, groups: Record<string, { documents: number; rates: FieldRates }>): string {
  const cols: Field[] = ['invoiceNumber', 'invoiceDate', 'sellerName', 'buyerName', 'currency', 'totalTTC', 'lineCount'];
  return [`| ${title} | docs | ${cols.join(' | ')} |`, `|---|---:|${cols.map(() => '---:').join('|')}|`, ...Object.entries(groups).map(([k, g]) => `| ${k} | ${g.documents} | ${cols.map((c) => pct(g.rates[c])).join(' | ')} |`)].join('\n');
}

function calibrationTable(sets: Array<[string, DocumentScore[]]>): string {
  const head = `| confidence | ${sets.map(([n]) => `${n}: values | right | precision`).join(' | ')} |`;
  const sep = `|---|${sets.map(() => '---:|---:|---:').join('|')}|`;
  const tables = sets.map(([, d]) => calibration(d));
  const rows = BUCKETS.map((_, k) => `| ${tables[0]![k]!.bucket} | ${tables.map((t) => `${t[k]!.values} | ${t[k]!.right} | ${t[k]!.precision === null ? '-' : `${(100 * t[k]!.precision!).toFixed(1)} %`}`).join(' | ')} |`);
  return [head, sep, ...rows].join('\n');
}

const text = docs.filter((d) => d.kind === 'text-pdf');
const scan = docs.filter((d) => d.kind === 'scan');
const shared = docs.filter((d) => d.kind === 'shared-pdf');
const timing = (set: DocumentScore[]): string => `p50 ${Math.round(percentile(set.map((d) => d.ms), 50))} ms, p90 ${Math.round(percentile(set.map((d) => d.ms), 90))} ms, max ${Math.round(Math.max(0, ...set.map((d) => d.ms)))} ms`;
const pages = (set: DocumentScore[]): string => `${set.filter((d) => d.pages > 1).length} multi-page`;

writeFileSync(join(import.meta.dirname, '..', 'test', 'extract', scansOnly ? 'synthetic-accuracy-scans.json' : 'synthetic-accuracy-full.json'), `${JSON.stringify({ seed: CORPUS.seed, summary: summarise(docs), documents: docs }, null, 2)}\n`);

console.log(`Corpus seed ${CORPUS.seed}: ${text.length} text PDFs (${pages(text)}), ${scan.length} PNG scans; errors: ${text.filter((d) => d.error).length} text, ${scan.filter((d) => d.error).length} scans.\n`);
console.log(fieldTable(fieldRates(text), fieldRates(scan)));
console.log(`\nTime per document (extraction only): text PDFs ${timing(text)}; scans (one page each) ${timing(scan)}.\n`);
console.log(groupTable('text PDFs by language', ratesBy(text, (d) => d.lang)));
console.log('');
console.log(groupTable('scans by language', ratesBy(scan, (d) => d.lang)));
console.log('');
console.log(groupTable('scans by defect', ratesBy(scan, (d) => (d.defects?.rotateDeg ? (d.defects.noise ? 'rotated + noise' : 'rotated') : 'straight, clean'))));
console.log('');
console.log(groupTable('text PDFs by layout', ratesBy(text, (d) => d.layout)));
console.log('');
console.log(groupTable('text PDFs by font', ratesBy(text, (d) => d.font)));
console.log('');
console.log(calibrationTable([['text PDFs', text], ['scans', scan], ['shared corpus', shared]]));
console.log('');
const perField = (set: DocumentScore[]): string => {
  const fields = HEAD.filter((f) => f !== 'lineCount');
  return [`| field | ${BUCKETS.map(([a, b]) => `${a.toFixed(1)}-${Math.min(1, b).toFixed(1)}`).join(' | ')} |`, `|---|${BUCKETS.map(() => '---:').join('|')}|`, ...fields.map((f) => `| ${f} | ${calibration(set, [f]).map((r) => (r.values ? `${r.right}/${r.values}` : '-')).join(' | ')} |`)].join('\n');
};
console.log('Right / given per confidence bucket, text PDFs:\n');
console.log(perField(text));
console.log('\nScans:\n');
console.log(perField(scan));
console.log('\nShared corpus:\n');
console.log(perField(shared));
