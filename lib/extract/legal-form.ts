/**
 * French legal forms (Code de commerce): on a French invoice the form is
 * printed beside the company's name (its dénomination sociale) but is not
 * part of it; the registry keeps the two apart, and so do the FNFE Factur-X
 * examples (name `Au bon moulin`, printed `Au bon moulin SARL`). A German
 * `GmbH`, by contrast, is part of the company's name (its Firma) by law, so
 * only French parties are split. Shared by every extractor.
 */
import { detectPartyCountry } from '../input/country.js';
import type { ExtractedParty } from './port.js';

const FRENCH_LEGAL_FORM = String.raw`(?:S\.?A\.?R\.?L\.?|SASU|S\.?A\.?S\.?|S\.?A\.?|EURL|SNC|SCI|SCOP|SCA|SCS|SELARL|SELAS|SEL|GIE|EIRL|EI|SEM)`;
const FRENCH_FORM_AFTER = new RegExp(String.raw`^(.*?\S)[\s,]+(?:-\s*)?(${FRENCH_LEGAL_FORM})$`);
const FRENCH_FORM_BEFORE = new RegExp(String.raw`^(${FRENCH_LEGAL_FORM})\s+(\S.*)$`);

/** Splits a French company's printed name into its name and legal form: `Au bon moulin SARL` gives `Au bon moulin` and `SARL`. */
export function splitFrenchLegalForm(text: string): { name: string; legalForm?: string } {
  const t = text.trim();
  const after = FRENCH_FORM_AFTER.exec(t);
  if (after && /\p{L}{2}/u.test(after[1]!)) return { name: after[1]!, legalForm: after[2]! };
  const before = FRENCH_FORM_BEFORE.exec(t);
  if (before && /\p{L}{2}/u.test(before[2]!)) return { name: before[2]!, legalForm: before[1]! };
  return { name: t };
}

/** A party's country: as extracted, else from its VAT number's prefix, else France when it has a SIRET or SIREN (the shared detection, lib/input/country.ts). */
function countryOf(party: ExtractedParty): string | undefined {
  return detectPartyCountry({
    country: party.country?.value,
    vatNumber: party.vatNumber?.value,
    siret: party.siret?.value,
    siren: party.siren?.value,
  })?.countryCode;
}

/**
 * Moves the legal form of each French party's name into `legalForm` (in
 * place). A party whose country is unknown is taken as French when the other
 * party is (a domestic invoice).
 */
export function separateFrenchLegalForms(seller: ExtractedParty, buyer: ExtractedParty): void {
  for (const [party, other] of [[seller, buyer], [buyer, seller]] as const) {
    const own = countryOf(party);
    const french = own !== undefined ? own === 'FR' : countryOf(other) === 'FR';
    if (!party.name || !french) continue;
    const { name, legalForm } = splitFrenchLegalForm(party.name.value);
    if (legalForm !== undefined) {
      party.legalForm = { ...party.name, value: legalForm };
      party.name = { ...party.name, value: name };
    }
  }
}
