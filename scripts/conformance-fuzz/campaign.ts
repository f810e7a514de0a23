/**
 * A differential campaign: mutants of the shared corpus documents, CII
 * (`cii/**`, the default) or UBL (`ubl/**`), validated by us
 * (lib/validate-xml.ts with the repository's schemas/) and by the official
 * validator (en16931-check --stream); each disagreement is shrunk to the
 * fewest edits that still disagree and written, with both verdicts, to a
 * folder. Deterministic per seed: mutant i of seed s is always the same
 * document.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { differences, officialVerdict, ourVerdict, type Verdict } from './compare.js';
import { readListPools } from './code-lists.js';
import { applyEdits, collectCodes, mutate, Rng, scanBase, type Base, type Edit } from './mutate.js';
import { OfficialValidator } from './oracle.js';
import { FAMILY_FLAGS, officialFamilyVerdict, ourFamilyVerdict, type Family } from './families.js';

/** What a campaign is asked to do. */
export interface CampaignOptions {
  seed: number;
  count: number;
  /** The shared folder (holding conformance/, schemas/, official-validator/). */
  sharedDir: string;
  /** Glob over paths relative to conformance/ (default `cii/**`; `ubl/**` for UBL documents). */
  bases?: string;
  /** Where disagreements are written (nothing written when undefined). */
  outDir?: string;
  /** Mutants in flight at once (the official validator works one at a time; ours runs while it does). */
  parallel?: number;
  onProgress?: (done: number, stats: CampaignStats) => void;
  /** Compare a rule family beside EN 16931 instead (./families.ts): XRechnung, Peppol BIS Billing or BR-FR ids. */
  rules?: Family;
}

/** One disagreement, shrunk. */
export interface Disagreement {
  index: number;
  base: string;
  /** The edits left after shrinking (all of them needed for the disagreement). */
  edits: Edit[];
  /** The edits of the mutant as generated. */
  generated: string[];
  differences: string[];
  ours: Verdict;
  official: Verdict;
  file?: string;
}

/** Counts of a campaign. */
export interface CampaignStats {
  mutants: number;
  compared: number;
  /** Mutants the official XSLT could not process (Saxon error): our rule verdict is listed, not compared. */
  officialAborted: number;
  /** Of those, how many we call invalid (a fatal finding or the XSD), and how many XSD verdicts (xmllint still ran) differ from ours. */
  abortedOursInvalid: number;
  abortedXsdDisagreements: number;
  /** Of those, by class of the Saxon error (see abortClass). */
  abortClasses: Record<string, number>;
  /** Mutants identical to their base (no operator applied). */
  unchanged: number;
  bases: number;
  disagreements: number;
  ms: number;
}

/** Result of {@link runCampaign}. */
export interface CampaignResult {
  stats: CampaignStats;
  disagreements: Disagreement[];
  /** Where the official XSLT aborted: the first edit and what we answered. */
  aborted: Array<{ base: string; edits: string[]; reason: string; ours: Verdict }>;
}

/**
 * The class of an official XSLT abort, from Saxon's message: a repeated
 * element where an XPath function or cast takes one item, an indicator that
 * is no xs:boolean, a number that is no number, a missing element a cast
 * needs, or other.
 */
export function abortClass(reason: string): string {
  if (reason.includes('more than one item')) return 'repeated element where one item is required';
  if (reason.includes('cast to a boolean')) return 'udt:Indicator not an xs:boolean';
  if (/xs:decimal|to double|no digits|xs:integer/.test(reason)) return 'not a number where a number is cast';
  if (reason.includes('empty sequence is not allowed')) return 'missing element where a cast needs one';
  return 'other';
}

/** A glob (`*`, `**`, `?`) as a regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** Root element local names of the documents a campaign mutates: CII D16B, UBL 2.1 Invoice and CreditNote. */
const INVOICE_ROOTS = /(^|:)(CrossIndustryInvoice|Invoice|CreditNote)$/;

/** The CII D16B and UBL 2.1 documents of the corpus matching `glob`, scanned, in a fixed order. */
export function loadBases(sharedDir: string, glob = 'cii/**'): Base[] {
  const root = join(sharedDir, 'conformance');
  const re = globToRegExp(glob);
  return listFiles(root)
    .map((p) => relative(root, p).split('\\').join('/'))
    .filter((p) => p.endsWith('.xml') && re.test(p))
    .sort()
    .map((p) => scanBase(p, readFileSync(join(root, p), 'utf8')))
    .filter((b) => INVOICE_ROOTS.test(b.elements[0]?.name ?? ''));
}

/** The rng of mutant `i` of `seed` (independent of every other mutant). */
function mutantRng(seed: number, i: number): Rng {
  return new Rng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35));
}

/** Runs a campaign. Throws when the official validator cannot run. */
export async function runCampaign(opts: CampaignOptions): Promise<CampaignResult> {
  const t0 = Date.now();
  // The repository's schemas (the service's runtime copy): CII D16B and Factur-X as in ../shared/schemas, and UBL 2.1.
  const schemaDir = resolve(import.meta.dirname, '..', '..', 'schemas');
  const bases = loadBases(opts.sharedDir, opts.bases);
  if (bases.length === 0) throw new Error(`no CII or UBL base documents match ${opts.bases ?? 'cii/**'}`);
  const pool = collectCodes(bases);
  const lists = readListPools(opts.sharedDir);
  // A seeded order of the bases, so any count of at least their number covers each one.
  const order = bases.map((_, i) => i);
  const shuffle = new Rng(opts.seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = shuffle.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const work = join(tmpdir(), `conformance-fuzz-${process.pid}-${opts.seed}`);
  mkdirSync(work, { recursive: true });
  if (opts.outDir) mkdirSync(opts.outDir, { recursive: true });
  const oracle = OfficialValidator.start(opts.sharedDir, opts.rules === undefined ? [] : [FAMILY_FLAGS[opts.rules]]);
  const stats: CampaignStats = {
    mutants: 0,
    compared: 0,
    officialAborted: 0,
    abortedOursInvalid: 0,
    abortedXsdDisagreements: 0,
    abortClasses: {},
    unchanged: 0,
    bases: bases.length,
    disagreements: 0,
    ms: 0,
  };
  const found: Disagreement[] = [];
  const aborted: CampaignResult['aborted'] = [];
  let tmpCounter = 0;

  const judge = async (xml: string): Promise<{ ours: Verdict; official: Verdict; diffs: string[] }> => {
    const file = join(work, `t${tmpCounter++}.xml`);
    writeFileSync(file, xml);
    const pending = oracle.check(file);
    const ours = opts.rules === undefined ? ourVerdict(xml, schemaDir) : ourFamilyVerdict(xml, opts.rules);
    const official = opts.rules === undefined ? officialVerdict(await pending) : officialFamilyVerdict(await pending, opts.rules);
    rmSync(file, { force: true });
    const diffs = official.refused !== undefined ? [] : ours.refused !== undefined ? [`ours refused: ${ours.refused}`] : differences(ours, official);
    return { ours, official, diffs };
  };

  const one = async (i: number): Promise<void> => {
    const base = bases[order[i % order.length]!]!;
    const edits = mutate(mutantRng(opts.seed, i), base, pool, lists);
    stats.mutants++;
    if (edits.length === 0) {
      stats.unchanged++;
      return;
    }
    const first = await judge(applyEdits(base.xml, edits));
    if (first.official.refused !== undefined) {
      stats.officialAborted++;
      const cls = abortClass(first.official.refused);
      stats.abortClasses[cls] = (stats.abortClasses[cls] ?? 0) + 1;
      if (!first.ours.xsdValid || first.ours.fatal.length > 0) stats.abortedOursInvalid++;
      if (first.ours.refused === undefined && first.ours.xsdValid !== first.official.xsdValid) stats.abortedXsdDisagreements++;
      if (aborted.length < 200) aborted.push({ base: base.name, edits: edits.map((e) => e.op), reason: first.official.refused, ours: first.ours });
      return;
    }
    stats.compared++;
    if (first.diffs.length === 0) return;
    // Shrink: drop each edit whose removal keeps a disagreement.
    let kept = edits;
    let last = first;
    for (const e of edits) {
      if (kept.length === 1) break;
      const without = kept.filter((k) => k !== e);
      const r = await judge(applyEdits(base.xml, without));
      if (r.official.refused === undefined && r.diffs.length > 0) {
        kept = without;
        last = r;
      }
    }
    const d: Disagreement = { index: i, base: base.name, edits: kept, generated: edits.map((e) => e.op), differences: last.diffs, ours: last.ours, official: last.official };
    if (opts.outDir) {
      const stem = `${String(i).padStart(6, '0')}-${base.name.replace(/[/\\]/g, '__').replace(/\.xml$/, '')}`;
      d.file = join(opts.outDir, `${stem}.xml`);
      writeFileSync(d.file, applyEdits(base.xml, kept));
      writeFileSync(join(opts.outDir, `${stem}.json`), `${JSON.stringify({ ...d, edits: kept.map((e) => e.op) }, null, 1)}\n`);
    }
    stats.disagreements++;
    found.push(d);
  };

  try {
    const parallel = opts.parallel ?? 4;
    let next = 0;
    let done = 0;
    const lane = async (): Promise<void> => {
      while (next < opts.count) {
        const i = next++;
        await one(i);
        done++;
        if (opts.onProgress && done % 500 === 0) opts.onProgress(done, { ...stats, ms: Date.now() - t0 });
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
  } finally {
    await oracle.close();
    rmSync(work, { recursive: true, force: true });
  }
  stats.ms = Date.now() - t0;
  found.sort((a, b) => a.index - b.index);
  if (opts.outDir) writeFileSync(join(opts.outDir, 'summary.json'), `${JSON.stringify({ seed: opts.seed, count: opts.count, bases: opts.bases ?? 'cii/**', stats, aborted }, null, 1)}\n`);
  return { stats, disagreements: found, aborted };
}
