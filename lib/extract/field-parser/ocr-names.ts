/**
 * Repairs of party names (BT-27, BT-44) read by OCR: the misreadings OCR makes of legal forms and of letters, undone
 * from what the rest of the document shows, never from a list of names.
 *
 * - Legal forms misspelled in known ways are given their canonical spelling: `Sp. z 0.0.` is `Sp. z o.o.`, `6mbH` is
 *   `GmbH`, `S.r.1.` is `S.r.l.`, `Put. Ltd.` is `Pvt. Ltd.`, `Särl` is the Swiss `Sàrl` (and `Sarl` too on a Swiss
 *   document: the grave accent is what the fra+eng+deu models lose), a form glued to the name (`TextilesPvt.`) is set
 *   apart (`Fischere.K.`: `Fischer e.K.`), a period read after a form's own is dropped (`S.L..`) ({@link
 *   repairOcrLegalForms} on the text before it is parsed, length for length, so that the parser sees a legal form;
 *   {@link repairOcrName} on the name chosen).
 * - An `l` read for a capital `I` at the start of a word (`Sai lyer`) becomes `I` when the document spells the word
 *   with `I` elsewhere: another line, an e-mail address or a web domain (`info@sai-iyer-logistics.in`).
 * - Accents: a word of the name printed elsewhere in the document with its accents (`Schröder` in the footer for
 *   `Schroder` in the letterhead) takes them; of two spellings that differ in accents, a letter the party's
 *   language does not write (`ô` in a Spanish name, `ò` in a Dutch one) marks the misreading.
 * - The first letter of a word set apart by OCR (`J ones`) is joined to it again.
 * - Marks OCR reads from rules and specks around a name (`- Reformas López S.L.`, `Brown & Taylor LLP -`) and a few
 *   letters of noise after its final legal form are dropped.
 */
import { fold, type TextDocument, type TextLine } from './text.js';

/**
 * Misreadings of legal forms, each replaced by a form of the same length (so offsets into a line stay right):
 * digits for letters (`0` for `o`, `6` for `G`, `1` for `l`, `8` for `B`, `5` for `S`), a `u` for a `v`, and the
 * accents of `Sàrl`.
 */
const SAME_LENGTH_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\p{Lu}\p{N}])Sp\. ?z ?[o0O]\.[o0O]\.(?![\p{L}\p{N}])/gu, ''],
  [/(?<![\p{L}\p{N}])[G6][mn][bh][HB](?![\p{L}\p{N}])/gu, 'GmbH'],
  [/(?<![\p{L}\p{N}])S\.[rR]\.[1lIi|]\.(?![\p{L}\p{N}])/gu, 'S.r.l.'],
  // `Ltd` with its t read as i, l or 1 (`Acme Lid`), as the last word of a name.
  [/(?<=\p{L}\s)(?<!(?:^|\s)(?:[Vv]an|[Dd]e[rn]?|[Vv]on|[Ll][ae]|[Dd]u)\s)L[il1|]d(?=\.?$)/gu, 'Ltd'],
  [/(?<![\p{Lu}\p{N}])P[uv]t\.(?= ?L[tT][dD])/gu, 'Pvt.'],
  [/(?<![\p{L}\p{N}])S[äâáãå]rl(?![\p{L}\p{N}])/gu, 'Sàrl'],
  [/(?<![\p{L}\p{N}])B\.[VY]\.(?![\p{L}\p{N}])/gu, 'B.V.'],
  [/(?<![\p{L}\p{N}])Ap[sS5](?![\p{L}\p{N}])/gu, 'ApS'],
  [/(?<![\p{L}\p{N}])[O0]y(?![\p{L}\p{N}])/gu, 'Oy'],
  [/(?<![\p{L}\p{N}])A[B8](?![\p{L}\p{N}])/gu, 'AB'],
];

/** The canonical spelling of a same-length legal form match (`Sp. z 0.0.` keeps its own spaces). */
function canonical(match: string, replacement: string): string {
  if (replacement !== '') return replacement;
  return match.replace(/[0O]/g, 'o');
}

/** Words that tell a Swiss document: the country, its company numbers (CHE-), its VAT labels, its franc. */
const SWISS = /(?<![\p{L}])(?:Schweiz|Suisse|Svizzera|Switzerland|CHF)(?![\p{L}])|CHE[-\s]?\d{3}[.\s]?\d{3}|(?<![\p{L}])CH-\d{4}\s/u;

/** True when the document shows it is Swiss (where the legal form is written `Sàrl`). */
export function isSwissDocument(docs: readonly TextDocument[]): boolean {
  return docs.some((d) => d.lines.some((l) => SWISS.test(l.text)));
}

/** A legal form spelled in mixed case `Sarl` (the French write `SARL`; the Swiss `Sàrl`, whose grave OCR loses). */
const MIXED_SARL = /(?<![\p{L}\p{N}])Sarl(?![\p{L}\p{N}])/gu;

/** Applies the same-length repairs to one text. */
function repairFormsInText(text: string, swiss: boolean): string {
  let out = text;
  for (const [re, replacement] of SAME_LENGTH_FORMS) out = out.replace(re, (m) => canonical(m, replacement));
  if (swiss) out = out.replace(MIXED_SARL, 'Sàrl');
  return out;
}

/**
 * The number sign after a document word that OCR reads as a digit (`Factura nº` read `Factura n2`, `n9`): put back
 * where a number follows, so the label is one (`Factura n2 F2024-3882` gave `n2` for the invoice number).
 */
const NUMBER_SIGN_READ_AS_DIGIT = /(?<![\p{L}])((?:factura|fattura|facture|fatura|nota|avoir|abono|rechnung|invoice|pedido|albar[aá]n)\s+[nN])[29](?=\s+\S*\d)/giu;
/** The `ó` of Spanish `-ción` / `-sión` read as another accented vowel (`Fecha de emisién`, `operacién`, `Constituciôn`). */
const SPANISH_ION = /(?<=\p{L}[cs]i)[éèêëôöò](?=n(?![\p{L}]))/gu;
/** `Nr.` read `or.` after a document word of the languages that abbreviate number so (`Factuur or. FA-2025-1269`). */
const NR_READ_AS_OR = /(?<![\p{L}])((?:factuur|rechnung|faktura|creditnota|gutschrift)\s+)or(?=\.?\s+\S*\d)/giu;

/**
 * The text of an OCR reading with the misspelled legal forms it holds spelled right, length for length (chunk
 * offsets stay valid), so the parser sees them as legal forms (`Kowalski Logistyka Sp. z 0.0.` is a company name);
 * a number sign read as a digit after a document word is put back the same way (`Factura n2` -> `Factura nº`,
 * `Factuur or.` -> `Factuur nr.`), and the `ó` of Spanish `-ción` / `-sión` read as another accented vowel.
 */
export function repairOcrLegalForms(doc: TextDocument): TextDocument {
  const swiss = isSwissDocument([doc]);
  let changed = false;
  const lines = doc.lines.map((l): TextLine => {
    const text = repairFormsInText(l.text, swiss).replace(NUMBER_SIGN_READ_AS_DIGIT, '$1º').replace(NR_READ_AS_OR, '$1nr').replace(SPANISH_ION, 'ó');
    if (text === l.text) return l;
    changed = true;
    return { ...l, text, chunks: l.chunks.map((c) => ({ ...c, text: text.slice(c.start, c.start + c.text.length) })) };
  });
  return changed ? { ...doc, lines } : doc;
}

/** Letters with accents each language writes (lower case); a party's name is written with those of its country's languages. */
const LETTERS: Readonly<Record<string, string>> = {
  fr: 'àâäçéèêëîïôöùûüÿœæ',
  de: 'äöüß',
  es: 'áéíóúüñ',
  it: 'àèéìíîòóùú',
  nl: 'áéèëïóöüú',
  pl: 'ąćęłńóśźż',
  pt: 'ãáâàçéêíóôõú',
  da: 'æøåé',
  no: 'æøåé',
  sv: 'åäöé',
  fi: 'äöå',
  cs: 'áčďéěíňóřšťúůýž',
  en: '',
};
const COUNTRY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  FR: ['fr'], BE: ['fr', 'nl', 'de'], LU: ['fr', 'de'], MC: ['fr'], CH: ['de', 'fr', 'it'], LI: ['de'], DE: ['de'], AT: ['de'],
  ES: ['es'], IT: ['it'], SM: ['it'], NL: ['nl'], PL: ['pl'], PT: ['pt'], DK: ['da'], NO: ['no'], SE: ['sv'], FI: ['fi', 'sv'],
  CZ: ['cs'], GB: ['en'], IE: ['en'], US: ['en'], IN: ['en'],
};

/** The languages (ISO 639-1) a party of that country writes its name in; undefined when the country is unknown or unlisted. */
export function partyLanguages(country: string | undefined): readonly string[] | undefined {
  return country === undefined ? undefined : COUNTRY_LANGUAGES[country];
}

/** The accented letters a party of that country writes its name with; undefined when the country is unknown or unlisted. */
export function nameLetters(country: string | undefined): Set<string> | undefined {
  const langs = partyLanguages(country);
  // English names borrow accented words freely (`Café`, `Crème`): no letter is foreign to them.
  if (!langs || langs.includes('en')) return undefined;
  return new Set(langs.flatMap((l) => [...(LETTERS[l] ?? '')]));
}

/** What a document shows about the spellings of its words, gathered once for {@link repairOcrName}. */
export interface NameEvidence {
  /** Spellings of each word (folded key), how often each is printed, per reading (0 the general one, 1 the second). */
  spellings: Map<string, Map<string, number[]>>;
  /** Words of the e-mail addresses and web domains printed (folded: `sai`, `iyer`, `logistics`). */
  domainWords: Set<string>;
  /** The document is Swiss (`Sàrl`). */
  swiss: boolean;
  /** The text of every line, blanks collapsed, to find another occurrence of a name. */
  lines: string[];
}

const WORD = /\p{L}[\p{L}\p{M}'’]*/gu;
const DOMAIN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|(?:www\.|https?:\/\/)[\p{L}\p{N}.-]+/gu;

/** Gathers the evidence of one or more readings of a document (the general reading first). */
export function gatherNameEvidence(docs: readonly TextDocument[]): NameEvidence {
  const spellings = new Map<string, Map<string, number[]>>();
  const domainWords = new Set<string>();
  docs.forEach((doc, reading) => {
    for (const l of doc.lines) {
      for (const m of l.text.matchAll(WORD)) {
        const word = m[0];
        const key = fold(word);
        let byWord = spellings.get(key);
        if (!byWord) spellings.set(key, (byWord = new Map()));
        const counts = byWord.get(word) ?? [0, 0];
        counts[Math.min(reading, 1)]! += 1;
        byWord.set(word, counts);
      }
      for (const m of l.text.matchAll(DOMAIN)) for (const w of fold(m[0]).split(/[^a-z]+/)) if (w.length >= 3) domainWords.add(w);
    }
  });
  const lines = docs.flatMap((d) => d.lines.map((l) => l.text.replace(/\s+/g, ' ')));
  return { spellings, domainWords, swiss: isSwissDocument(docs), lines };
}

const accented = (word: string): string[] => [...word.toLowerCase()].filter((ch) => /[^\x00-\x7f]/.test(ch) && /\p{L}/u.test(ch));

/**
 * The spelling of one word of a name: the general reading's or the second's, with or without accents, as the
 * document shows it (see the module comment). `preferSecond`: the second reading was made with the model of the
 * party's language, so a tie between spellings goes to it.
 */
function respell(word: string, evidence: NameEvidence, letters: Set<string> | undefined, preferSecond: boolean): string {
  if (word.length < 3) return word;
  const fits = (w: string): boolean => letters === undefined || accented(w).every((ch) => letters.has(ch) || ch === 'ß');
  const variants = evidence.spellings.get(fold(word));
  if (!variants || (variants.size === 1 && variants.has(word))) return fits(word) ? word : toLetters(word, letters!);
  // Spellings that differ from the word in accents only (`SARL` is not a spelling of `Sarl`).
  const bare = (w: string): string => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const all = [...new Set([word, ...variants.keys()])].filter((w) => bare(w) === bare(word));
  const fitting = all.filter(fits);
  if (fitting.length === 0) return letters === undefined ? word : toLetters(word, letters);
  // OCR drops accents far more often than it invents them: a spelling with accents the party writes wins.
  const withAccents = fitting.filter((w) => accented(w).length > 0);
  const pool = withAccents.length > 0 ? withAccents : fitting;
  const count = (w: string): number => (variants.get(w) ?? [0, 0]).reduce((a, b) => a + b, 0);
  const inReading = (w: string, r: number): number => (variants.get(w) ?? [0, 0])[r] ?? 0;
  const ranked = [...pool].sort((a, b) => count(b) - count(a) || (preferSecond ? inReading(b, 1) - inReading(a, 1) : inReading(b, 0) - inReading(a, 0)) || (a === word ? -1 : b === word ? 1 : 0));
  return ranked[0]!;
}

/**
 * A word with the accented letters its party does not write replaced by the one letter of the same base it does
 * write (`Kamiñski` of a Polish party is `Kamiński`: Polish writes no ñ and one accented n), or by the bare letter
 * when it writes several (`Elektrò` of a Dutch party is `Elektro`); a letter whose base the language never accents
 * is a foreign word's and stays (`Café` in a German name).
 */
function toLetters(word: string, letters: Set<string>): string {
  return [...word]
    .map((ch) => {
      const lower = ch.toLowerCase();
      if (!/[^\x00-\x7f]/.test(ch) || !/\p{L}/u.test(ch) || letters.has(lower) || lower === 'ß') return ch;
      const base = lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base.length !== 1 || !/[a-z]/.test(base)) return ch;
      const same = [...letters].filter((l) => l.normalize('NFD').replace(/[\u0300-\u036f]/g, '') === base);
      // A letter of a base the language never accents is a foreign word's (`Café` in a German name): kept.
      if (same.length === 0) return ch;
      const out = same.length === 1 ? same[0]! : base;
      return ch === lower ? out : out.toUpperCase();
    })
    .join('');
}

/** Legal forms a name ends with, for the noise after them and for forms glued to the word before. */
const FINAL_FORM =
  /(?:GmbH(?: & Co\. KG)?|mbH|e\.K\.|AG|KG|UG|SE|S\.A\.S\.|S\.A\.|S\.L\.U\.|S\.L\.|S\.r\.l\.|S\.p\.A\.|SARL|Sàrl|SAS|SASU|EURL|B\.V\.|N\.V\.|V\.O\.F\.|Ltd\.?|Limited|LLP|LLC|PLC|Inc\.?|Corp\.?|Pvt\. Ltd\.|Private Limited|Sp\. z o\.o\.|S\.A|A\/S|ApS|AB|Oy|AS|SA|SRL|BV|NV)/u;
const GLUED_FORM = new RegExp(String.raw`(\p{Ll})(${FINAL_FORM.source})(?=$|\s)`, 'u');
/** A mark glued to a final legal form (`Harrow & FinchLLP-`): no part of the name. */
const GLUED_NOISE_AFTER_FORM = new RegExp(String.raw`(${FINAL_FORM.source})[-–—_~,;:'"]+$`, 'u');
const NOISE_AFTER_FORM = new RegExp(String.raw`(${FINAL_FORM.source})(?:\s+[^\s\p{Ll}]{1,3})+$`, 'u');
/** A final legal form ending in a period, with a speck read as one more (`S.L..`, `Ltd..`): the form's own is kept. */
const EXTRA_PERIOD_AFTER_FORM = new RegExp(String.raw`(${FINAL_FORM.source})(?<=\.)[.,]+$`, 'u');

/** Marks read from rules, boxes and specks before and after a name. */
const LEADING_MARKS = /^[\s\-–—=|;:,~_©®*"`“”.»«]+/u;
const TRAILING_MARKS = /(?:\s+[-–—=|;:,~_©®*'"`“”‘’»«]+)+$/u;

/**
 * A name with a fragment of another line glued into it by OCR (`PedersenSince1987 Data`: a slogan printed over the
 * letterhead): the glued part holding digits is dropped when the document prints the name without it elsewhere
 * (`Account holder: Pedersen Data`).
 */
function withoutGluedFragment(name: string, evidence: NameEvidence): string {
  if (!/\p{Ll}\p{Lu}[\p{L}]*\d/u.test(name)) return name;
  const candidate = name
    .split(' ')
    .map((word) => word.split(/(?<=\p{Ll})(?=\p{Lu})/u).filter((part) => !/\d/.test(part)).join(''))
    .filter((word) => word !== '')
    .join(' ');
  if (candidate === name || !/\p{L}{2}/u.test(candidate)) return name;
  const escaped = candidate.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const printed = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
  return evidence.lines.some((l) => printed.test(l)) ? candidate : name;
}

/**
 * A word whose first letter OCR set apart (`Thomas & J ones Limited`, `J ardinería`): a capital consonant standing
 * alone before a word in lower case. In a company name the words are capitalised, and a lone capital is an initial
 * with its period (`J. Smith`) or a word of its own (the vowels: `A`, `E`, `I`, `O`, `U`, `Y` are words in the
 * languages read), so the two are one word.
 */
const SPLIT_INITIAL = /(?<![\p{L}\p{N}.&'’-])([B-DF-HJ-NP-TV-XZ]) (\p{Ll}{2,})(?![\p{L}\p{N}])/gu;

/** Options of {@link repairOcrName}. */
export interface RepairNameOptions {
  /** The party's country (ISO 3166-1), for the letters its name may hold. */
  country?: string;
  /** A second reading with the party's own language model is among the evidence: ties of spelling go to it. */
  preferSecond?: boolean;
}

/** A party name read by OCR, repaired from what the document shows (see the module comment). */
export function repairOcrName(name: string, evidence: NameEvidence, options: RepairNameOptions = {}): string {
  let out = name.replace(LEADING_MARKS, '').replace(TRAILING_MARKS, '').replace(/\s+/g, ' ').trim();
  if (out === '') return name;
  out = repairFormsInText(out, evidence.swiss);
  // Forms misread beyond a letter for a letter: `Saärl`, `Put.Ltd.`, `Sp.z o.o.`, a form glued to the name.
  out = out.replace(/(?<![\p{L}\p{N}])S[aàäâá]{2}rl(?![\p{L}\p{N}])/gu, 'Sàrl');
  out = out.replace(/(?<![\p{Lu}\p{N}])Pvt\.\s*Ltd\b/gu, 'Pvt. Ltd').replace(/(?<![\p{Lu}\p{N}])Sp\.\s*z\s*o\.o\./gu, 'Sp. z o.o.');
  out = out.replace(GLUED_NOISE_AFTER_FORM, '$1').replace(GLUED_FORM, '$1 $2');
  out = out.replace(NOISE_AFTER_FORM, '$1').replace(EXTRA_PERIOD_AFTER_FORM, '$1');
  out = withoutGluedFragment(out, evidence);
  out = out.replace(SPLIT_INITIAL, '$1$2');
  // Spaces OCR lost on one side of an ampersand (`Weber& Weber`), or inside the German `GmbH & Co. KG` (`Co.KG`).
  out = out.replace(/(?<=\p{L})&(?=\s)/gu, ' &').replace(/(?<=\s)&(?=\p{L})/gu, '& ').replace(/\bCo\.(?=(?:KG|OHG)\b)/g, 'Co. ');
  const letters = nameLetters(options.country);
  // Italian writes an accent on a word's last vowel only (`città`, `perché`): one inside a word is a misreading.
  const italian = partyLanguages(options.country)?.join() === 'it';
  return out.replace(WORD, (word) => {
    if (italian && /[àèéìíîòóùú](?=\p{L})/u.test(word)) word = word.replace(/[àèéìíîòóùú](?=\p{L})/gu, (c) => c.normalize('NFD')[0]!);
    // "lyer" for "Iyer": an l starting a word, where the document spells the word with an I.
    if (/^l\p{Ll}{2,}$/u.test(word)) {
      const asI = `I${word.slice(1)}`;
      const key = fold(asI);
      if (evidence.domainWords.has(key) || evidence.spellings.get(key)?.has(asI)) return asI;
    }
    return respell(word, evidence, letters, options.preferSecond ?? false);
  });
}
