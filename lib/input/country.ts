/**
 * Country detection for a party (seller BT-40, buyer BT-55), in the order the
 * product decisions fix (DECISIONS.md, "Country"):
 *
 * 1. the explicit `country` field (ISO 3166-1 alpha-2, any case);
 * 2. the VAT identifier's prefix (BT-31 / BT-48), with the VIES prefixes
 *    `EL` read as GR and `XI` (Northern Ireland) as GB;
 * 3. the address: a structured address's `countryCode`, or the country an
 *    address text names (or a British-format postcode implies);
 * 4. a SIRET or SIREN, which only French companies have, implies FR;
 *
 * else nothing: the official rules then report the missing country
 * (BR-09 seller, BR-11 buyer), not this module.
 */
import { detectCountryFromAddress } from './address.js';
import { isCountryCode, normalizeCountryCode } from './iso-3166.js';
import { isPresent } from '../model/presence.js';

/** VAT identifier prefixes that differ from the ISO 3166-1 code of their country. */
const VAT_PREFIX_COUNTRIES: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };

/** Which evidence gave a party's country. */
export type CountrySource = 'country' | 'vatNumber' | 'address' | 'siret';

/** A detected country with the evidence it came from. */
export interface DetectedCountry {
  /** ISO 3166-1 alpha-2 code (BT-40 / BT-55). */
  countryCode: string;
  source: CountrySource;
}

/** The evidence about one party's country, as the client gave it (strings untrimmed are fine). */
export interface PartyCountryEvidence {
  /** Explicit country code. */
  country?: string | undefined;
  /** VAT identifier (BT-31 / BT-48). */
  vatNumber?: string | undefined;
  /** Address text, or a structured address with its country code. */
  address?: string | { countryCode?: string | undefined } | undefined;
  /** French SIRET (14 digits). */
  siret?: string | undefined;
  /** French SIREN (9 digits). */
  siren?: string | undefined;
}

/**
 * Normalises a VAT identifier (BT-31 / BT-48) as VIES writes it: upper case,
 * without spaces, dots, dashes or other separators.
 */
export function normalizeVatNumber(vatNumber: string): string {
  return vatNumber.toUpperCase().replace(/[\s.\-‐‑–_/]/g, '');
}

/**
 * The country a VAT identifier's two-letter prefix gives (BT-31 / BT-48),
 * `EL` -> GR and `XI` -> GB; undefined when the prefix is not a country.
 */
export function countryFromVatNumber(vatNumber: string): string | undefined {
  const prefix = /^[A-Z]{2}/.exec(normalizeVatNumber(vatNumber))?.[0];
  if (prefix === undefined) return undefined;
  const code = VAT_PREFIX_COUNTRIES[prefix] ?? prefix;
  return isCountryCode(code) ? code : undefined;
}


/**
 * Detects a party's country (BT-40 seller / BT-55 buyer) from the evidence in
 * the decided order: explicit country, VAT prefix, address, SIRET/SIREN.
 * Undefined when nothing gives it (BR-09 / BR-11 then report it).
 */
export function detectPartyCountry(evidence: PartyCountryEvidence): DetectedCountry | undefined {
  if (isPresent(evidence.country)) {
    const code = normalizeCountryCode(evidence.country);
    if (code !== undefined) return { countryCode: code, source: 'country' };
  }
  if (isPresent(evidence.vatNumber)) {
    const code = countryFromVatNumber(evidence.vatNumber);
    if (code !== undefined) return { countryCode: code, source: 'vatNumber' };
  }
  const address = evidence.address;
  if (typeof address === 'string') {
    const code = detectCountryFromAddress(address);
    if (code !== undefined) return { countryCode: code, source: 'address' };
  } else if (address !== undefined && isPresent(address.countryCode)) {
    const code = normalizeCountryCode(address.countryCode);
    if (code !== undefined) return { countryCode: code, source: 'address' };
  }
  if (isPresent(evidence.siret) || isPresent(evidence.siren)) return { countryCode: 'FR', source: 'siret' };
  return undefined;
}
