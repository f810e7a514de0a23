/**
 * Issue 23, point 4, over the corpus: every valid EN 16931-profile CII file of
 * ../shared/conformance/cii/valid (BT-24 an EN 16931 identifier: EN 16931,
 * XRechnung, and Factur-X BASIC and EXTENDED, which are EN 16931 too)
 * converts to a UBL 2.1 document the official validator accepts (UBL XSD,
 * CEN EN 16931 UBL 1.3.16: no fatal), and nothing is dropped in silence:
 * converted to UBL and back to CII, every piece of the original's content
 * (each element's text, each attribute) is in the final CII or reported in
 * the first conversion's `unmapped` at its location. One `--stream` process
 * of the official validator for this file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertInvoiceXml } from '../../lib/convert/convert.js';
import { treeOf } from '../../lib/convert/syntaxes.js';
import { canonicalKey } from '../../lib/convert/terms.js';
import { documentFacts, type DocumentFact } from '../../lib/convert/trace.js';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { OfficialValidator } from '../../scripts/conformance-fuzz/oracle.js';
import { loadVerdicts } from '../conformance/corpus.js';
import { requireShared, SHARED_DIR } from '../shared-path.js';

const EN16931 = 'urn:cen.eu:en16931:2017';
const verdicts = loadVerdicts();
const ciiDir = requireShared('conformance', 'cii', 'valid');
const ciiFiles = readdirSync(ciiDir)
  .filter((f) => f.endsWith('.xml') && (verdicts[`cii/valid/${f}`]?.bt24 ?? '').startsWith(EN16931))
  .sort();

/** A fact as compared: its path (a term's alternative CII places taken as one, lib/convert/terms.ts) and value. */
const factId = (f: DocumentFact): string => `${canonicalKey('cii', f.key)} = ${f.value}`;

/** The content of a document as facts (positions left out), with how many times each occurs. */
function factCounts(xml: string | Uint8Array): Map<string, number> {
  const root = withXmlDocument(xml, (doc) => toElementTree(doc));
  const out = new Map<string, number>();
  for (const f of documentFacts(root)) out.set(factId(f), (out.get(factId(f)) ?? 0) + 1);
  return out;
}

describe('CII -> UBL over the valid EN 16931 CII corpus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'convert-corpus-'));
  let oracle: OfficialValidator;
  beforeAll(() => {
    oracle = OfficialValidator.start(SHARED_DIR);
  });
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers the EN 16931 profiles of the corpus: EN 16931, XRechnung, BASIC, EXTENDED', () => {
    expect(ciiFiles.length).toBeGreaterThanOrEqual(70);
    const ids = new Set(ciiFiles.map((f) => verdicts[`cii/valid/${f}`]!.bt24));
    expect([...ids].some((id) => id?.includes('extended'))).toBe(true);
    expect([...ids].some((id) => id?.includes('basic'))).toBe(true);
    expect([...ids].some((id) => id?.includes('xrechnung'))).toBe(true);
  });

  it.each(ciiFiles)('%s: the UBL is officially valid, and converted back, what is missing was reported', async (file) => {
    const source = readFileSync(join(ciiDir, file));
    const ubl = convertInvoiceXml(source, { rules: 'en16931' });
    expect(ubl.syntax).toBe('ubl');
    const out = join(dir, file);
    writeFileSync(out, ubl.xml);
    const official = await oracle.check(out);
    expect({ file, syntax: official.syntax, xsd: official.xsd, fatal: official.fatal, sch_error: official.sch_error }).toEqual({
      file,
      syntax: expect.stringMatching(/^UBL-/),
      xsd: 'ok',
      fatal: [],
      sch_error: undefined,
    });
    for (const u of ubl.unmapped) {
      expect(u.reason.length, JSON.stringify(u)).toBeGreaterThan(0);
      expect(u.location ?? u.path, JSON.stringify(u)).toBeTruthy();
    }

    const back = convertInvoiceXml(ubl.xml, { rules: 'en16931' });
    expect(back.syntax).toBe('cii');
    const final = factCounts(back.xml);
    const reported = new Set(ubl.unmapped.map((u) => u.location));
    const root = treeOf(source.toString('utf8').replace(/^\uFEFF/, ''));
    const silent = documentFacts(root)
      .filter((f) => !reported.has(f.location))
      .filter((f) => {
        const left = final.get(factId(f)) ?? 0;
        if (left > 0) final.set(factId(f), left - 1);
        return left === 0;
      });
    expect(silent.map((f) => `${f.location} = ${f.text}`), file).toEqual([]);
  }, 60_000);
});
