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

function read(path: string): { xml: Buffer; invoice: ReturnType<typeof readCii>['invoice']; profile: string } {
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
