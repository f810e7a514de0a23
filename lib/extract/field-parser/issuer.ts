/**
 * Evidence of who issued a document (the seller, BG-4), read from what the
 * page shows about a company rather than from where a name stands (issue 25,
 * point 2; docs/EXTRACTION.md "Party evidence"):
 * - the payee of the bank details (`Account holder: ACME Ltd`, `Kontoinhaber`,
 *   `Titulaire du compte`, `Ten name van`, `Titular`, `Intestatario`): BT-59,
 *   which is the seller unless a payee is named apart;
 * - the e-mail and web domains printed (`billing@acme-print.co.uk`,
 *   `www.acme-print.co.uk`): a name whose words make the domain's is the
 *   issuer's (free mail providers do not count);
 * - the names of the footer, where the legal mentions are: a name above a bare
 *   legal form (`Keizer Advies` / `B.V.`), the first line of a footer column,
 *   a name with its legal form among separated mentions;
 * - slogans (`Since 1987`, `Votre partenaire depuis 1998`, `Ihr Partner für
 *   ...`), which are never names.
 */
import type { ParseContext } from './context.js';
import { compileLabels, hasLegalForm, isBareLegalForm, matchLabels } from './labels.js';
import { fold, type TextChunk } from './text.js';

/** Labels naming the account holder of the bank details (BT-59). */
export const PAYEE_LABEL = compileLabels([
  'account holder', 'account name', 'name of account', 'payable to', 'make payable to', 'beneficiary', 'payee',
  'kontoinhaber', 'zahlungsempfänger', 'empfänger', 'begünstigter',
  'titulaire du compte', 'titulaire', 'bénéficiaire', 'ordre',
  'ten name van', 't.n.v.', 'rekeninghouder', 'begunstigde',
  'titular de la cuenta', 'titular', 'beneficiario', 'intestatario', 'intestato a', 'conto intestato a',
]);

/** Payee labels that say so on their own; the others need bank details on or near their line. */
const UNAMBIGUOUS_PAYEE = new Set(['account holder', 'account name', 'kontoinhaber', 'titulaire du compte', 'ten name van', 't.n.v.', 'rekeninghouder', 'titular de la cuenta', 'intestatario', 'conto intestato a', 'intestato a', 'payable to', 'make payable to']);

const BANK_WORDS = /\b(?:iban|bic|swift|bank|banque|banca|banco|konto|compte|rekening|cuenta|conto|sort code|account)\b/i;

/** A line of bank details: it starts with the account's identifiers. */
const BANK_DETAIL_START = /^\s*(?:iban|bic|swift|blz|konto(?:-?nr)?|kto|account (?:no|number)|sort code|compte|rib|rekening(?:nummer)?|cuenta|conto|c\/c)\b/i;

/** What a payment sentence says after the payee's name: the reference to quote, the bank, the deadline. */
const PAYMENT_SENTENCE_REST = /[\s,]+(?:o\.v\.v\.|onder vermelding|met vermelding|unter angabe|mit angabe|with reference|quoting|en indiquant|en mentionnant|avec la r[ée]f[ée]rence|indicando|citando|binnen \d|innerhalb von)/i;

/** A payee named by the bank details. */
export interface PayeeName {
  text: string;
  line: number;
}

/** The names the bank details give as payee (`Account holder: ACME Ltd`), first first. */
export function findPayees(ctx: ParseContext): PayeeName[] {
  const out: PayeeName[] = [];
  ctx.folded.forEach((f, i) => {
    for (const hit of matchLabels(PAYEE_LABEL, f)) {
      const label = hit.text.replace(/\s+/g, ' ').trim();
      const near = [i - 2, i - 1, i, i + 1, i + 2].some((k) => BANK_WORDS.test(ctx.lines[k]?.text ?? '') || (ctx.ibans(k)?.length ?? 0) > 0);
      if (!UNAMBIGUOUS_PAYEE.has(label) && !near) continue;
      const text = ctx.lines[i]!.text.slice(hit.end).replace(/^\s*[:.-]?\s*/, '');
      // The name runs to the end of its chunk, or to the next mention (`IBAN ...`, `·`), or to the rest of the sentence
      // (`ten name van Koster Tuinontwerp o.v.v. het factuurnummer`, `... unter Angabe der Rechnungsnummer`).
      const name = text
        .split(/\s{3,}|\s[·|•]\s|\s-\s|,\s*(?=iban|bic)|\s+(?=iban\b|bic\b|IBAN\b|BIC\b)/i)[0]!
        .split(PAYMENT_SENTENCE_REST)[0]!
        .trim()
        .replace(/[,;]$/, '')
        // A sentence's full stop after a word (`ten name van Koster Tuinontwerp.`), never an abbreviation's (`S.A.`, `Ltd.`).
        .replace(/(?<=\p{Ll}{4})\.$/u, '');
      if (name.length >= 3 && /\p{L}{2}/u.test(name) && !/\d{5,}/.test(name)) out.push({ text: name, line: i });
    }
  });
  return out;
}

/** Mail providers whose domain says nothing of the sender. */
const FREE_MAIL = new Set([
  'gmail', 'googlemail', 'yahoo', 'hotmail', 'outlook', 'live', 'msn', 'icloud', 'me', 'aol', 'gmx', 'web', 'proton', 'protonmail', 't-online', 'orange',
  'free', 'wanadoo', 'laposte', 'sfr', 'libero', 'virgilio', 'tiscali', 'telefonica', 'ziggo', 'kpnmail', 'mail', 'email', 'example',
]);

/** Second-level labels of country domains (`co.uk`, `com.au`): the name is the label before them. */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'ltd', 'plc']);

/** A domain printed on the document: its distinctive label, in words (`acme-print` -> `acme`, `print`), and its line. */
export interface PrintedDomain {
  label: string;
  words: string[];
  line: number;
}

/** The e-mail and web domains a document prints (free mail providers left out). */
export function findDomains(ctx: ParseContext): PrintedDomain[] {
  const out: PrintedDomain[] = [];
  ctx.lines.forEach((l, i) => {
    const found = [
      ...[...l.text.matchAll(/[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})/gi)].map((m) => m[1]!),
      ...[...l.text.matchAll(/(?:https?:\/\/)?www\.((?:[\w-]+\.)+[a-z]{2,})/gi)].map((m) => m[1]!),
    ];
    for (const host of found) {
      const parts = host.toLowerCase().split('.');
      parts.pop();
      if (parts.length > 1 && SECOND_LEVEL.has(parts[parts.length - 1]!)) parts.pop();
      const label = parts[parts.length - 1];
      if (!label || FREE_MAIL.has(label)) continue;
      out.push({ label, words: label.split(/[-_]+/).filter((w) => w.length >= 2), line: i });
    }
  });
  return out;
}

/** Words of a name for comparing with a domain: folded, umlauts also as `ue`, legal form and small words left out. */
function nameWords(name: string): Set<string> {
  const words = new Set<string>();
  const raw = name.toLowerCase();
  for (const variant of [fold(raw), raw.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')]) {
    for (const w of fold(variant).replace(/ø/g, 'o').replace(/ł/g, 'l').split(/[^a-z0-9]+/)) if (w.length >= 2) words.add(w);
  }
  return words;
}

/**
 * True when a name makes a printed domain: every word of the domain's label is a word of the name (or the name's
 * words run together are the label: `muellerhaustechnik`), and at least one of them has four letters or more.
 */
export function nameMatchesDomain(name: string, domain: PrintedDomain): boolean {
  const words = nameWords(name);
  if (domain.words.length > 0 && domain.words.every((w) => words.has(w)) && domain.words.some((w) => w.length >= 4)) return true;
  const joined = domain.label.replace(/[-_]/g, '');
  if (joined.length < 5) return false;
  const list = [...words];
  for (let a = 0; a < list.length; a++) {
    let run = '';
    for (let b = a; b < list.length; b++) {
      run += list[b];
      if (run === joined) return true;
      if (run.length >= joined.length) break;
    }
  }
  return false;
}

/**
 * True when a text is a slogan rather than a name: `Since 1987`, `Seit 1982`, `depuis 1998` (a year after a "since"
 * word), or a phrase that opens with a possessive (`Your partner ...`, `Ihr Partner ...`, `Votre partenaire ...`).
 * Other slogans have no evidence of being a company (identifiers, payee, domain, legal form) and lose to one that has.
 */
export function isSlogan(text: string): boolean {
  const f = fold(text.trim());
  // A name with its legal form is a company's (`Vos Advies NV`, `Uw Bakker B.V.`), not a phrase.
  if (hasLegalForm(text)) return false;
  if (/(?:^|\s)(?:since|seit|depuis|desde|dal|dai|sinds|sedan|siden|od|established|est\.|fondee en|gegrundet)\s+(?:l'an\s+)?(?:1[89]|20)\d{2}\b/.test(f)) return true;
  // Three words at least: "Vos Bouw", "Uw Bakker" are names.
  return f.split(/\s+/).length >= 3 && /^(?:your|our|ihr|ihre|unser|unsere|votre|vos|notre|nos|uw|onze|su|sus|nuestro|nuestra|il vostro|la vostra|vostro|vostra|il nostro|la nostra)\s/.test(f);
}

/** A name printed in the footer of a page, with how it was found. */
export interface FooterName {
  text: string;
  line: number;
  chunk: TextChunk;
  why: 'name over legal form' | 'footer column' | 'footer mentions';
}

/**
 * The lines of each page's footer, by index: the group of lines at the bottom of the page set apart from the body by a
 * gap of more than two line heights (a page number alone under it is looked past), when it holds at most 10 lines and
 * starts in the lower 40 % of the page's text.
 */
export function footerLines(ctx: ParseContext): number[] {
  const pages = new Map<number, number[]>();
  ctx.lines.forEach((l, i) => pages.set(l.page, [...(pages.get(l.page) ?? []), i]));
  const out: number[] = [];
  for (const indexes of pages.values()) {
    const sorted = [...indexes].sort((a, b) => ctx.lines[a]!.y - ctx.lines[b]!.y);
    if (sorted.length < 3) continue;
    const top = ctx.lines[sorted[0]!]!.y;
    const bottom = ctx.lines[sorted[sorted.length - 1]!]!.y;
    const clusters: number[][] = [];
    let current: number[] = [sorted[sorted.length - 1]!];
    for (let k = sorted.length - 2; k >= 0; k--) {
      const a = ctx.lines[sorted[k]!]!;
      const b = ctx.lines[sorted[k + 1]!]!;
      if (b.y - a.y > 2.2 * Math.max(a.height, b.height)) {
        clusters.push(current);
        current = [];
        if (clusters.length === 2) break;
      }
      current.unshift(sorted[k]!);
    }
    if (current.length > 0 && clusters.length < 2) clusters.push(current);
    let footer = clusters[0] ?? [];
    // A page number or a short line alone at the very bottom: the footer is the group above it.
    if (footer.length === 1 && (ctx.lines[footer[0]!]!.text.length <= 25 || /\d+\s*(?:\/|of|von|de|di|van|sur)\s*\d+/i.test(ctx.lines[footer[0]!]!.text)) && clusters[1]) footer = [...clusters[1], ...footer];
    if (footer.length === 0 || footer.length > 11) continue;
    if (ctx.lines[footer[0]!]!.y < top + 0.6 * (bottom - top)) continue;
    out.push(...footer);
  }
  return out.sort((a, b) => a - b);
}

/**
 * What separates the mentions printed on one footer line (`ACME SA - 32 avenue du Moulin - 31000 Toulouse`): a
 * bullet or bar, or a dash with a space on either side; OCR often loses one of the two spaces (`ACME SA- 32 avenue`,
 * `ACME SA -32 avenue`), while a hyphen within a word (`Rhône-Alpes`) has none.
 */
export const MENTION_SEPARATOR = /\s*(?:[●•·|‧∙]|\s[-–]\s?|[-–]\s)\s*/;

/** {@link MENTION_SEPARATOR} or a comma before a space. */
export const MENTION_OR_COMMA_SEPARATOR = /\s*(?:[●•·|‧∙]|\s[-–]\s?|[-–]\s|,\s)\s*/;

/**
 * A labelled mention run into a company name on one footer line (OCR joins the columns of a footer, or a footer
 * prints them so): `Gartenbau Fischer GmbH & Co.KG Geschäftsführer: Max Fischer USt-IdNr.: DE683474847`.
 */
const LABELLED_MENTION = /\s+(?:gesch[äa]ftsf[üu]hr(?:er(?:in)?|ung)|inhaber(?:in)?|vorstand|managing directors?|directors?|g[ée]rant|pr[ée]sident|amministratore(?: unico)?|bestuurder|directeur|administrador|ust-?id(?:-?nr)?|uid|vat(?: no| number| reg(?:istration)?(?: no)?)?|tva|p\.? ?iva|btw|nif|cif|tel(?:efon|ephone)?|fax|e-?mail|iban|bic|hrb|hra|amtsgericht|registergericht|handelsregister|sitz|siret|siren|rcs|kvk)\.?\s*(?:nr\.?|no\.?)?\s*:.*$/i;

/** `text` up to a labelled mention run into it, when what precedes is a name with its legal form; else `text`, trimmed. */
function withoutMentions(text: string): string {
  const cut = text.replace(LABELLED_MENTION, '').replace(/[\s|·•,;:\-–—/]+$/u, '').trim();
  return cut !== text.trim() && hasLegalForm(cut) ? cut : text.trim();
}

/** The capital mention after a company's name (`SARL au capital de 10 000 €`): the name is what comes before it. */
const CAPITAL_MENTION = /\s+(?:au capital|mit einem|with a|con capitale|met een).*$/i;

/**
 * A registration sentence after a company's name (`Northwind Ltd. Registered in England & Wales No. 01234567.`,
 * `ACME GmbH, eingetragen beim Amtsgericht ...`, `ACME SAS immatriculée au RCS ...`): the name is what comes before it.
 */
const REGISTRATION_MENTION = /[\s,]+(?:registered (?:in|office|number|no\b|at\b)|company (?:no\b|number|registration)|eingetragen|immatricul[ée]e?|inscrite?s? au|ingeschreven|iscritt[ao]|inscrit[ao] en)[^]*$/i;

/** The name a footer mention starts with: without a capital mention, a registration sentence or a labelled mention run into it. */
export function mentionedName(part: string): string {
  return withoutMentions(part.replace(CAPITAL_MENTION, '').replace(REGISTRATION_MENTION, ''));
}

/**
 * Names the footers print: a name over a line holding only its legal form (joined: `Keizer Advies B.V.`), the first
 * line of a column of the footer (the company block of a three-column footer), a name with a legal form among the
 * separated mentions of a footer line. `isName` decides what may be a name.
 */
export function footerNames(ctx: ParseContext, isName: (text: string) => boolean): FooterName[] {
  const out: FooterName[] = [];
  const lines = footerLines(ctx);
  const inFooter = new Set(lines);
  for (const i of lines) {
    const l = ctx.lines[i]!;
    for (const c of l.chunks) {
      const below = ctx.lines[i + 1];
      const under = below && inFooter.has(i + 1) && below.page === l.page ? below.chunks.find((k) => Math.abs(k.x - c.x) < 1.5 * l.height) : undefined;
      const above = ctx.lines[i - 1];
      const over = above && inFooter.has(i - 1) && above.page === l.page && l.y - above.y < 2.2 * l.height ? above.chunks.find((k) => Math.abs(k.x - c.x) < 1.5 * l.height) : undefined;
      if (under && isBareLegalForm(under.text) && isName(c.text) && !hasLegalForm(c.text)) {
        out.push({ text: `${c.text.trim()} ${under.text.trim()}`, line: i, chunk: c, why: 'name over legal form' });
        continue;
      }
      // The first line of a column block: nothing above it in its column within the footer, something under it.
      // (Not the bank's name over its IBAN in a bank details column: `Commerzbank` / `IBAN AT39 ...` / `BIC ...`.)
      const first = withoutMentions(c.text);
      if (!over && under && isName(first) && !isBareLegalForm(first) && !(BANK_DETAIL_START.test(under.text) && !hasLegalForm(first))) {
        out.push({ text: first, line: i, chunk: c, why: 'footer column' });
        continue;
      }
      for (const part of c.text.split(MENTION_SEPARATOR)) {
        const text = mentionedName(part);
        if (text !== c.text.trim() || c.text.length > 60) {
          if (hasLegalForm(text) && isName(text)) out.push({ text, line: i, chunk: c, why: 'footer mentions' });
        } else if (hasLegalForm(text) && isName(text) && !under) out.push({ text, line: i, chunk: c, why: 'footer mentions' });
      }
    }
  }
  return out;
}

/** A name that may be the issuer's, with what the caller knows of it. */
export interface IssuerCandidate<T> {
  name: string;
  line: number;
  /** How much its source alone says (a seller heading much, a letterhead position little). */
  base: number;
  /** Its source: `seller heading`, `sender line`, `letterhead`, `footer`, `payee` ... */
  why: string;
  /** The lines of its block (a domain printed there is contact data; printed elsewhere, it is evidence). */
  lines: readonly number[];
  /** Its block holds identifiers (VAT number, SIRET / SIREN, register, IBAN). */
  identifiers: boolean;
  /** Its block holds a phone number, an e-mail address or a web address. */
  contact: boolean;
  /** The caller's own data (the block and its reading). */
  ref: T;
}

/** The issuer chosen, with the evidence that decided it and the confidence that follows from it. */
export interface IssuerChoice<T> {
  /** The candidate whose block is read (address, identifiers). */
  candidate: IssuerCandidate<T>;
  /** The name to give: the fullest spelling among the candidates naming the same company (its legal form included). */
  name: string;
  confidence: number;
  evidence: string[];
  /** The other candidates, best first (a losing letterhead block may be the addressee's window). */
  others: Array<IssuerCandidate<T>>;
}

/** Weights of the evidence (added to a candidate's base). */
const WEIGHTS = { top: 0.12, identifiers: 0.15, payee: 0.15, domain: 0.12, repeated: 0.1, legalForm: 0.06, contact: 0.04 } as const;

/** Legal forms as {@link companyKey} leaves them out (folded). */
const KEY_LEGAL_FORMS = /\b(?:gmbh|mbh|ag|kg|ug|ek|e\.k\.|sarl|sas|sasu|sa|eurl|ltd|limited|llc|llp|plc|inc|corp|bv|b\.v\.|nv|n\.v\.|vof|srl|spa|snc|sl|slu|ab|aps|a\/s|oy|pvt|private|sp\. z o\.o\.)\.?(?![a-z0-9])/g;

/** A company's key: its folded name without legal form or punctuation (`ACME GmbH` and `Acme` share it). */
export function companyKey(name: string): string {
  return fold(name).replace(KEY_LEGAL_FORMS, '').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The legal forms a name carries, folded, without their periods (`Boyer SAS` -> `sas`); empty when it shows none. */
function keyLegalForms(name: string): string {
  return [...fold(name).matchAll(KEY_LEGAL_FORMS)].map((m) => m[0].replace(/\./g, '')).join(' ');
}

/**
 * Whether a candidate is the buyer named again: the same company key, unless both names show legal forms and these
 * differ (`Électricité Boyer SAS` issuing to `Électricité Boyer SARL` are two companies).
 */
function isBuyerName(name: string, buyerName: string): boolean {
  if (companyKey(name) !== companyKey(buyerName)) return false;
  const a = keyLegalForms(name);
  const b = keyLegalForms(buyerName);
  return a === '' || b === '' || a === b;
}

/**
 * Candidates that name a company by the first words of its full name (a logo word `Weber` or `Software` printed in
 * large type over `Weber Druckerei GmbH & Co. KG` / `Software van Dijk B.V.`): the short form is the same company as
 * the full name with a legal form that starts with its words, and takes that name's key.
 */
function shortFormKeys<T>(candidates: ReadonlyArray<IssuerCandidate<T>>): Map<IssuerCandidate<T>, string> {
  const words = (name: string): string[] => fold(name).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  const out = new Map<IssuerCandidate<T>, string>();
  const full = candidates.filter((c) => hasLegalForm(c.name));
  for (const c of candidates) {
    if (hasLegalForm(c.name)) continue;
    const short = words(c.name);
    if (short.length === 0 || !short.some((w) => w.length >= 4)) continue;
    const longer = full.filter((d) => {
      const w = words(d.name);
      return w.length > short.length && short.every((x, k) => w[k] === x);
    });
    // Only when the short form points at one company.
    const keys = new Set(longer.map((d) => companyKey(d.name)));
    if (keys.size === 1) out.set(c, [...keys][0]!);
  }
  return out;
}

/**
 * Chooses the issuer among named candidates by the evidence each has (issue 25, point 2): its source's base, then
 * identifiers in its block, the bank details' payee, an e-mail or web domain made of its words, the same company named
 * by several sources (header and footer, footer and payee), a legal form, contact data. Names of the buyer (`buyerName`)
 * are never chosen. The confidence is the base plus the evidence, at most 0.95.
 */
export function chooseIssuer<T>(ctx: ParseContext, candidates: ReadonlyArray<IssuerCandidate<T>>, options: { buyerName?: string; buyerLines?: ReadonlySet<number> } = {}): IssuerChoice<T> | undefined {
  const payees = findPayees(ctx).filter((p) => !options.buyerLines?.has(p.line));
  const domains = findDomains(ctx).filter((d) => !options.buyerLines?.has(d.line));
  const groups = new Map<string, Array<IssuerCandidate<T>>>();
  const shortForms = shortFormKeys(candidates);
  for (const c of candidates) {
    const key = shortForms.get(c) ?? companyKey(c.name);
    // The buyer named again is never the issuer (a short form by the key it takes, a name by isBuyerName).
    const buyerNamed = options.buyerName !== undefined && (shortForms.has(c) ? key === companyKey(options.buyerName) : isBuyerName(c.name, options.buyerName));
    if (key.length < 2 || buyerNamed) continue;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  let best: (IssuerChoice<T> & { score: number }) | undefined;
  const ranked: Array<{ score: number; candidate: IssuerCandidate<T> }> = [];
  for (const [key, group] of groups) {
    const sorted = [...group].sort((a, b) => b.base - a.base || a.line - b.line);
    const lead = sorted.find((c) => c.why !== 'payee') ?? sorted[0]!;
    // A final period is no fuller spelling (`Supply Ltd.` in a footer sentence, `Supply Ltd` in the letterhead): on a tie the first.
    const spelled = (name: string): number => name.replace(/\.$/, '').length;
    const fullest = [...group].sort((a, b) => Number(hasLegalForm(b.name)) - Number(hasLegalForm(a.name)) || spelled(b.name) - spelled(a.name))[0]!.name;
    const evidence: string[] = [lead.why];
    let score = lead.base + (group.some((c) => c.why === 'letterhead (top of the first page)') ? WEIGHTS.top : 0);
    const sources = new Set(group.map((c) => c.why));
    if (group.some((c) => c.identifiers)) {
      score += WEIGHTS.identifiers;
      evidence.push('identifiers in its block');
    }
    if (payees.some((p) => companyKey(p.text) === key) && lead.why !== 'payee') {
      score += WEIGHTS.payee;
      evidence.push('payee of the bank details');
    }
    const own = new Set(group.flatMap((c) => c.lines));
    if (domains.some((d) => !own.has(d.line) && nameMatchesDomain(fullest, d))) {
      score += WEIGHTS.domain;
      evidence.push('e-mail or web domain printed elsewhere');
    }
    if (sources.size > 1) {
      score += WEIGHTS.repeated;
      evidence.push(`also named by: ${[...sources].filter((w) => w !== lead.why).join(', ')}`);
    }
    if (hasLegalForm(fullest)) {
      score += WEIGHTS.legalForm;
      evidence.push('legal form');
    }
    if (group.some((c) => c.contact)) {
      score += WEIGHTS.contact;
      evidence.push('contact data');
    }
    ranked.push({ score, candidate: lead });
    if (best === undefined || score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && lead.line < best.candidate.line)) {
      best = { candidate: lead, name: fullest, confidence: Math.min(0.95, score), evidence, others: [], score };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...choice } = best;
  choice.others = ranked.filter((r) => r.candidate !== choice.candidate).sort((a, b) => b.score - a.score).map((r) => r.candidate);
  return choice;
}
