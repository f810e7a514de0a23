/**
 * What a document says about where it comes from: the currencies and the
 * countries it shows. Two readings a printed value leaves open are decided
 * from it, the same way by both extractors (the local field parser and the
 * AWS adapter):
 * - the order of day and month in `12/07/2019` (dates.ts): month first on a US
 *   document;
 * - whether bare digits a reader calls a tax id can be a French SIREN / SIRET
 *   (BT-30 / BT-29) when no label says so (identifiers.ts): only on a French
 *   document.
 */

/** Currencies and countries a document shows. */
export interface DocumentEvidence {
  /** ISO 4217 codes printed (symbols included) or reported by the reader. */
  currencies: ReadonlySet<string>;
  /** ISO 3166-1 alpha-2 codes of its addresses, country fields and VAT prefixes. */
  countries: ReadonlySet<string>;
}

/** Evidence of nothing. */
export const NO_EVIDENCE: DocumentEvidence = { currencies: new Set(), countries: new Set() };

/**
 * Currencies a text shows by code or symbol: `€` / EUR, `$` before an amount
 * or USD, `£` / GBP, CHF. `$` is read as USD, as US documents are by far the
 * most common that print it.
 */
export function currenciesInText(text: string): Set<string> {
  const found = new Set<string>();
  const t = text.toLowerCase();
  if (/€|\beur\b/.test(t)) found.add('EUR');
  if (/\$\s?\d|\busd\b/.test(t)) found.add('USD');
  if (/£|\bgbp\b/.test(t)) found.add('GBP');
  if (/\bchf\b/.test(t)) found.add('CHF');
  return found;
}

/**
 * True when the document is a US one: it shows US dollars or a US address and
 * no other currency or country. Numeric dates are then read month first
 * unless a date of the document proves the other order (dates.ts).
 */
export function isMonthFirstDocument(evidence: DocumentEvidence): boolean {
  const us = evidence.currencies.has('USD') || evidence.countries.has('US');
  const elsewhere = [...evidence.currencies].some((c) => c !== 'USD') || [...evidence.countries].some((c) => c !== 'US');
  return us && !elsewhere;
}

/**
 * True when a French registration number is plausible without a label: a
 * French address or VAT number, or euros and no country at all.
 */
export function isFrenchDocument(evidence: DocumentEvidence): boolean {
  return evidence.countries.has('FR') || (evidence.countries.size === 0 && evidence.currencies.has('EUR'));
}
