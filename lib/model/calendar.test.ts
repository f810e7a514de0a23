import { describe, expect, it } from 'vitest';
import { daysInMonth } from './calendar.js';

describe('daysInMonth', () => {
  it("agrees with the JavaScript Date's proleptic Gregorian calendar, 1600 to 2400", () => {
    for (let year = 1600; year <= 2400; year++) {
      for (let month = 1; month <= 12; month++) expect(daysInMonth(month, year)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    }
  });

  it('is 0 for an integer outside 1-12 and for NaN', () => {
    for (const month of [0, 13, -1, Number.NaN]) expect(daysInMonth(month, 2024)).toBe(0);
  });
});
