/**
 * The Factur-X / ZUGFeRD / XRechnung profile of a CII invoice, from its
 * Specification identifier (BT-24, `GuidelineSpecifiedDocumentContextParameter/ID`).
 *
 * Factur-X 1.0 (= ZUGFeRD 2.1) ids:
 * | profile  | BT-24                                                                   |
 * |----------|-------------------------------------------------------------------------|
 * | MINIMUM  | `urn:factur-x.eu:1p0:minimum`                                            |
 * | BASIC WL | `urn:factur-x.eu:1p0:basicwl`                                            |
 * | BASIC    | `urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic`           |
 * | EN 16931 | `urn:cen.eu:en16931:2017`                                                |
 * | EXTENDED | `urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended`        |
 *
 * ZUGFeRD 2.0 used `urn:zugferd.de:2p0:<profile>` in the same places, some
 * producers write `:compliant:` / `:conformant:` instead of the `#` forms, and
 * XRechnung's CII syntax is `urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_<version>`
 * (its extension: `#conformant#urn:xoev-de:kosit:extension:xrechnung_<version>`; since 3.0
 * `...#compliant#urn:xeinkauf.de:kosit:xrechnung_<version>`). Matching is by those
 * markers, case-insensitive, after trimming.
 */
import { EN16931_SPECIFICATION_ID } from '../../model/invoice.js';

/** A CII profile, by the guideline id (BT-24) the document declares. */
export type CiiProfile = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG' | 'UNKNOWN';

/** EN 16931 core specification identifier (BT-24): the EN 16931 (COMFORT) profile. */
const EN16931 = EN16931_SPECIFICATION_ID;

/** XRechnung of KoSIT, any version: `urn:xoev-de:kosit:standard:xrechnung_2.x` (and `:extension:`) up to 2.3, `urn:xeinkauf.de:kosit:xrechnung_3.x` since 3.0. */
const XRECHNUNG = /(?:xoev-de|xeinkauf\.de):kosit:(?:(?:standard|extension):)?xrechnung/;

/** Profile markers inside a Factur-X / ZUGFeRD 2.x guideline id, most specific first. */
const FACTURX_PROFILES: ReadonlyArray<[RegExp, CiiProfile]> = [
  [/(?:factur-x\.eu:1p0|zugferd\.de:2p[0-9]):minimum$/, 'MINIMUM'],
  [/(?:factur-x\.eu:1p0|zugferd\.de:2p[0-9]):basic[-_ ]?wl$/, 'BASIC WL'],
  [/(?:factur-x\.eu:1p0|zugferd\.de:2p[0-9]):basic$/, 'BASIC'],
  [/(?:factur-x\.eu:1p0|zugferd\.de:2p[0-9]):(?:en16931|comfort)$/, 'EN 16931'],
  [/(?:factur-x\.eu:1p0|zugferd\.de:2p[0-9]):extended$/, 'EXTENDED'],
];

/**
 * Maps a Specification identifier (BT-24) to the profile it names;
 * `UNKNOWN` for an absent or unrecognised id (e.g. ZUGFeRD 1.0's
 * `urn:ferd:CrossIndustryDocument:invoice:1p0:comfort`, which is not CII D16B).
 */
export function detectProfile(bt24: string | undefined): CiiProfile {
  const id = (bt24 ?? '').trim().toLowerCase();
  if (id === '') return 'UNKNOWN';
  if (id === EN16931) return 'EN 16931';
  if (XRECHNUNG.test(id)) return 'XRECHNUNG';
  for (const [pattern, profile] of FACTURX_PROFILES) if (pattern.test(id)) return profile;
  return 'UNKNOWN';
}
