import { describe, expect, it } from 'vitest';
import { buildLines, fold, joinLines, linesFromPlainText, type PositionedItem } from '../../lib/extract/field-parser/text.js';
import { linesFromHtml } from '../../lib/extract/local/word.js';

const item = (text: string, x: number, y: number, width: number, page = 1, height = 10): PositionedItem => ({ text, x, y, width, height, page });

describe('buildLines: positioned text to lines and column chunks', () => {
  it('groups items on one baseline (within half a glyph) into one line, sorted by x', () => {
    const lines = buildLines([item('Total TTC', 300, 500.3, 45), item('Désignation', 50, 400, 55), item('818,64 €', 480, 500, 40)]);
    expect(lines.map((l) => l.chunks.map((c) => c.text))).toEqual([['Désignation'], ['Total TTC', '818,64 €']]);
    expect(lines[1]!.chunks.map((c) => c.x)).toEqual([300, 480]);
  });

  it('joins words separated by a word gap, and kerning fragments without a space', () => {
    const [line] = buildLines([item('Rechnung', 50, 100, 40), item('Nr.', 92, 100, 12), item('4', 107, 100, 5), item('2', 112.2, 100, 5)]);
    expect(line!.chunks.map((c) => c.text)).toEqual(['Rechnung Nr. 42']);
  });

  it('starts a new chunk at a column gap and keeps each chunk offset in the line text', () => {
    const [line] = buildLines([item('Menge', 50, 100, 30), item('Einzelpreis', 120, 100, 50), item('Gesamt', 230, 100, 30)]);
    expect(line!.chunks.map((c) => c.text)).toEqual(['Menge', 'Einzelpreis', 'Gesamt']);
    for (const c of line!.chunks) expect(line!.text.slice(c.start, c.start + c.text.length)).toBe(c.text);
  });

  it('drops a text drawn twice at the same place (fake bold) and keeps pages apart', () => {
    const lines = buildLines([item('Facture', 50, 100, 35), item('Facture', 50.4, 100, 35), item('Facture', 50, 100, 35, 2)]);
    expect(lines.map((l) => [l.page, l.text])).toEqual([
      [1, 'Facture'],
      [2, 'Facture'],
    ]);
  });
});

describe('linesFromPlainText', () => {
  it('splits on runs of blanks or tabs into chunks positioned by column', () => {
    const [line] = linesFromPlainText('Total HT      682,20 €\tEUR', { charWidth: 5 });
    expect(line!.chunks.map((c) => [c.text, c.x])).toEqual([
      ['Total HT', 0],
      ['682,20 €', 70],
      ['EUR', 130],
    ]);
  });
});

describe('linesFromHtml (Word documents through mammoth)', () => {
  it('turns paragraphs into lines, tabs into chunks, table rows into one chunk per cell', () => {
    const lines = linesFromHtml(
      '<p>Facture n°\tFA-1</p><p>Café &amp; Co<br />Paris</p><table><tr><td><p>Désignation</p></td><td><p>Montant</p></td></tr><tr><td><p>Lampe</p></td><td><p>12,00 €</p></td></tr></table>',
    );
    expect(lines.map((l) => l.chunks.map((c) => c.text))).toEqual([['Facture n°', 'FA-1'], ['Café & Co'], ['Paris'], ['Désignation', 'Montant'], ['Lampe', '12,00 €']]);
    expect(lines[3]!.chunks[1]!.x).toBe(lines[4]!.chunks[1]!.x);
  });
});

describe('fold', () => {
  it('lower-cases and strips accents one character for one, so offsets stay valid', () => {
    const text = 'Käufer/Leistungsempfänger – Straße N° 1';
    const folded = fold(text);
    expect(folded).toBe("kaufer/leistungsempfanger - strase n° 1");
    expect(folded.length).toBe(text.length);
  });
});

describe('joinLines: one printed value over several lines, as both extractors write it', () => {
  it.each([
    [['12 rue de la Paix', '75002 Paris'], '12 rue de la Paix, 75002 Paris'],
    [['Annual Subscription to Premier Version with Tax,', 'Inventory and Payroll Plugins'], 'Annual Subscription to Premier Version with Tax, Inventory and Payroll Plugins'],
    [['27, JALAN DEDAP 13,', 'TAMAN JOHOR JAYA,', '81100 JOHOR BAHRU,JOHOR.'], '27, JALAN DEDAP 13, TAMAN JOHOR JAYA, 81100 JOHOR BAHRU,JOHOR.'],
    [['META', '-'], 'META'],
    [['-', 'ACME'], 'ACME'],
    [['Hours of Training Interactive', '-', 'Demos with Q&A Sessions'], 'Hours of Training Interactive - Demos with Q&A Sessions'],
    [['Attn:', 'Ronald Davis'], 'Attn: Ronald Davis'],
    [['  a  b ', '', 'c'], 'a b, c'],
    [['-'], ''],
  ])('%j -> %j', (lines, joined) => {
    expect(joinLines(lines)).toBe(joined);
  });
});
