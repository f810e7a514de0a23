/**
 * The SEPA scheme countries (European Payments Council geographical scope),
 * used to choose the default payment means type code (BT-81): 58 "SEPA credit
 * transfer" for an IBAN of a SEPA country, else 30 "Credit transfer".
 */

/**
 * ISO 3166-1 codes that may begin a SEPA IBAN: the EU and EEA states,
 * Switzerland, the United Kingdom, Monaco, San Marino, Vatican City, Andorra,
 * Gibraltar, Jersey, Guernsey, the Isle of Man, Saint-Pierre-et-Miquelon, and
 * the 2024-2025 accessions Albania, Moldova, Montenegro and North Macedonia.
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  ('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE ' +
    'IS LI NO CH GB MC SM VA AD GI JE GG IM PM AL MD ME MK').split(' '),
);

/** True when the IBAN (BT-84) belongs to a SEPA country, judged by its two-letter country prefix. */
export function isSepaIban(iban: string): boolean {
  return SEPA_COUNTRIES.has(iban.replace(/\s+/g, '').slice(0, 2).toUpperCase());
}
