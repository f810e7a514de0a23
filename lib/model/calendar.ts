/** The Gregorian calendar, as XML Schema dates and the official rule files count it. */

/** The number of days of a month (an integer, 1-12) of a year; 0 for another integer or NaN. */
export function daysInMonth(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  if (month === 4 || month === 6 || month === 9 || month === 11) return 30;
  return month >= 1 && month <= 12 ? 31 : 0;
}
