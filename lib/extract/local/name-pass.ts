/**
 * The second OCR reading of party names (lib/extract/local/index.ts): which tesseract model re-reads a document of a
 * given language, and whether the name it reads replaces the one of the general reading.
 */
import type { DocumentLanguage } from '../field-parser/language.js';
import { stripSalutation } from '../field-parser/labels.js';
import { partyLanguages } from '../field-parser/ocr-names.js';
import { isNameLike } from '../field-parser/parties.js';
import { editDistance, fold, type TextDocument } from '../field-parser/text.js';

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

/** Legal forms and name particles whose capitals inside a word are as written (`GmbH`, `KGaA`, `McDonald`). */
const CAPITALS_INSIDE = /GmbH|mbH|KGaA|AöR|SpA|(?<![\p{L}])Ma?c(?=\p{Lu})/gu;

/**
 * Whether an OCR name looks glued to the text around it, as a garbled reading makes names (a printed line cut and its
 * halves read against the next line's, ../local/ocr.ts overlappingWordPairs): a run of letters with a capital after a
 * small letter inside it, long (14 letters or more: `BäckereiBäcerei`) or twice (`VotreGarnierpartenaire...`), not
 * counting legal forms and name particles written so (`GmbH`, `McDonald`), as brand names are (`MediaMarkt`,
 * `PayPal`); three letters glued to digits (`depuis1998`, not `B2B`); an ampersand glued to three letters
 * (`Krüger&Schneider`, `Richter& Schneider`, not `AT&T`). False for no name.
 */
export function looksGlued(name: string | undefined): boolean {
  if (name === undefined) return false;
  const bare = name.replace(CAPITALS_INSIDE, ' ');
  const camel = (bare.match(/\p{L}+/gu) ?? []).some((run) => {
    const junctions = run.match(/\p{Ll}\p{Lu}/gu)?.length ?? 0;
    return junctions >= 2 || (junctions === 1 && run.length >= 14);
  });
  return camel || /\p{L}{3}\d|\d\p{L}{3}/u.test(bare) || /\p{L}{3}&|&\p{L}{3}/u.test(bare);
}

/** Whether the letters of `short` appear in `long` in the same order (other letters between them allowed). */
function isSubsequence(short: string, long: string): boolean {
  let k = 0;
  for (let i = 0; i < long.length && k < short.length; i++) if (long[i] === short[k]) k += 1;
  return k === short.length;
}

/**
 * The name a glued name ({@link looksGlued}) was read from, found in another reading of the page: a name-like text
 * of that reading (a chunk of a line) whose letters all stand, in order, among the glued name's and make most of
 * them (a garbled reading interleaves the name's letters with the next line's: `Fiirma BäckereiBacerei ScSchäfafer`
 * holds `Firma Bäckerei Schäfer`), without its salutation; the longest such text. Undefined when none does.
 */
export function ungluedName(glued: string, reading: TextDocument): string | undefined {
  const letters = skeleton(glued);
  let best: { text: string; length: number } | undefined;
  for (const line of reading.lines) {
    for (const chunk of line.chunks) {
      const own = skeleton(chunk.text);
      if (own.length < 6 || own.length < 0.55 * letters.length || (best && own.length <= best.length)) continue;
      if (!isSubsequence(own, letters) || looksGlued(chunk.text) || !isNameLike(chunk.text)) continue;
      best = { text: stripSalutation(chunk.text).trim(), length: own.length };
    }
  }
  return best?.text;
}
