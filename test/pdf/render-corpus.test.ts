/**
 * The renderer on invoices other people produced: every CII invoice of the
 * shared corpus, read with lib/cii's reader, renders; the valid ones render
 * as checker-clean Factur-X files showing their number, and the broken ones
 * (missing amounts, odd codes, malformed decimals) still render.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { renderInvoicePdf } from '../../lib/pdf/render/render.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { requireShared } from '../shared-path.js';
import { NOW } from './helpers.js';
import { normalizeSpaces, pdftotext } from './tools.js';

const VALID = requireShared('conformance', 'cii', 'valid');
const INVALID = ['official', 'corpus', 'mutants'].map((d) => requireShared('conformance', 'cii', 'invalid', d));

function read(path: string): { xml: Buffer; invoice: ReturnType<typeof readCii>['invoice']; profile: ReturnType<typeof readCii>['profile'] } {
  const xml = readFileSync(path);
  const { invoice, profile } = readCii(withXmlDocument(xml, (doc) => toElementTree(doc)));
  return { xml, invoice, profile };
}

describe('rendering the valid corpus invoices', () => {
  const files = readdirSync(VALID).filter((f) => f.endsWith('.xml')).sort();
  it.each(files)('%s', async (file) => {
    const { xml, invoice, profile } = read(join(VALID, file));
    const pdf = await renderInvoicePdf(invoice, profile === 'UNKNOWN' ? { now: NOW } : { xml, now: NOW });
    if (profile !== 'UNKNOWN') expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
    expect(normalizeSpaces(pdftotext(pdf)).replace(/\s/g, '')).toContain(invoice.number.replace(/\s/g, ''));
  });
});

describe('a profile the caller already read (xmlProfile) gives the same file as reading it from the XML', () => {
  const files = readdirSync(VALID).filter((f) => f.endsWith('.xml')).sort();
  it('on every valid corpus invoice with a known profile', async () => {
    let compared = 0;
    for (const file of files) {
      const path = join(VALID, file);
      const { xml, invoice, profile } = read(path);
      if (profile === 'UNKNOWN') continue;
      const { specificationId } = readCii(withXmlDocument(xml, (doc) => toElementTree(doc)));
      const inspected = await renderInvoicePdf(invoice, { xml, now: NOW });
      const given = await renderInvoicePdf(invoice, { xml, now: NOW, xmlProfile: { profile, specificationId } });
      expect(Buffer.from(given).equals(Buffer.from(inspected)), file).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  }, 120_000);
});

describe('rendering the broken corpus invoices', () => {
  const files = INVALID.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.xml')).map((f) => join(dir, f))).sort();
  it('renders every one of them', async () => {
    expect(files.length).toBeGreaterThan(100);
    for (const path of files) {
      const { invoice } = read(path);
      const pdf = await renderInvoicePdf(invoice, { now: NOW });
      expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1'), path).toBe('%PDF-1.7');
    }
  });
});
