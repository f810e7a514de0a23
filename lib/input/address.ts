/**
 * Parsing of one-string postal addresses into the EN 16931 address terms
 * (BG-5 seller / BG-8 buyer: line BT-35/BT-50, line 2 BT-36/BT-51, line 3
 * BT-162/BT-163, city BT-37/BT-52, postcode BT-38/BT-53, subdivision
 * BT-39/BT-54, country BT-40/BT-55).
 *
 * Conventions read (the country's usual way of writing the last address line):
 * - postcode before the city: France (5 digits, CEDEX suffixes kept in the
 *   city), Germany, Spain (5), Italy (5, then an optional province code such as
 *   `RM` or `(RM)`, which becomes the subdivision), Belgium, Switzerland,
 *   Luxembourg, Austria (4), the Netherlands (4 digits + 2 letters), Portugal
 *   (`1000-001`), Poland (`00-950`), Sweden/Czechia/Slovakia/Greece (`114 55`);
 * - postcode after the city: the United Kingdom (outward + inward code,
 *   `SW1A 2AA`), on the city line or on a line of its own; a numeric postcode
 *   written after its city ("Berlin 10115") is read too;
 * - country prefixes on the postcode (`F-75002`, `D-10115`, `CH-8001`,
 *   `L-1111`, `B-1000`, and ISO codes such as `FR-75002`);
 * - the country named at the end, as its own line / comma-separated part or
 *   after the city, in English, French, German, Italian, Spanish, Dutch or
 *   the local language, or as an upper-case ISO 3166-1 code.
 *
 * Parts are separated by commas, semicolons or line breaks. A text whose
 * postcode cannot be found is kept whole in line 1: the parser never throws.
 */
import type { PostalAddress } from '../model/invoice.js';
import { countryCodeFromName, MAX_COUNTRY_NAME_WORDS } from './country-names.js';
import { isCountryCode } from './iso-3166.js';

/** Options of {@link parseAddress}. */
export interface ParseAddressOptions {
  /**
   * The party's country when other evidence already gives it (explicit
   * country, VAT number prefix). It lets the parser read that country's
   * postcode format more leniently (e.g. lower-case Dutch or British
   * postcodes) but is never copied into `countryCode`.
   */
  country?: string;
}

/** Old CEPT vehicle-style postcode prefixes (`F-75002`); two-letter ISO codes (`FR-75002`) are accepted too. */
const POSTCODE_PREFIXES: Readonly<Record<string, string>> = {
  A: 'AT', B: 'BE', CH: 'CH', D: 'DE', DK: 'DK', E: 'ES', F: 'FR', FL: 'LI', H: 'HU', I: 'IT', IRL: 'IE',
  L: 'LU', M: 'MT', MC: 'MC', N: 'NO', NL: 'NL', P: 'PT', PL: 'PL', S: 'SE', SF: 'FI', FIN: 'FI', SK: 'SK',
  CZ: 'CZ', SLO: 'SI', HR: 'HR', RO: 'RO', BG: 'BG', LV: 'LV', LT: 'LT', EST: 'EE', GR: 'GR', AND: 'AD',
  RSM: 'SM', V: 'VA',
};

/** Italian province codes (sigle automobilistiche), including the Sardinian ones still in use. */
const ITALIAN_PROVINCES: ReadonlySet<string> = new Set(
  ('AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN CO CR CS CT CZ EN FC FE FG FI FM ' +
    'FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OG OR OT PA PC PD PE PG PI PN PO PR PT PU ' +
    'PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV').split(' '),
);

/** UK postcode areas that are not the United Kingdom in ISO 3166-1 (Crown Dependencies). */
const UK_AREA_COUNTRIES: Readonly<Record<string, string>> = { JE: 'JE', GY: 'GG', IM: 'IM' };

type PostcodeKind = 'uk' | 'nl' | 'numeric' | 'dashed' | 'spaced';

/** What was found in one address part holding a postcode. */
interface PostcodeMatch {
  kind: PostcodeKind;
  postcode: string;
  /** Text before the postcode in the same part: street for most formats, the post town for the UK. */
  before?: string;
  /** City after the postcode in the same part. */
  city?: string;
  /** Country implied by a postcode prefix such as `F-`. */
  prefixCountry?: string;
}

const UK_POSTCODE = /^(?:(.*\S)\s+)?([A-Z]{1,2}\d[A-Z\d]?)\s?(\d[A-Z]{2})$/;
const UK_POSTCODE_ANY_CASE = new RegExp(UK_POSTCODE.source, 'i');
const NL_POSTCODE = /^(?:(.*\S)\s+)?(NL\s?[-–]\s?)?(\d{4})\s?([A-Z]{2})(?:\s+(\S.*))?$/;
const NL_POSTCODE_ANY_CASE = new RegExp(NL_POSTCODE.source, 'i');
const NUMERIC_POSTCODE = /^(?:(.*\S)\s+)?(?:([A-Z]{1,3})\s?[-–]\s?)?(\d{5}|\d{4})(?:\s+(\D.*))?$/;
const DASHED_POSTCODE = /^(?:(.*\S)\s+)?(\d{4}-\d{3}|\d{2}-\d{3})(?:\s+(\D.*))?$/;
const SPACED_POSTCODE = /^(\d{3} \d{2})\s+(\D.*)$/;
const HOUSE_NUMBER = /^\d{1,3}\s?[A-Za-z]?(?:\s(?:bis|ter|quater))?$/i;

/** The ISO code for a postcode prefix such as `F`, `CH` or `FR`. */
function countryFromPrefix(prefix: string): string | undefined {
  return POSTCODE_PREFIXES[prefix] ?? (isCountryCode(prefix) ? prefix : undefined);
}

/** Finds a postcode in one address part, trying only the formats plausible for `country` (when known). */
function matchPostcode(part: string, country: string | undefined): PostcodeMatch | undefined {
  const ukLike = country === undefined || country === 'GB' || country === 'JE' || country === 'GG' || country === 'IM';
  if (ukLike) {
    const m = (country === undefined ? UK_POSTCODE : UK_POSTCODE_ANY_CASE).exec(part);
    if (m) {
      return { kind: 'uk', postcode: `${m[2]} ${m[3]}`.toUpperCase(), ...(m[1] === undefined ? {} : { before: m[1] }) };
    }
  }
  if (country === undefined || country === 'NL') {
    const m = (country === undefined ? NL_POSTCODE : NL_POSTCODE_ANY_CASE).exec(part);
    // SA, SD and SS are never used in Dutch postcodes.
    if (m && !/^(SA|SD|SS)$/i.test(m[4] ?? '')) {
      return {
        kind: 'nl',
        postcode: `${m[3]} ${m[4]}`.toUpperCase(),
        ...(m[1] === undefined ? {} : { before: m[1] }),
        ...(m[5] === undefined ? {} : { city: m[5] }),
        ...(m[2] === undefined ? {} : { prefixCountry: 'NL' }),
      };
    }
  }
  const numeric = NUMERIC_POSTCODE.exec(part);
  if (numeric) {
    const prefix = numeric[2];
    const prefixCountry = prefix === undefined ? undefined : countryFromPrefix(prefix);
    // A prefix that names no country (e.g. "BP-1234") means this is not a prefixed postcode.
    if (prefix === undefined || prefixCountry !== undefined) {
      return {
        kind: 'numeric',
        postcode: numeric[3] ?? '',
        ...(numeric[1] === undefined ? {} : { before: numeric[1] }),
        ...(numeric[4] === undefined ? {} : { city: numeric[4] }),
        ...(prefixCountry === undefined ? {} : { prefixCountry }),
      };
    }
  }
  const dashed = DASHED_POSTCODE.exec(part);
  if (dashed) {
    return {
      kind: 'dashed',
      postcode: dashed[2] ?? '',
      ...(dashed[1] === undefined ? {} : { before: dashed[1] }),
      ...(dashed[3] === undefined ? {} : { city: dashed[3] }),
    };
  }
  const spaced = SPACED_POSTCODE.exec(part);
  if (spaced) return { kind: 'spaced', postcode: spaced[1] ?? '', city: spaced[2] ?? '' };
  return undefined;
}

/** The country a whole address part names: a country name or an upper-case ISO code (`UK` read as GB). */
function countryOfPart(part: string): string | undefined {
  if (/^[A-Z]{2}$/.test(part)) {
    if (part === 'UK') return 'GB';
    if (isCountryCode(part)) return part;
  }
  return countryCodeFromName(part);
}

/**
 * A country name ending the last part after its city ("75002 Paris France"):
 * the country and the part without it. Only taken when what remains still holds
 * a postcode and a city, so a city named like its country ("L-1111 Luxembourg",
 * "98000 Monaco") stays a city. Two-letter codes after the city are left to
 * {@link splitCityTail}, which tells Italian provinces ("Torino TO") from countries.
 */
function countrySuffix(part: string): { country: string; rest: string } | undefined {
  const words = part.split(' ');
  for (let count = Math.min(MAX_COUNTRY_NAME_WORDS, words.length - 1); count >= 1; count--) {
    const country = countryCodeFromName(words.slice(-count).join(' '));
    if (country === undefined) continue;
    const rest = words.slice(0, -count).join(' ');
    const match = matchPostcode(rest, undefined);
    const hasCity = match !== undefined && (match.kind === 'uk' ? match.before !== undefined : match.city !== undefined);
    if (hasCity) return { country, rest };
  }
  return undefined;
}

/** Splits the text into trimmed, non-empty parts, keeping a lone house number with its street. */
function splitParts(text: string): string[] {
  const raw = text
    .split(/\r\n|[\r\n,;]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '');
  const parts: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const part = raw[i] ?? '';
    const next = raw[i + 1];
    if (HOUSE_NUMBER.test(part) && i === 0 && next !== undefined) {
      // "12, rue de la Paix": the number belongs to the street that follows.
      parts.push(`${part}, ${next}`);
      i++;
    } else if (HOUSE_NUMBER.test(part) && parts.length > 0) {
      // "Via Roma, 1": the number belongs to the street before.
      parts[parts.length - 1] = `${parts[parts.length - 1]}, ${part}`;
    } else {
      parts.push(part);
    }
  }
  return parts;
}

/**
 * Reads what follows the city on its line: an Italian province (`Roma RM`,
 * `Roma (RM)`), a Spanish province in brackets, or an ISO country code
 * (`Berlin DE`).
 */
function splitCityTail(
  city: string,
  postcode: string,
  country: string | undefined,
): { city: string; subdivision?: string; country?: string } {
  const italianLike = /^\d{5}$/.test(postcode) && (country === undefined || country === 'IT');
  const bracketed = /^(.*\S)\s*\(([^()]+)\)$/.exec(city);
  if (bracketed) {
    const [, name = '', inside = ''] = bracketed;
    const code = inside.trim();
    if ((italianLike && ITALIAN_PROVINCES.has(code)) || country === 'ES') return { city: name, subdivision: code };
    return { city };
  }
  const tail = /^(.*\S)\s+([A-Z]{2})$/.exec(city);
  if (tail) {
    const [, name = '', code = ''] = tail;
    if (italianLike && ITALIAN_PROVINCES.has(code)) return { city: name, subdivision: code };
    const named = code === 'UK' ? 'GB' : isCountryCode(code) ? code : undefined;
    if (named !== undefined && (country === undefined || country === named)) return { city: name, country: named };
  }
  return { city };
}

/** Builds the address from its parts, leaving out absent terms. */
function buildAddress(lines: string[], fields: Omit<PostalAddress, 'line1' | 'line2' | 'line3'>): PostalAddress {
  const address: PostalAddress = {};
  const [line1, line2, ...more] = lines;
  if (line1 !== undefined) address.line1 = line1;
  if (line2 !== undefined) address.line2 = line2;
  if (more.length > 0) address.line3 = more.join(', ');
  for (const [key, value] of Object.entries(fields) as Array<[keyof typeof fields, string | undefined]>) {
    if (value !== undefined && value !== '') address[key] = value;
  }
  return address;
}

/**
 * Parses a one-string postal address into address line(s), postcode, city,
 * subdivision and country (BG-5 / BG-8: BT-35..BT-40, BT-50..BT-55, BT-162/163).
 *
 * `countryCode` is set only when the text itself names the country (a country
 * name, an ISO code, or a postcode prefix such as `F-`); a bare 4- or 5-digit
 * postcode is ambiguous and leaves it undefined for the caller to decide with
 * other evidence (see country.ts). A text without a recognisable postcode is
 * returned whole in `line1` (with the country when named). Never throws.
 */
export function parseAddress(text: string, options: ParseAddressOptions = {}): PostalAddress {
  const parts = splitParts(text);
  if (parts.length === 0) return {};
  const whole = parts.join(', ');

  let named: string | undefined;
  const lastPart = parts[parts.length - 1] ?? '';
  const standalone = parts.length > 1 ? countryOfPart(lastPart) : undefined;
  if (standalone !== undefined) {
    named = standalone;
    parts.pop();
  } else {
    const suffix = countrySuffix(lastPart);
    if (suffix) {
      named = suffix.country;
      parts[parts.length - 1] = suffix.rest;
    }
  }
  const known = named ?? options.country;

  let index = -1;
  let match: PostcodeMatch | undefined;
  for (let i = parts.length - 1; i >= 0 && !match; i--) {
    match = matchPostcode(parts[i] ?? '', known);
    if (match) index = i;
  }
  if (!match) return buildAddress([whole], { countryCode: named });

  let lines = parts.slice(0, index);
  let after = parts.slice(index + 1);
  let city: string | undefined;
  if (match.kind === 'uk') {
    if (match.before !== undefined && index > 0) city = match.before;
    else if (match.before !== undefined) lines = [match.before];
    else if (index > 1) {
      // Post town on its own line just above the postcode; the first part stays the street.
      city = lines.pop();
    }
  } else {
    city = match.city;
    if (city === undefined && after.length > 0) {
      city = after[0];
      after = after.slice(1);
    }
    if (city === undefined && match.before !== undefined && !/\d/.test(match.before)) {
      // "Berlin 10115": a city (no digits, unlike a street with its number) written before its postcode.
      city = match.before;
    } else if (match.before !== undefined) {
      lines.push(match.before);
    }
  }

  let subdivision = after.length > 0 ? after.join(', ') : undefined;
  named ??= match.prefixCountry;
  if (city !== undefined && match.kind !== 'uk') {
    const tail = splitCityTail(city, match.postcode, named ?? known);
    city = tail.city;
    subdivision = tail.subdivision ?? subdivision;
    named ??= tail.country;
  }
  return buildAddress(lines, { city, postcode: match.postcode, subdivision, countryCode: named });
}

/**
 * The country an address text gives evidence of (BT-40 / BT-55), for the
 * country detection of country.ts: the country it names (see
 * {@link parseAddress}), else the one a British-format postcode implies
 * (`SW1A 2AA` -> GB; Jersey, Guernsey and Isle of Man postcodes -> JE, GG,
 * IM), a format no other country uses. Bare 4/5-digit postcodes imply nothing.
 */
export function detectCountryFromAddress(text: string): string | undefined {
  const address = parseAddress(text);
  if (address.countryCode !== undefined) return address.countryCode;
  const uk = address.postcode === undefined ? null : /^([A-Z]{1,2})\d[A-Z\d]? \d[A-Z]{2}$/.exec(address.postcode);
  if (!uk) return undefined;
  return UK_AREA_COUNTRIES[uk[1] ?? ''] ?? 'GB';
}
