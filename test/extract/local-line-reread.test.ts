/**
 * The second OCR reading of the lines table (lib/extract/local/index.ts): when a scan's line amounts do not add up to
 * a total without VAT that its VAT and total confirm, the page is read again with automatic page segmentation, and
 * the lines of that reading replace the first ones when they add up; otherwise the first reading stands. The OCR
 * engine is a stand-in here that gives one reading per segmentation mode.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PositionedItem } from '../../lib/extract/field-parser/text.js';

/** What the stand-in engine reads: per mode, lines of cells separated by four spaces or more. */
const readings: { block: string[]; auto: string[] } = { block: [], auto: [] };
const calls: string[] = [];

function items(lines: string[]): PositionedItem[] {
  return lines.flatMap((line, k) =>
    [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], page: 1, x: 12 * m.index, y: 40 * (k + 1), width: 12 * m[0].length, height: 24, confidence: 0.9 })),
  );
}

vi.mock('../../lib/extract/local/ocr.js', () => ({
  OcrEngine: class {
    readonly defaultLanguages = ['fra', 'eng', 'deu'];
    hasLanguage = () => false;
    prepare = (_image: Uint8Array, page: number) => ({ page, input: Buffer.alloc(0) });
    async recognizePrepared(_prepared: unknown, _languages?: readonly string[], options: { segmentation?: 'auto' } = {}) {
      const mode = options.segmentation === 'auto' ? 'auto' : 'block';
      calls.push(mode);
      return { items: items(readings[mode]), confidence: 0.9, width: 1400 };
    }
    async dispose() {}
  },
}));

const { createLocalExtractor, linesAddUpTo, needsLineReread } = await import('../../lib/extract/local/index.js');

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 10, 8, 0, 0, 0, 0]);
const head = ['Pennine Joinery Limited', '4 Mill Lane', 'Leeds LS1 5DL', 'VAT No.: GB123456789', 'Invoice No.: INV-2026-77', 'Date: 12/03/2026'];
const columns = 'Description                  Qty       Unit price      Amount';
const rows = ['Site installation            2         100.00          200.00', 'Training session             3         50.00           150.00', 'Cable tray 3m                5         10.00           50.00'];
const totals = (net: string, vat: string, gross: string) => [`                             Net total                 ${net}`, `                             VAT 20 %                  ${vat}`, `                             Total                     ${gross}`];

const extractor = createLocalExtractor();
afterAll(async () => {
  await extractor.dispose();
});
beforeEach(() => {
  calls.length = 0;
});

describe('the second OCR reading of the lines table', () => {
  it('a row the first reading skipped comes from the second, whose lines add up', async () => {
    readings.block = [...head, columns, rows[0]!, rows[2]!, ...totals('400.00', '80.00', '480.00')];
    readings.auto = [...head, columns, ...rows, ...totals('400.00', '80.00', '480.00')];
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block', 'auto']);
    expect(inv.lines.map((l) => l.netAmount?.value)).toEqual(['200.00', '150.00', '50.00']);
    expect(inv.checks.find((c) => c.name === 'sum-of-lines-vs-total-without-vat')?.ok).toBe(true);
    expect(inv.notes.join(' ')).toMatch(/read a second time/);
  });

  it('lines that add up are read once', async () => {
    readings.block = [...head, columns, ...rows, ...totals('400.00', '80.00', '480.00')];
    readings.auto = [...head, columns, rows[0]!, ...totals('400.00', '80.00', '480.00')];
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block']);
    expect(inv.lines).toHaveLength(3);
  });

  it('a second reading whose lines do not add up either leaves the first', async () => {
    readings.block = [...head, columns, rows[0]!, rows[2]!, ...totals('400.00', '80.00', '480.00')];
    readings.auto = [...head, columns, rows[0]!, ...totals('400.00', '80.00', '480.00')];
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block', 'auto']);
    expect(inv.lines.map((l) => l.netAmount?.value)).toEqual(['200.00', '50.00']);
  });

  it('totals that disagree among themselves call for no second reading', async () => {
    readings.block = [...head, columns, rows[0]!, rows[2]!, ...totals('400.00', '80.00', '999.00')];
    readings.auto = [...head, columns, ...rows, ...totals('400.00', '80.00', '999.00')];
    await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block']);
  });
});

describe('when lines add up', () => {
  const line = (net: string, source?: string) => ({ description: { value: 'x', confidence: 1 }, netAmount: { value: net, confidence: 1, ...(source ? { source } : {}) } });
  it('all read and summing to the total', () => {
    const inv = { lines: [line('200.00'), line('150.00')] } as never;
    expect(linesAddUpTo(inv, '350.00')).toBe(true);
    expect(linesAddUpTo(inv, '350.01')).toBe(false);
  });
  it('never with an amount computed from the total', () => {
    expect(linesAddUpTo({ lines: [line('200.00'), line('150.00', 'computed: the total without VAT less the other lines')] } as never, '350.00')).toBe(false);
  });
  it('a reread is asked only with agreeing totals and lines that do not add up', () => {
    const inv = (checks: Array<{ name: string; ok: boolean }>) => ({ totals: { totalHT: { value: '1', confidence: 1 } }, checks }) as never;
    expect(needsLineReread(inv([{ name: 'total-without-vat-plus-vat', ok: true }, { name: 'sum-of-lines-vs-total-without-vat', ok: false }]))).toBe(true);
    expect(needsLineReread(inv([{ name: 'total-without-vat-plus-vat', ok: true }]))).toBe(true);
    expect(needsLineReread(inv([{ name: 'total-without-vat-plus-vat', ok: true }, { name: 'sum-of-lines-vs-total-without-vat', ok: true }]))).toBe(false);
    expect(needsLineReread(inv([{ name: 'total-without-vat-plus-vat', ok: false }, { name: 'sum-of-lines-vs-total-without-vat', ok: false }]))).toBe(false);
  });
});
