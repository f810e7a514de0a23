/**
 * Issue 12, the round-trip property: for random valid v2 inputs using every
 * EN 16931 term the input takes (test/fixtures/input/arbitrary-input.ts),
 * JSON -> model -> CII XML -> our reader gives back exactly the model built
 * from the JSON (decimals compared by value), and our EN 16931 rules find no
 * error in it. A sample drawn with a fixed seed also goes through the official
 * validator (CII D16B XSD, the Factur-X EN16931 XSD and the CEN EN 16931
 * 1.3.16 schematron, `en16931-check`, one call for the whole sample), which
 * must find no fatal error either.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readCii } from '../../lib/cii/reader/read.js';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { writeCii } from '../../lib/cii/writer.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import { dec, round2, sum } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { validateInvoice } from '../../lib/rules/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { byValue } from '../cii/by-value.js';
import { validInvoiceInput } from '../fixtures/input/arbitrary-input.js';
import { requireShared } from '../shared-path.js';

const SEED = 20261126;
const OFFICIAL_SAMPLE = 16;

function modelOf(body: unknown): Invoice {
  const parsed = parseInvoiceInput(body);
  if (!parsed.ok) throw new Error(`input rejected: ${JSON.stringify(parsed.issues)}`);
  return invoiceFromInput(parsed.value);
}

function readBack(xml: string): Invoice {
  return readCii(withXmlDocument(xml, (doc) => toElementTree(doc))).invoice;
}

function errorIds(inv: Invoice): string[] {
  return validateInvoice(inv).errors.map((f) => `${f.rule} at ${f.path}`);
}

interface Verdict {
  file: string;
  xsd: string;
  fatal: string[];
  fx_xsd?: string;
  sch_error?: string;
}

describe('JSON -> XML -> reader round trip on random valid inputs (issue 12)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'input-roundtrip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives back the model built from the JSON, with no EN 16931 error', () => {
    fc.assert(
      fc.property(validInvoiceInput, (body) => {
        const model = modelOf(body);
        expect(errorIds(model)).toEqual([]);
        // No rule checks BT-131 against the price: recomputed here from the JSON, base quantity (BT-149) included.
        (body['items'] as Array<Record<string, string>>).forEach((item, i) => {
          const line = model.lines[i]!;
          const gross = round2(dec(item['quantity']!).times(dec(item['unitPrice']!)).dividedBy(dec(item['baseQuantity'] ?? '1')));
          const expected = gross.minus(sum(line.allowances.map((a) => a.amount))).plus(sum(line.charges.map((c) => c.amount)));
          expect(line.netAmount!.eq(expected), `line ${i + 1}`).toBe(true);
        });
        const back = readBack(writeCii(model));
        expect(byValue(back, 'decimal ')).toEqual(byValue(model, 'decimal '));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it(`a sample of ${OFFICIAL_SAMPLE} of them is valid for the official validator (XSDs and EN 16931 schematron)`, () => {
    const bodies = fc.sample(validInvoiceInput, { seed: SEED + 1, numRuns: OFFICIAL_SAMPLE });
    const files = bodies.map((body, i) => {
      const file = join(dir, `sample-${i}.xml`);
      writeFileSync(file, writeCii(modelOf(body)));
      return file;
    });
    const out = execFileSync(requireShared('official-validator', 'en16931-check'), ['--fx=EN16931', ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const verdicts = out.trim().split('\n').map((l) => JSON.parse(l) as Verdict);
    expect(verdicts).toHaveLength(OFFICIAL_SAMPLE);
    for (const v of verdicts) {
      expect({ file: v.file, xsd: v.xsd, fx_xsd: v.fx_xsd, fatal: v.fatal, sch_error: v.sch_error }).toEqual({ file: v.file, xsd: 'ok', fx_xsd: 'ok', fatal: [], sch_error: undefined });
    }
    // The sample is not trivial: it carries the terms of issue 12.
    const models = bodies.map(modelOf);
    expect(models.some((m) => m.typeCode === '381')).toBe(true);
    expect(models.some((m) => m.allowances.length + m.charges.length > 0)).toBe(true);
    expect(models.some((m) => m.supportingDocuments.some((d) => d.attachment !== undefined))).toBe(true);
    expect(models.some((m) => m.payee !== undefined && m.taxRepresentative !== undefined && m.delivery?.address !== undefined)).toBe(true);
    expect(models.some((m) => m.lines.some((l) => l.price.baseQuantity !== undefined && l.item.attributes.length > 0 && l.item.classifications.length > 0))).toBe(true);
    expect(new Set(models.flatMap((m) => m.vatBreakdown.map((b) => b.category))).size).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
