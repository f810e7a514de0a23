/**
 * Issue 23, point 4, over the corpus: every valid EN 16931-profile CII file of
 * ../shared/conformance/cii/valid (BT-24 an EN 16931 identifier: EN 16931,
 * XRechnung, and Factur-X BASIC and EXTENDED, which are EN 16931 too)
 * converts to a UBL 2.1 document the official validator accepts (UBL XSD,
 * CEN EN 16931 UBL 1.3.16: no fatal), and every valid UBL file of
 * ../shared/conformance/ubl/valid to a CII document it accepts (CII D16B XSD,
 * CEN EN 16931 CII 1.3.16). Nothing is dropped in silence: converted and
 * converted back, every piece of the original's content (each element's
 * text, each attribute) is in the final document or reported in the first
 * conversion's `unmapped` at its location. One `--stream` process of the
 * official validator for this file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertInvoiceXml, type UnmappedItem } from '../../lib/convert/convert.js';
import type { SyntaxName } from '../../lib/convert/syntax.js';
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

const ublDir = requireShared('conformance', 'ubl', 'valid');
const ublVerdicts = JSON.parse(readFileSync(requireShared('conformance', 'ubl', 'expected.json'), 'utf8')) as Record<string, { fatal: string[] | null; xsd: string }>;
const ublFiles = readdirSync(ublDir)
  .filter((f) => f.endsWith('.xml') && ublVerdicts[`valid/${f}`]?.xsd === 'ok' && ublVerdicts[`valid/${f}`]?.fatal?.length === 0)
  .sort();

/** A fact as compared: its path (a term's alternative CII places taken as one, lib/convert/terms.ts) and value. */
const factId = (syntax: SyntaxName, f: DocumentFact): string => `${canonicalKey(syntax, f.key)} = ${f.value}`;

/** The content of a document as facts (positions left out), with how many times each occurs. */
function factCounts(syntax: SyntaxName, xml: string | Uint8Array): Map<string, number> {
  const root = withXmlDocument(xml, (doc) => toElementTree(doc));
  const out = new Map<string, number>();
  for (const f of documentFacts(root)) out.set(factId(syntax, f), (out.get(factId(syntax, f)) ?? 0) + 1);
  return out;
}

/**
 * The content of the source that is neither in the document converted there and back nor reported
 * (`unmapped` of the first conversion, by location): what would have been dropped in silence.
 */
function silentlyDropped(syntax: SyntaxName, source: Buffer, unmapped: readonly UnmappedItem[], final: string): string[] {
  const left = factCounts(syntax, final);
  const reported = new Set(unmapped.map((u) => u.location));
  const root = treeOf(source.toString('utf8').replace(/^\uFEFF/, ''));
  return documentFacts(root)
    .filter((f) => !reported.has(f.location))
    .filter((f) => {
      const n = left.get(factId(syntax, f)) ?? 0;
      if (n > 0) left.set(factId(syntax, f), n - 1);
      return n === 0;
    })
    .map((f) => `${f.location} = ${f.text}`);
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
    expect(silentlyDropped('cii', source, ubl.unmapped, back.xml), file).toEqual([]);
  }, 60_000);
});

describe('UBL -> CII over the valid UBL corpus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'convert-ubl-corpus-'));
  let oracle: OfficialValidator;
  beforeAll(() => {
    oracle = OfficialValidator.start(SHARED_DIR);
  });
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers the valid UBL corpus: invoices and credit notes, CEN, Peppol, XRechnung and other samples', () => {
    expect(ublFiles.length).toBeGreaterThanOrEqual(65);
    expect(ublFiles.some((f) => readFileSync(join(ublDir, f), 'utf8').includes('CreditNote-2'))).toBe(true);
  });

  it.each(ublFiles)('%s: the CII is officially valid, and converted back, what is missing was reported', async (file) => {
    const source = readFileSync(join(ublDir, file));
    const cii = convertInvoiceXml(source, { rules: 'en16931' });
    expect(cii.syntax).toBe('cii');
    const out = join(dir, file);
    writeFileSync(out, cii.xml);
    const official = await oracle.check(out);
    expect({ file, syntax: official.syntax, xsd: official.xsd, fatal: official.fatal, sch_error: official.sch_error }).toEqual({ file, syntax: 'CII', xsd: 'ok', fatal: [], sch_error: undefined });
    for (const u of cii.unmapped) expect(u.location ?? u.path, JSON.stringify(u)).toBeTruthy();
    const back = convertInvoiceXml(cii.xml, { rules: 'en16931', to: 'ubl' });
    expect(silentlyDropped('ubl', source, cii.unmapped, back.xml), file).toEqual([]);
  }, 60_000);
});
