/**
 * The second OCR reading of the lines table (lib/extract/local/index.ts): when a scan's line amounts do not add up to
 * a total without VAT that its VAT and total confirm, the page is read again with automatic page segmentation, and
 * the lines of that reading replace the first ones when they add up; otherwise the first reading stands. On a page
 * whose words overlap as two printed lines read into one do, a party name that came out glued is read again with the
 * other segmentation. The OCR engine is a stand-in here that gives one reading per segmentation mode.
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

/** Words given as they are for a mode (instead of the lines of `readings`), when set. */
const rawWords: { block?: PositionedItem[]; auto?: PositionedItem[] } = {};

vi.mock('../../lib/extract/local/ocr.js', async (importOriginal) => ({
  // The real helpers (otherSegmentation, overlappingWordPairs), a stand-in engine.
  ...(await importOriginal<typeof import('../../lib/extract/local/ocr.js')>()),
  OcrEngine: class {
    readonly defaultLanguages = ['fra', 'eng', 'deu'];
    readonly segmentation = 'block';
    hasLanguage = () => false;
    prepare = (_image: Uint8Array, page: number) => ({ page, input: Buffer.alloc(0) });
    async recognizePrepared(_prepared: unknown, _languages?: readonly string[], options: { segmentation?: 'auto' | 'block' } = {}) {
      const mode = options.segmentation === 'auto' ? 'auto' : 'block';
      calls.push(mode);
      return { items: rawWords[mode] ?? items(readings[mode]), confidence: 0.9, width: 1400 };
    }
    async dispose() {}
  },
}));

const { createLocalExtractor, linesAddUpTo, needsLineReread } = await import('../../lib/extract/local/index.js');
const { overlappingWordPairs } = await import('../../lib/extract/local/ocr.js');

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
  delete rawWords.block;
  delete rawWords.auto;
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

describe('a garbled first reading', () => {
  // What tesseract's single-block reading made of a German window-envelope letter (an ERP-family scan): the buyer's
  // line cut in two and each half read against the next line, with the information block beside it.
  const word = (text: string, x: number, y: number, width: number, height = 50): PositionedItem => ({ text, page: 1, x, y, width, height, confidence: 0.9 });
  const garbled = [
    word('Fi', 163, 448, 17), word('Bäckerei', 243, 448, 104), word('Schäf', 388, 448, 39), word('haft', 517, 448, 48), word('Kunden-Nr.', 974, 448, 130),
    word('irma', 178, 468, 52), word('Bac', 259, 468, 26), word('erei', 302, 468, 45), word('Sc', 359, 468, 26), word('afer', 404, 468, 48), word('Datum', 974, 468, 77),
  ];
  const total = (y: number) => [word('Total', 900, y, 80), word('121.00', 1200, y, 90)];
  const clean = [
    word('Firma', 163, 468, 67), word('Bäckerei', 243, 468, 104), word('Schäfer', 359, 468, 93), word('UG', 462, 468, 34), word('Datum', 974, 468, 77),
    word('Invoice', 163, 520, 90), word('No.:', 260, 520, 50), word('R-12', 320, 520, 60), word('Date:', 974, 520, 60), word('12/03/2026', 1050, 520, 130),
  ];

  it('counts the words that overlap on one line, none in a clean reading', () => {
    expect(overlappingWordPairs(garbled)).toBeGreaterThanOrEqual(4);
    expect(overlappingWordPairs(clean)).toBe(0);
    // Words on lines of their own may stand over each other.
    expect(overlappingWordPairs([word('Firma', 163, 448, 67), word('Firma', 163, 520, 67)])).toBe(0);
  });

  // The letter around it: the sender line, the window's other lines, the number, date and totals.
  const letter = (window: PositionedItem[]): PositionedItem[] => [
    word('Holzbau', 163, 380, 90, 30), word('Weber', 260, 380, 70, 30), word('GmbH', 340, 380, 60, 30), word('·', 410, 380, 8, 30), word('Gartenweg', 425, 380, 110, 30), word('3', 545, 380, 10, 30), word('·', 565, 380, 8, 30), word('70173', 580, 380, 60, 30), word('Stuttgart', 650, 380, 100, 30),
    ...window,
    word('Lindenallee', 163, 560, 130), word('12', 300, 560, 25), word('80331', 163, 610, 70), word('München', 240, 610, 100),
    word('Rechnung', 163, 700, 110), word('Nr.', 280, 700, 40), word('RE-2026-00311', 330, 700, 180), word('Datum:', 974, 700, 80), word('03.08.2026', 1060, 700, 130),
    word('Pos', 163, 800, 40), word('Bezeichnung', 240, 800, 140), word('Menge', 700, 800, 70), word('Preis', 900, 800, 60), word('Betrag', 1200, 800, 80),
    word('1', 163, 850, 12), word('Einbauschrank', 240, 850, 160), word('1', 720, 850, 12), word('2.000,00', 900, 850, 110), word('2.000,00', 1200, 850, 110),
    word('Nettobetrag', 700, 900, 140), word('2.000,00', 1200, 900, 110), word('MwSt.', 700, 950, 70), word('19', 780, 950, 25), word('%', 810, 950, 20), word('380,00', 1220, 950, 90),
    word('Gesamtbetrag', 700, 1000, 150), word('2.380,00', 1200, 1000, 110),
  ];
  const cleanWindow = [word('Bäckerei', 163, 468, 104), word('Schäfer', 280, 468, 93), word('UG', 385, 468, 34), word('Kunden-Nr.', 974, 468, 130), word('C40231', 1429, 468, 89)];

  it('a glued name of a garbled page is read again with the other segmentation, and replaced', async () => {
    rawWords.block = letter(garbled);
    rawWords.auto = letter(cleanWindow);
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block', 'auto']);
    expect(inv.buyer.name?.value).toBe('Bäckerei Schäfer UG');
    expect(inv.buyer.name?.source).toMatch(/auto page segmentation/);
    // Everything else comes from the first reading.
    expect(inv.invoiceNumber?.value).toBe('RE-2026-00311');
  });

  it('a second reading whose name is glued too leaves the first', async () => {
    rawWords.block = letter(garbled);
    rawWords.auto = letter(garbled);
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block', 'auto']);
    expect(inv.buyer.name?.source ?? '').not.toMatch(/re-read/);
  });

  it('a clean page is read once', async () => {
    rawWords.block = letter(cleanWindow);
    rawWords.auto = letter(garbled);
    const inv = await extractor.extract({ bytes: PNG, mimeType: 'image/png' });
    expect(calls).toEqual(['block']);
    expect(inv.buyer.name?.value).toBe('Bäckerei Schäfer UG');
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
