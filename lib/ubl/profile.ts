/**
 * The profile a UBL invoice names by its specification identifier (BT-24,
 * `cbc:CustomizationID`): the EN 16931 core (`urn:cen.eu:en16931:2017`),
 * XRechnung (KoSIT ids, as for CII: lib/cii/reader/profile.ts) or Peppol BIS
 * Billing 3.0 (`urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`,
 * national extensions such as EHF after it). Matching by marker,
 * case-insensitive, after trimming.
 */
import { detectProfile, type CiiProfile } from '../cii/reader/profile.js';

/** A profile label of an XML invoice, either syntax: the CII profiles, and Peppol BIS 3 (UBL). */
export type InvoiceProfile = CiiProfile | 'PEPPOL BIS 3';

/** Peppol BIS Billing 3.0, and the CIUS / extensions built on it. */
const PEPPOL_BIS_3 = /urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/;

/** Maps a UBL specification identifier (BT-24) to the profile it names; `UNKNOWN` when unrecognised. */
export function detectUblProfile(bt24: string | undefined): InvoiceProfile {
  const profile = detectProfile(bt24);
  if (profile !== 'UNKNOWN') return profile;
  return PEPPOL_BIS_3.test((bt24 ?? '').trim().toLowerCase()) ? 'PEPPOL BIS 3' : 'UNKNOWN';
}
