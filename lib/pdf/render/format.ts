/**
 * Number, money, percentage and date formatting for the rendered invoice, per
 * language, straight from the Decimal values (never through binary floats):
 *
 * | lang | amount         | quantity | percent | date        |
 * |------|----------------|----------|---------|-------------|
 * | fr   | `1 234,56 €`   | `1 234,5`| `20 %`  | `02/11/2026`|
 * | de   | `1.234,56 €`   | `1.234,5`| `20 %`  | `02.11.2026`|
 * | en   | `€1,234.56`    | `1,234.5`| `20%`   | `2 Nov 2026`|
 *
 * French groups digits with a narrow no-break space (U+202F) and separates
 * the unit with a no-break space (U+00A0), as French typography and CLDR do;
 * German separates the unit with a no-break space. EUR prints `€`, GBP `£`;
 * other currencies their ISO code (`USD 1,234.56`, `1 234,56 CHF`).
 * Negative amounts take a hyphen-minus in front (`-20,00 €`, `-€20.00`).
 */
import type { Decimal } from '../../model/decimal.js';

/** A label language of the renderer. */
export type Lang = 'fr' | 'en' | 'de';

/** Narrow no-break space (French digit groups). */
export const NNBSP = '\u202f';
/** No-break space (before units and %). */
export const NBSP = '\u00a0';

const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  fr: { group: NNBSP, decimal: ',' },
  de: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£' };

/**
 * A decimal in plain notation with at least `minDigits` fraction digits (and
 * all significant ones), digit groups and the language's decimal mark.
 */
export function formatNumber(value: Decimal, lang: Lang, minDigits = 0): string {
  if (!value.isFinite()) return '?';
  const places = Math.max(value.decimalPlaces(), minDigits);
  const fixed = value.abs().toFixed(places);
  const [int = '0', frac] = fixed.split('.');
  const { group, decimal } = SEPARATORS[lang];
  let grouped = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += group;
    grouped += int[i];
  }
  const sign = value.isNegative() && !value.isZero() ? '-' : '';
  return `${sign}${grouped}${frac === undefined ? '' : decimal + frac}`;
}

/** An amount with its currency (2 fraction digits at least; more when the value has them). */
export function formatAmount(value: Decimal, currency: string, lang: Lang): string {
  const n = formatNumber(value.abs(), lang, 2);
  const sign = value.isNegative() && !value.isZero() ? '-' : '';
  const symbol = SYMBOLS[currency];
  if (lang === 'en') return symbol === undefined ? `${sign}${currency}${NBSP}${n}` : `${sign}${symbol}${n}`;
  return `${sign}${n}${NBSP}${symbol ?? currency}`;
}

/** A percentage: `20 %` (fr, de), `20%` (en). */
export function formatPercent(value: Decimal, lang: Lang): string {
  return lang === 'en' ? `${formatNumber(value, lang)}%` : `${formatNumber(value, lang)}${NBSP}%`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO date `YYYY-MM-DD` in the language's form; anything else is returned as is. */
export function formatDate(iso: string | undefined, lang: Lang): string {
  if (iso === undefined) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (m === null) return iso;
  const [, y, mo, d] = m;
  if (lang === 'fr') return `${d}/${mo}/${y}`;
  if (lang === 'de') return `${d}.${mo}.${y}`;
  const month = EN_MONTHS[Number(mo) - 1];
  return month === undefined ? iso : `${Number(d)} ${month} ${y}`;
}

/** An IBAN (or other account id) in groups of four when it looks like an IBAN; else as is. */
export function formatAccount(id: string): string {
  const compact = id.replace(/\s+/g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(compact)) return id;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}
