import { describe, expect, it } from 'vitest';
import { detectDateOrder, findDates, parseDate, type DateOrder } from '../../lib/extract/field-parser/dates.js';

describe('parseDate: invoice date formats to ISO', () => {
  it.each<[string, string]>([
    ['12/11/2026', '2026-11-12'],
    ['12.11.2026', '2026-11-12'],
    ['12-11-2026', '2026-11-12'],
    ['2026-11-12', '2026-11-12'],
    ['2026/11/12', '2026-11-12'],
    ['12.11.26', '2026-11-12'],
    ['1.3.2026', '2026-03-01'],
    ['12 novembre 2026', '2026-11-12'],
    ['1er mars 2026', '2026-03-01'],
    ['3 août 2026', '2026-08-03'],
    ['12 déc. 2026', '2026-12-12'],
    ['12. November 2026', '2026-11-12'],
    ['3. März 2026', '2026-03-03'],
    ['17. Jänner 2026', '2026-01-17'],
    ['Nov 12, 2026', '2026-11-12'],
    ['November 12 2026', '2026-11-12'],
    ['12 Dec 2026', '2026-12-12'],
    ['12-Nov-2026', '2026-11-12'],
    ['15th of March 2026', '2026-03-15'],
    ['29.02.2028', '2028-02-29'],
    // Issue 13: written forms in English, Dutch, Spanish and Italian.
    ['August 3 , 2014', '2014-08-03'],
    ['Aug 3,2014', '2014-08-03'],
    ['3 augustus 2024', '2024-08-03'],
    ['3 mei 2024', '2024-05-03'],
    ['17 maart 2025', '2025-03-17'],
    ['3 de agosto de 2024', '2024-08-03'],
    ['1º de mayo del 2024', '2024-05-01'],
    ['15 dic. 2023', '2023-12-15'],
    ['3 agosto 2024', '2024-08-03'],
    ['21 settembre 2025', '2025-09-21'],
    ['12/nov/2026', '2026-11-12'],
    ['03-08-2024', '2024-08-03'],
  ])('%j -> %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each(['31.02.2026', '29.02.2027', '2026-13-01', '00.01.2026', '12.11.1850', 'RE-20140703/502', '20180305', '1.234,56', 'abc'])('%j is no date', (text) => {
    expect(parseDate(text)).toBeUndefined();
  });

  it('reads day first unless the document is in US English', () => {
    expect(parseDate('11/05/2026')).toBe('2026-05-11');
    expect(parseDate('11/05/2026', { order: 'MDY' })).toBe('2026-11-05');
  });

  it('reads month first when day first is impossible, and flags what a date proves', () => {
    const [d] = findDates('Invoice date 11/25/2026');
    expect(d?.iso).toBe('2026-11-25');
    expect(d?.proves).toBe('MDY');
    expect(findDates('05/03/2018')[0]?.ambiguous).toBe(true);
    expect(findDates('05.03.2018')[0]?.ambiguous).toBe(false);
    expect(findDates('25.03.2018')[0]?.proves).toBe('DMY');
  });

  it('never reads a dotted date month first', () => {
    expect(parseDate('05.13.2026', { order: 'MDY' })).toBeUndefined();
  });

  it('finds several dates in a line, with their offsets', () => {
    const text = 'Leistungszeitraum: 01.10.2018 bis 31.10.2018';
    const dates = findDates(text);
    expect(dates.map((d) => d.iso)).toEqual(['2018-10-01', '2018-10-31']);
    for (const d of dates) expect(text.slice(d.index, d.index + d.length)).toBe(d.raw);
  });
});

describe('detectDateOrder', () => {
  it.each<[string[], boolean, DateOrder]>([
    [['Date: 11/25/2026'], false, 'MDY'],
    [['Date: 11/05/2026'], true, 'MDY'],
    [['Date: 11/05/2026'], false, 'DMY'],
    [['Date: 25/11/2026', 'Due: 11/05/2026'], true, 'DMY'],
  ])('%j (US context %s) -> %s', (texts, us, order) => {
    expect(detectDateOrder(texts, us)).toBe(order);
  });
});
