/**
 * The second OCR reading of party names (lib/extract/local/index.ts): which tesseract model re-reads a document of a
 * given language, and whether the name it reads replaces the one of the general reading.
 */
import type { DocumentLanguage } from '../field-parser/language.js';
import { partyLanguages } from '../field-parser/ocr-names.js';
import { editDistance, fold } from '../field-parser/text.js';

/**
 * Tesseract models of the second reading of party names, by document language (../field-parser/language.ts).
 * The general reading (fra+eng+deu) loses the letters its models do not hold, or mixes them up: Spanish á, í, ó are
 * in none of the three character sets, a German ö comes back as ô. Measured on the 48 synthetic scans (26 Nov 2026),
 * one language's model alone against fra+eng+deu: Spanish (6 scans) `spa` seller 6/6 (0/6), buyer 5 (2), but invoice
 * number 4/6 (6/6); German (12) `deu` seller 8 (7), buyer 10 (8), number 11 (12), date 10 (11); Italian (6) `ita`
 * seller 4 (4), number 5 (4), date 5 (6); Dutch (6) `nld` seller 5 (5), buyer 4 (3), date 6 (5). Names gain from the
 * language's own model, numbers and dates are read at least as well by the general pass: so the page is read twice
 * and only the seller and buyer names are taken from the second reading. French and English are left to the general
 * reading, whose models are theirs.
 */
export const NAME_PASS_MODELS: Readonly<Partial<Record<DocumentLanguage, string>>> = { es: 'spa', it: 'ita', nl: 'nld', de: 'deu', pl: 'pol' };

/**
 * What a Polish company prints about itself besides its country: its legal form (`Sp. z o.o.`, also as OCR reads it:
 * `Sp. z 0.0.`), its tax and register numbers (`NIP`, `REGON`, `KRS`), the złoty (`PLN`, `zł`), the country's name.
 */
const POLISH_EVIDENCE = /(?<![\p{L}])Sp\.\s?z\s?[o0O]\.\s?[o0O]\.|(?<![\p{L}])(?:NIP|REGON|KRS|PLN|zł|Polska|Poland)(?![\p{L}])/u;

/**
 * The language of the second reading of party names: the language of the document's labels when it has a model
 * ({@link NAME_PASS_MODELS}); else the language of the parties' country, the seller's first, when that country writes
 * one language and it has a model (an invoice with English labels from a Polish or German company names its
 * parties in Polish or German, with letters the general reading lacks: `Zieliński` comes back as `Zielinski`);
 * else Polish when the text shows a Polish company whose country was not read (no VAT prefix, no address): its legal
 * form, NIP, the złoty. Undefined when none of these holds.
 */
export function nameReadingLanguage(labels: DocumentLanguage | undefined, countries: ReadonlyArray<string | undefined>, text: string): DocumentLanguage | undefined {
  if (labels !== undefined && NAME_PASS_MODELS[labels] !== undefined) return labels;
  for (const country of countries) {
    const langs = partyLanguages(country);
    if (langs?.length === 1 && NAME_PASS_MODELS[langs[0] as DocumentLanguage] !== undefined) return langs[0] as DocumentLanguage;
  }
  // No label language or country with a model of its own (a country unread, or one the general reading covers).
  if (POLISH_EVIDENCE.test(text)) return 'pl';
  return undefined;
}

/** Time allowed for starting the worker of the second reading (loading its model), on top of the first reading's. */
export const NAME_PASS_START_MS = 1_500;
/**
 * A name of the second reading without the marks before its first word: a language model alone keeps some specks
 * and rules in front of a line as `=`, `;` or `.` (the general reading, with its confidence filter, drops them).
 */
export function trimLeadingMarks(name: string): string {
  return name.replace(/^[\s.,:;=~_\-\u2013\u2014|!*'"`^]+/u, '');
}

/** Letters and digits of a name, accents and case kept: two names with the same differ only in spaces and punctuation. */
const glyphs = (name: string): string => name.replace(/[^\p{L}\p{N}]/gu, '');

/** Letters and digits of a name, folded (no accents, lower case): two names with the same differ at most in accents. */
const skeleton = (name: string): string => glyphs(fold(name));

/**
 * Whether the name of the second reading replaces the first one's: always when the first reading found none; never
 * when the two differ only in spaces and punctuation (the language model then reads a stray rule or speck as `=` or
 * `;` that the general one left out: 2 of the 48 scans); and otherwise only when it is the same name spelt otherwise
 * (the same letters once accents are folded, or a few letters apart: `Fernandez` -> `Fernández`, `Schréder` ->
 * `Schröder`). A different name altogether means the second reading took another line for the party (a buyer
 * read as the seller's name on 1 of the 48 scans): the first reading's choice stands.
 */
export function chooseName(first: string | undefined, second: string): boolean {
  if (first === undefined || first.trim() === '') return true;
  if (glyphs(first) === glyphs(second)) return false;
  const a = skeleton(first);
  const b = skeleton(second);
  const max = Math.max(2, Math.floor(0.15 * Math.max(a.length, b.length)));
  return editDistance(a, b, max) <= max;
}
