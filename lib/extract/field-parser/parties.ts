/**
 * Parties: seller (BG-4: name BT-27, address BG-5, VAT identifier BT-31,
 * legal registration BT-30) and buyer (BG-7: name BT-44, address BG-8, VAT
 * identifier BT-48, legal registration BT-47).
 *
 * Where they are looked for, best first: a labelled block (`Verkäufer`,
 * `Rechnungsempfänger`, `Bill to`, `Facturé à` ...) with an optional `Name:`
 * row; the sender line above a letter's address window (`ACME GmbH · Street
 * 1 · 12345 City`) and the window under it; the letterhead at the top of the
 * first page (the seller) and an address block elsewhere on the top half (the
 * buyer).
 */
import { countryFromVatNumber } from '../../input/country.js';
import { detectCountryFromAddress } from '../../input/address.js';
import { isCountryCode } from '../../input/iso-3166.js';
import { separateFrenchLegalForms } from '../legal-form.js';
import type { ExtractedParty } from '../port.js';
import { extracted, type ParseContext } from './context.js';
import { findDates } from './dates.js';
import { findFrenchCompanyIds, type IdentifierToken } from './identifiers.js';
import {
  BOILERPLATE,
  BUYER_HEADING,
  BUYER_HEADING_WORDS,
  BUYER_REFERENCE,
  COLUMN_LABELS,
  DOCUMENT_WORDS,
  NAME_LABEL,
  OTHER_PARTY_HEADING,
  PARTY_DETAIL_LABEL,
  SALUTATION,
  stripSalutation,
  SELLER_HEADING,
  SELLER_HEADING_WORDS,
  compileLabels,
  hasLegalForm,
  isBareLegalForm,
  isPartyHeading,
  matchLabels,
  type LabelSet,
} from './labels.js';
import { isFieldLabel } from './field-labels.js';
import { chooseIssuer, companyKey, findPayees, footerLines, footerNames, isSlogan, MENTION_OR_COMMA_SEPARATOR, mentionedName, PAYEE_LABEL, type IssuerCandidate, type IssuerChoice } from './issuer.js';
import { findIbans, findVatNumbers } from './identifiers.js';
import { chunkAt, editDistance, fold, joinLines, type TextChunk } from './text.js';

/** A line of a party block: the chunks of the block's column. */
interface BlockLine {
  line: number;
  text: string;
  chunks: TextChunk[];
}

/** A party block as found. */
interface Block {
  lines: BlockLine[];
  /** How sure the block is this party's (labelled blocks are surer than layout guesses). */
  score: number;
  why: string;
  /** Name from a `Name:` row, when the block has one. */
  namedRow?: { text: string; line: number };
}

const POSTCODE_LINE =
  /(?:^|[\s,])(?:[A-Z]{1,3}[- ]?)?\d{4,5}(?:-\d{3})?\s+\p{Lu}|(?:^|\s)[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|(?:^|\s)\d{4}\s?[A-Z]{2}\s+\p{Lu}|(?:^|\s)\d{3}\s\d{2}\s+\p{Lu}|(?:^|\s)\d{2}-\d{3}\s+\p{Lu}|\p{Lu}\p{Ll}+\s\d{6}\b|,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/u;
/**
 * Words of an industrial or business estate, an address on its own (`Polígono Industrial Sur, nave 7`, `Z.I. des
 * Chênes`, `Gewerbegebiet Nord`): never a company's name, even without a number.
 */
const ESTATE_WORDS = String.raw`(?<![\p{L}])(?:pol[ií]gono(?: industrial)?|pol\. ?ind\.|zona industrial(?:e)?|parque empresarial|parque tecnol[oó]gico|zone industrielle|zone artisanale|zone d'activit[eé]s?|parc d'activit[eé]s?|z\.?i\.|z\.?a\.|industriegebiet|gewerbegebiet|gewerbepark|industriepark|bedrijventerrein|industrieterrein|business park|industrial estate|trading estate|industrial park)(?![\p{L}])`;
const ESTATE = new RegExp(ESTATE_WORDS, 'iu');
/** The owner of a sole trader's business named in its letterhead (`Inh. Peter Albrecht`, `Inhaberin`, `Prop.`, `Owner`). */
const OWNER_MENTION = /^(?:inh\.|inhaber(?:in)?\b|prop\.|proprietor\b|owner\b|titolare\b|propriétaire\b)/i;
const STREET = new RegExp(String.raw`(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee|damm|ufer|straat|laan|plein|gracht|kade|singel|gatan|gade|vej|vägen|vagen|markt|dijk|dreef|haven|plaats)(?![\p{L}])|(?<![\p{L}])(?:rue|avenue|av\.|boulevard|bd|chemin|allée|place|impasse|quai|route|cours|faubourg|road|street|st\.|lane|ave\.?|drive|way|via|viale|corso|piazza|largo|vicolo|strada|calle|c\/|avenida|avda\.|paseo|plaza|rambla|ronda|travesía|carretera|ctra\.|carrer|rua|ul\.|ulica|ring|postfach|bp|cs|case postale|p\.?o\.? box)(?![\p{L}])` + '|' + ESTATE_WORDS, 'iu');
const TITLE_WORDS = compileLabels([...DOCUMENT_WORDS.invoice, ...DOCUMENT_WORDS.creditNote, ...DOCUMENT_WORDS.corrected, 'warenrechnung', 'rechnung', 'facture', 'invoice', 'avoir']);
const CONTACT = /@|www\.|https?:|(?<![\p{L}])(?:tel|tél|fon|fax|phone|mobile|mobil|handy|e-?mail|courriel|iban|bic|swift|blz|konto)(?![\p{L}])/iu;

/** True when a text looks like a postcode + city line (`80333 München`, `DE 80333 München`, `SW1A 2AA`). */
export function isPostcodeLine(text: string): boolean {
  return POSTCODE_LINE.test(text);
}

/**
 * Template placeholders printed where a name or logo goes (`LOGO`, `[Your logo]`, `Company name`, `BT-27`): never a
 * party name.
 */
const PLACEHOLDER =
  /^[[(<{]?\s*(?:(?:your|company|firmen|ihr|votre|uw|su|vostro|il tuo)\s+)?(?:logo|company\s+name|your\s+company|firmenname|nom\s+de\s+(?:l'|la\s+)?(?:entreprise|soci[ée]t[ée])|bedrijfsnaam|nombre\s+de\s+la\s+empresa|ragione\s+sociale|b[tg]-\d{1,3}|placeholder|lorem\s+ipsum(?:\s+\w+)*)(?:\s+(?:here|ici|hier|qui|aqu[ií]))?\s*[\])>}]?$/i;

/** Words of document titles besides the document words: a line made of these only is a title, never a name. */
const TITLE_FILLER = new Set([
  'original', 'copy', 'duplicate', 'kopie', 'duplicata', 'copie', 'proforma', 'pro', 'forma', 'tax', 'commercial', 'final', 'partial', 'no', 'nr', 'n',
  'of', 'de', 'du', 'der', 'la', 'le', 'the',
  // Headings of a document's parts (`Invoice Summary`, `Rechnungsdetails`, `Récapitulatif de facture`).
  'summary', 'details', 'detail', 'overview', 'information', 'statement', 'recapitulatif', 'resume', 'detailee', 'zusammenfassung', 'ubersicht',
  'uebersicht', 'overzicht', 'resumen', 'detalle', 'riepilogo', 'dettaglio',
]);

/** True when a text is only document title words (`INVOICE / FACTURE`, `Rechnung - Original`, `Tax Invoice`). */
let titleWordSet: Set<string> | undefined;
function isTitleOnly(text: string): boolean {
  const words = fold(text).split(/[^\p{L}]+/u).filter((w) => w !== '');
  if (words.length === 0) return false;
  const docWords = (titleWordSet ??= new Set(TITLE_WORDS.labels.flatMap((l) => l.split(/\s+/))));
  return words.every((w) => docWords.has(w) || TITLE_FILLER.has(w)) && words.some((w) => docWords.has(w));
}

/** The label of a quantity column at the start of a text (`Qté`, `Qty`, `Menge`, `Aantal`, `Cantidad`, `Qtà`). */
const QUANTITY_HEADER = /^(?:qt[ée]\.?|qty\.?|quantit[ée]|quantity|menge|anzahl|aantal|cantidad|cant\.|quantit[àa]|q\.?t[àa])(?![\p{L}])/iu;

/** Every line-table column header (labels.ts COLUMN_LABELS), folded. */
const COLUMN_HEADER_TEXTS: ReadonlySet<string> = new Set(Object.values(COLUMN_LABELS).flatMap((set) => set.labels));

/** True when a text may be a party name: letters, no contact data, no street, no postcode, no amounts or dates, no title, country line, placeholder or boilerplate. */
export function isNameLike(text: string): boolean {
  // A salutation on the name's line (`Spett.le Giuseppe Gallo`) is looked past: the name is what follows it.
  const t = stripSalutation(text);
  if (t.length < 2 || t.length > 90) return false;
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || letters < t.replace(/\s/g, '').length * 0.5) return false;
  // Two small letters are a misread word (`ay` for a `Qty` column header), not a company.
  if (letters < 3 && !/\p{Lu}/u.test(t)) return false;
  if (/^\d/.test(t) || /[:]\s*$/.test(t) || CONTACT.test(t)) return false;
  if (isPostcodeLine(t)) return false;
  // A street glued to its name by the reader ("ViaRoma 158") is a street all the same. (Not in the name of an owners'
  // association, named after its building: `Comunidad de Propietarios Calle Mayor 12`, `Condominio Via Verdi 8`,
  // `Syndicat des copropriétaires ...`, `WEG Hauptstraße 5`.)
  if (!/^(?:comunidad de propietarios|comunitat de propietaris|cc\.?\s?pp\.?|condominio|supercondominio|syndicat des copropri[ée]taires|copropri[ée]t[ée]|wohnungseigent[üu]mergemeinschaft|weg)\s/i.test(t) && (STREET.test(t) || STREET.test(t.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))) && /\d/.test(t)) return false;
  if (findDates(t).length > 0) return false;
  if (/\d[.,]\d{2}\b/.test(t)) return false;
  // An identifier with its label (`Ondernemingsnummer 0765.824.188`, `Steuernummer 143/123/12345`): six digits or more
  // make a number, not a name, unless a legal form says it is a company.
  if ((t.match(/\d/g)?.length ?? 0) >= 6 && !hasLegalForm(t)) return false;
  // A postcode run into a street that OCR glued (`avenueooJohn F. Komen LiL-855 Luxembourg`): digits, then a country last.
  const last = /(\p{L}[\p{L}'-]{2,})\s*$/u.exec(t)?.[1];
  if (last !== undefined && /\d{3}/.test(t) && !hasLegalForm(t) && isCountryName(last)) return false;
  const f = fold(t);
  // A column header qualified by its tax (`Stückpreis (ohne USt.)`, `Amount (excl. VAT)`, `Prix (HT)`).
  if (/\((?:ohne|inkl|exkl|excl|incl|zzgl|ht|ttc|hors|net|gross|brutto|netto|sin|con|senza|iva|vat|btw)(?![\p{L}])/u.test(f)) return false;
  // A field label and its value without a colon (`Zahlungsreferenznummer 1a2B3c4D5e`, `Customer number C-1042`).
  if (/^(?:\S+\s)?\S*(?:nummer|number|referenz|reference|datum)\s*\S*\d/.test(f) && !hasLegalForm(t)) return false;
  if (matchLabels(BOILERPLATE, f).length > 0) return false;
  const compact = f.replace(/[\s:.]/g, '');
  if (TITLE_WORDS.labels.some((w) => compact === w.replace(/\s/g, '') || compact.endsWith(w.replace(/\s/g, '')) && compact.length <= w.length + 6)) return false;
  // A title word and a few letters: a number label OCR garbled (`Factuur nr.` read `Factuur or.`).
  const garbledLabel = /^(\p{L}{6,})\s+\p{L}{1,3}\.?$/u.exec(f);
  if (garbledLabel && TITLE_WORDS.labels.includes(garbledLabel[1]!)) return false;
  if (SALUTATION.test(t) || ATTENTION.test(t)) return false;
  if (/^[^:]{1,30}:\s*\S/.test(t) && !hasLegalForm(t)) return false;
  // A line-table header read as one chunk by OCR ("Qté Prix unit." as `Qté Prixunt,`): no name starts with a quantity column's label.
  if (QUANTITY_HEADER.test(t) && !hasLegalForm(t)) return false;
  // A line-table column header alone (`Prijs per eenheid`, `Omschrijving`, `Unit price`): a header, not a company.
  if (COLUMN_HEADER_TEXTS.has(f.replace(/[\s:.]+$/, '')) && !hasLegalForm(t)) return false;
  // Abbreviated column headers ("Pr. unit.", "Vs. rif."): words of a few letters each with its dot.
  if (/^(?:\p{L}{1,5}\.\s*){2,}$/u.test(t)) return false;
  if (isBareLegalForm(t)) return false;
  // Last, as the dearest: placeholders, slogans, party headings, field labels, title-only lines and country lines.
  if (PLACEHOLDER.test(t) || isSlogan(t) || isPartyHeading(t, BUYER_HEADING_WORDS) || isPartyHeading(t, SELLER_HEADING_WORDS)) return false;
  // The heading of another block (`Lieferadresse`, `Ship to:`), alone on its line.
  if (matchLabels(OTHER_PARTY_HEADING, f).some((h) => h.index === 0 && /^[\s:.]*$/.test(f.slice(h.end)))) return false;
  if (isFieldLabel(t) || isTitleOnly(t) || isCountryName(t)) return false;
  return true;
}

/** A line naming a contact person, not a company (`Attn: J. Smith`, `z. Hd. Herrn Meier`, `À l'attention de ...`). */
const ATTENTION =
  /^(?:attn\.?|attention|to the attention of|for the attention of|c\/o|z\.\s?hd\.?|zu händen|zhd\.?|ansprechpartner(?:in)?|kontakt|à l'attention de|a l'attention de|à l’attention de|att\.|contact|t\.a\.v\.|ter attentie van|contactpersoon|atención|atn\.|a la atención de|persona de contacto|contacto|all'attenzione di|alla c\.a\.|c\.a\.|referente)(?:\s|:|$)/i;

/** The chunks of a line from column x (with a small tolerance) up to `limit`, stopping at a gap wider than `maxGap`. */
function columnChunks(ctx: ParseContext, line: number, x: number, limit: number, maxGap: number): TextChunk[] {
  const l = ctx.lines[line];
  if (!l) return [];
  const tol = 1.5 * l.height;
  const out: TextChunk[] = [];
  for (const c of l.chunks) {
    if (c.x < x - tol || c.x >= limit) continue;
    const prev = out[out.length - 1];
    // The column's first chunk starts near x; a chunk far to the right belongs to another column.
    if (!prev && c.x - x > Math.max(maxGap, 4 * l.height)) break;
    if (prev && c.x - (prev.x + prev.width) > maxGap) break;
    out.push(c);
  }
  return out;
}

/** The heading chunk of a label hit, when the label stands alone (or is followed by a colon and a value). */
function headingChunk(ctx: ParseContext, line: number, index: number, end: number): { chunk: TextChunk; rest: string } | undefined {
  const l = ctx.lines[line]!;
  const chunk = chunkAt(l, index);
  if (!chunk || l.text.slice(chunk.start, index).trim() !== '') return undefined;
  const rest = l.text.slice(end, chunk.start + chunk.text.length);
  // "Client :      Café de la Gare", "Guest Name     Anil Kumar": the value in the next chunk of the same line ...
  if (/^\s*:\s*$/.test(rest) || (/^\s*$/.test(rest) && NAME_HEADING_END.test(fold(l.text.slice(chunk.start, end))))) {
    const next = l.chunks.find((c) => c.start > chunk.start);
    if (next && isNameLike(next.text) && !nameBelowInstead(ctx, line, chunk, next)) return { chunk, rest: next.text };
  }
  if (/^\s*:?\s*$/.test(rest)) return { chunk, rest: '' };
  // "Verkauft von Amazon EU S.à r.l.", "Sold by Acme Ltd": a heading ending with "by" runs into the name.
  const by = /^\s+(\p{Lu}.*)$/u.exec(rest);
  if (by && /(?:^|\s)(?:by|von|par|da|por|door)$/.test(fold(l.text.slice(index, end)))) return { chunk, rest: by[1]! };
  const m = /^\s*:\s*(\S.*)$/.exec(rest);
  return m ? { chunk, rest: m[1]! } : undefined;
}

/** A party heading that ends with the word "name" (`Guest Name`, `Customer name`, `Nom du client` is not: its value follows a colon). */
const NAME_HEADING_END = /(?:^|\s)(?:name|nom|naam|nombre|nome|namn)\s*$/;

/**
 * ... unless that chunk stands in another column far to the right (`Bill to Address:` ... `Invoice Summary` on the
 * same line) while a name-like line follows right under the heading: the block is read down the heading's column.
 */
function nameBelowInstead(ctx: ParseContext, line: number, heading: TextChunk, next: TextChunk): boolean {
  if (next.x - (heading.x + heading.width) <= 0.2 * pageWidth(ctx)) return false;
  const l = ctx.lines[line]!;
  const below = ctx.lines[line + 1];
  if (!below || below.page !== l.page || below.y - l.y > 3.2 * Math.max(below.height, l.height)) return false;
  return columnChunks(ctx, line + 1, heading.x, next.x, 0.06 * pageWidth(ctx)).some((c) => isNameLike(c.text));
}

function pageWidth(ctx: ParseContext): number {
  if (ctx.doc.pageWidth) return ctx.doc.pageWidth;
  return Math.max(1, ...ctx.lines.map((l) => Math.max(...l.chunks.map((c) => c.x + c.width))));
}

const PAYEE_LINES = new WeakMap<ParseContext, Set<number>>();

/**
 * Lines naming the payee of the bank details (`Empfänger: ACME GmbH` by an IBAN): a payee word there is no buyer
 * heading. A heading holding the word with no bank details near it (`Empfänger der Rechnung`) is one.
 */
function payeeLines(ctx: ParseContext): Set<number> {
  let lines = PAYEE_LINES.get(ctx);
  if (!lines) PAYEE_LINES.set(ctx, (lines = new Set(findPayees(ctx).map((p) => p.line))));
  return lines;
}

/**
 * Heading hits of a line: the labels of `set`, and chunks that are short headings holding one of `words` anywhere
 * (`Bill to address:`, `Adresse du client`, `Datos del emisor`); never on a payee line (`Empfänger: ...` by an IBAN).
 */
function headingHits(ctx: ParseContext, i: number, set: LabelSet, words: LabelSet | undefined): Array<{ index: number; end: number }> {
  const f = ctx.folded[i]!;
  let hits: Array<{ index: number; end: number }> = matchLabels(set, f);
  if (words === undefined) return hits;
  if (matchLabels(PAYEE_LABEL, f).length > 0 && payeeLines(ctx).has(i)) return [];
  for (const c of ctx.lines[i]!.chunks) {
    const colon = c.text.indexOf(':');
    const head = colon >= 0 ? c.text.slice(0, colon) : c.text;
    if (!isPartyHeading(head, words, { ocr: ctx.ocr })) continue;
    // The whole heading ("Bill to address:"), in place of a label found inside it ("Bill to").
    hits = hits.filter((h) => h.index < c.start || h.index >= c.start + c.text.length);
    hits.push({ index: c.start, end: c.start + head.trimEnd().length });
  }
  return hits.sort((a, b) => a.index - b.index);
}

/** Blocks announced by a heading of the set (or, with `words`, a short heading holding one of them), read down the heading's column. */
function labelledBlocks(ctx: ParseContext, set: LabelSet, score: number, words?: LabelSet): Block[] {
  const blocks: Block[] = [];
  const width = pageWidth(ctx);
  ctx.folded.forEach((f, i) => {
    for (const hit of headingHits(ctx, i, set, words)) {
      const head = headingChunk(ctx, i, hit.index, hit.end);
      // "Kunde: 4711" is a customer number, not the heading of the customer's block.
      if (!head || (head.rest && !isNameLike(head.rest))) continue;
      const l = ctx.lines[i]!;
      const next = l.chunks.find((c) => c.x > head.chunk.x + head.chunk.width);
      const limit = next && !head.rest ? next.x - 0.5 * l.height : Infinity;
      const block: Block = { lines: [], score, why: 'heading' };
      if (head.rest) block.lines.push({ line: i, text: head.rest, chunks: [] });
      let prevY = l.y;
      let valueX: number | undefined;
      for (let j = i + 1; j < ctx.lines.length && block.lines.length < 9; j++) {
        const lj = ctx.lines[j]!;
        if (lj.page !== l.page) break;
        const gap = lj.y - prevY;
        if (gap > (block.lines.length === 0 ? 3.2 : 2.3) * Math.max(lj.height, l.height)) break;
        let chunks = columnChunks(ctx, j, head.chunk.x, limit, 0.06 * width);
        if (chunks.length > 0 && /:\s*$/.test(chunks[0]!.text)) {
          // "Anschrift:   Street 1": a row label, its value printed in a column of its own.
          chunks = lj.chunks.filter((c) => c.x >= chunks[0]!.x && c.x < limit);
          valueX = chunks[1]?.x ?? valueX;
        } else if (chunks.length === 0 && valueX !== undefined) {
          // The value of the row above continues on this line, in the value column.
          const vx = valueX;
          chunks = lj.chunks.filter((c) => Math.abs(c.x - vx) < 2 * lj.height);
        }
        if (chunks.length === 0) continue;
        const text = chunks.map((c) => c.text).join(' ');
        const fj = fold(text);
        if (matchLabels(SELLER_HEADING, fj).some((h) => h.index === 0 && headingChunk(ctx, j, lj.text.indexOf(chunks[0]!.text) + h.index, lj.text.indexOf(chunks[0]!.text) + h.end))) break;
        if (matchLabels(BUYER_HEADING, fj).some((h) => h.index === 0 && /^[^:]*:?\s*$/.test(fj.slice(h.end)))) break;
        if (isPartyHeading(text.split(':')[0]!, BUYER_HEADING_WORDS) || isPartyHeading(text.split(':')[0]!, SELLER_HEADING_WORDS)) break;
        if (matchLabels(OTHER_PARTY_HEADING, fj).some((h) => h.index === 0)) break;
        // A "Name:" row gives the name outright (the value may sit in a far column).
        const nameHit = matchLabels(NAME_LABEL, fj).find((h) => h.index === 0);
        if (nameHit && !block.namedRow) {
          // The value in the label's own chunk (`Denominazione: Ferramenta Galli S.n.c.`, the other party's row beside
          // it in its own column), else the next chunk of the line.
          const first = chunks[0]!;
          const own = nameHit.end < first.text.length ? first.text.slice(nameHit.end).replace(/^\s*:\s*/, '').trim() : '';
          const full = own !== '' ? own : (lj.chunks.find((c) => c.x > first.x)?.text.trim() ?? '');
          if (full) block.namedRow = { text: full, line: j };
        }
        block.lines.push({ line: j, text, chunks });
        prevY = lj.y;
      }
      if (block.lines.length > 0) blocks.push(block);
    }
  });
  return blocks;
}

/** Name, address and identifiers read from a block. */
interface PartyRead {
  name?: { text: string; line: number };
  address?: { text: string; line: number };
  /** All lines of the block (identifiers printed in them belong to the party). */
  lines: Set<number>;
  /** The block lines the name and address were read from. */
  used: BlockLine[];
}

/**
 * A document title naming its issuer (`Receipt from Acme Inc.`, `Invoice from ...`, `Rechnung von ...`, `Facture de
 * ...`), as online services title their mails and PDFs: the name is what follows.
 */
const FROM_TITLE = /^(?:[Ii]nvoice|[Rr]eceipt|[Bb]ill|[Pp]ayment receipt|[Rr]echnung|[Qq]uittung|[Zz]ahlungsbeleg|[Ff]acture|[Rr]e[çc]u|[Ff]actuur|[Kk]witantie|[Ff]actura|[Rr]ecibo|[Ff]attura|[Rr]icevuta|INVOICE|RECEIPT|BILL|RECHNUNG|FACTURE|FACTUUR|FACTURA|FATTURA)\s+(?:from|von|de|van|di|da|FROM|VON|DE|VAN|DI|DA)\s+(?=\p{Lu}|\d)/u;

/** Quote marks, bullets and specks before the first letter or digit of a name. */
const LEADING_MARKS = /^[„“”"'‘’`´*•·~_^]+\s*/u;

/** Reads a block: the `Name:` row or the first name-like line (joined with a next line holding the legal form), then the address down to the postcode line. */
function readBlock(ctx: ParseContext, block: Block): PartyRead {
  const read: PartyRead = { lines: new Set(block.lines.map((b) => b.line)), used: [] };
  const rows = block.lines.map((b) => {
    // "Anschrift:  Street 1" rows: the value is what follows the row label.
    const f = fold(b.text);
    // A row label is a word of its own ("Tel.", "Web:"), not the start of a name ("Weber", "Tellier").
    const label = matchLabels(PARTY_DETAIL_LABEL, f).find((h) => h.index === 0 && !/\p{L}/u.test(f[h.end] ?? ''));
    const colon = /^[^:]{1,40}:\s*/.exec(b.text);
    const isAddressLabel = label !== undefined && /^(anschrift|adresse|address)/.test(f.slice(label.index));
    const value = colon ? b.text.slice(colon[0].length) : b.text;
    return { ...b, value, labelled: colon !== null || label !== undefined, isAddressLabel };
  });
  let nameIndex = -1;
  if (block.namedRow) {
    read.name = block.namedRow;
    nameIndex = rows.findIndex((r) => r.line === block.namedRow!.line);
  } else {
    nameIndex = rows.findIndex((r) => !r.labelled && isNameLike(r.text));
    const first = rows[nameIndex];
    if (first) {
      let text = first.text;
      const next = rows[nameIndex + 1];
      const [a, b] = [ctx.lines[first.line], next ? ctx.lines[next.line] : undefined];
      // A name wrapped over two lines: consecutive lines of one size (a slogan or heading above a name is not).
      const wrapped = a !== undefined && b !== undefined && b.y - a.y <= 1.6 * Math.max(a.height, b.height) && Math.abs(a.height - b.height) <= 0.15 * a.height;
      if (next && wrapped && !next.labelled && !hasLegalForm(text) && hasLegalForm(next.text) && isNameLike(next.text) && !isPostcodeLine(next.text)) {
        text = `${text} ${next.text}`;
        nameIndex += 1;
      }
      // A comma or semicolon the layout left after the name (`Sold By: ACME Retail Private Limited ,`) is not part of it.
      // Marks OCR read before a name (`„Mr Tom Hughes`: a speck, a quote) are no part of it, nor hide its salutation.
      read.name = { text: stripSalutation(text.replace(LEADING_MARKS, '')).replace(/\s*[,;]\s*$/, '').replace(FROM_TITLE, ''), line: first.line };
    }
  }
  const addressLines: string[] = [];
  const usedRows: number[] = [];
  let addressLine = -1;
  for (let k = Math.max(0, nameIndex + 1); k < rows.length && addressLines.length < 5; k++) {
    const r = rows[k]!;
    if (r.labelled && !r.isAddressLabel) {
      if (addressLines.length > 0) break;
      continue;
    }
    const text = r.isAddressLabel ? r.value : r.text;
    if (!text.trim()) continue;
    if (CONTACT.test(text)) break;
    if (addressLines.length === 0 && !isPostcodeLine(text) && !STREET.test(text) && !/\d/.test(text) && rows.slice(k + 1).some((r) => isPostcodeLine(r.text))) {
      // A contact person or department line between the name and the street.
      continue;
    }
    addressLines.push(text.trim());
    usedRows.push(r.line);
    if (addressLine < 0) addressLine = r.line;
    if (isPostcodeLine(text)) {
      const after = rows[k + 1];
      if (after && !after.labelled && isCountryName(after.text)) addressLines.push(after.text.trim());
      break;
    }
  }
  if (addressLines.length > 0 && addressLines.some((a) => isPostcodeLine(a) || STREET.test(a))) read.address = { text: joinLines(addressLines), line: addressLine };
  const usedLines = new Set<number>(usedRows);
  if (read.name) usedLines.add(read.name.line);
  read.used = block.lines.filter((b) => usedLines.has(b.line));
  return read;
}

function isCountryName(text: string): boolean {
  const t = text.trim();
  if (/^[A-Z]{2}$/.test(t)) return isCountryCode(t);
  return /^[\p{L} .'-]{3,40}$/u.test(t) && detectCountryFromAddress(`x, 10000 x, ${t}`) !== undefined && !/\d/.test(t);
}

/** A sender line (`ACME GmbH · Street 1 · 12345 City`) near the top of the first page, and the address window below it. */
function senderLine(ctx: ParseContext): { seller?: Block; buyer?: Block } {
  const limit = Math.min(ctx.lines.length, Math.max(15, Math.ceil(ctx.lines.length * 0.4)));
  const width = pageWidth(ctx);
  // The first sender line over an address window; else the first one (a letterhead's own line of mentions,
  // `Meisterbetrieb · Lindenweg 3 · 34117 Kassel`, may come before the one over the window).
  let fallback: { seller?: Block; buyer?: Block } | undefined;
  for (let i = 0; i < limit; i++) {
    const l = ctx.lines[i]!;
    if (l.page !== 1) break;
    // Chunks close to each other form one run (separators may be printed apart from the words).
    const runs: TextChunk[][] = [];
    for (const c of l.chunks) {
      const run = runs[runs.length - 1];
      const prev = run?.[run.length - 1];
      if (run && prev && c.x - (prev.x + prev.width) < 0.06 * width) run.push(c);
      else runs.push([c]);
    }
    for (const run of runs) {
      const text = run.map((c) => c.text).join(' ');
      const parts = text.split(/\s*(?:[●•·|‧∙]|\s-\s|,\s)\s*/).filter((p) => p.trim() !== '');
      if (parts.length < 3 || parts.length > 7) continue;
      if (!parts.slice(1).some((p) => isPostcodeLine(p) || /\b\d{4,5}\b/.test(p))) continue;
      const name = parts[0]!;
      // "Unit 4, 12 Dock Street, Leith" is an address line: a comma-separated sender line needs a company name up front.
      const strongSeparators = /[●•·|‧∙]|\s-\s/.test(text);
      if (!isNameLike(name) || (/\d/.test(name) && !hasLegalForm(name)) || (!strongSeparators && !hasLegalForm(name))) continue;
      // "Polígono Industrial Sur, nave 7 - 41016 Sevilla": a letterhead's address line, the name is above it; "Inh. Peter
      // Albrecht · street · town": its owner, the business's name is above it.
      if (ESTATE.test(name) || OWNER_MENTION.test(name)) continue;
      const first = run[0]!;
      const out: { seller?: Block; buyer?: Block } = {
        seller: { lines: [{ line: i, text: name, chunks: [first] }, { line: i, text: parts.slice(1).join(', '), chunks: [] }], score: 0.8, why: 'sender line' },
      };
      // The recipient's window: lines just below, starting near the sender line's left edge.
      const window: BlockLine[] = [];
      let prevY = l.y;
      for (let j = i + 1; j < ctx.lines.length && window.length < 7; j++) {
        const lj = ctx.lines[j]!;
        if (lj.page !== l.page || lj.y - prevY > 4.5 * lj.height) break;
        const chunks = columnChunks(ctx, j, first.x - 0.08 * width, first.x + width * 0.45, width * 0.2).filter((c) => c.x >= first.x - 0.08 * width);
        if (chunks.length === 0) continue;
        window.push({ line: j, text: chunks.map((k) => k.text).join(' '), chunks });
        prevY = lj.y;
        if (isPostcodeLine(window[window.length - 1]!.text)) break;
      }
      if (window.length > 0) {
        out.buyer = { lines: window, score: 0.7, why: 'address window' };
        return out;
      }
      fallback ??= out;
      break;
    }
  }
  return fallback ?? {};
}

/** Letterhead candidates for the seller: name-like chunks of the top of page 1 (best first, by position, legal form and repetition). */
function letterheadBlocks(ctx: ParseContext, exclude: Set<string>, excludeChunks: Set<string>): Block[] {
  const firstPage = ctx.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.page === 1);
  if (firstPage.length === 0) return [];
  const top = firstPage.slice(0, Math.max(8, Math.ceil(firstPage.length * 0.3)));
  const chunkTexts = ctx.lines.flatMap((l) => l.chunks.map((k) => fold(k.text).trim()));
  const out: Block[] = [];
  top.forEach(({ l, i }, rank) => {
    l.chunks.forEach((c) => {
      const text = c.text.trim();
      if (excludeChunks.has(chunkKey(i, c)) || !isNameLike(text) || exclude.has(fold(text))) return;
      // Position only: the legal form, identifiers and the rest are weighed as evidence (./issuer.ts).
      let score = 0.5 - rank * 0.01;
      if (!hasLegalForm(text) && !/\s/.test(text)) score -= 0.1;
      if (chunkTexts.filter((t) => t === fold(text)).length > 1) score += 0.1;
      // A name wrapped over two lines: the line just above, in the same column, without a legal form of its own.
      let name = text;
      const above = ctx.lines[i - 1];
      const aboveChunk = above?.chunks.find((k) => Math.abs(k.x - c.x) < above.height);
      // A name wrapped over two lines is printed in one size; a tagline or heading above it is not.
      const sameSize = above !== undefined && Math.abs(above.height - l.height) <= 0.15 * l.height;
      if (above && aboveChunk && above.page === 1 && sameSize && hasLegalForm(text) && !hasLegalForm(aboveChunk.text) && isNameLike(aboveChunk.text) && l.y - above.y <= 1.6 * l.height) {
        name = `${aboveChunk.text} ${text}`;
      }
      // The block continues below the name in the same column.
      const lines: BlockLine[] = [{ line: i, text: name, chunks: [c] }];
      for (let j = i + 1; j < ctx.lines.length && lines.length < 9; j++) {
        const lj = ctx.lines[j]!;
        // A blank line ends the letterhead block (the recipient's address often follows).
        const prev = ctx.lines[lines[lines.length - 1]!.line]!;
        if (lj.page !== 1 || lj.y - prev.y > 1.7 * Math.max(lj.height, prev.height)) break;
        let chunks = columnChunks(ctx, j, c.x, c.x + pageWidth(ctx) * 0.4, pageWidth(ctx) * 0.06);
        // A block set flush right: its lines end where the name ends.
        if (chunks.length === 0) chunks = lj.chunks.filter((k) => Math.abs(k.x + k.width - (c.x + c.width)) < 1.5 * lj.height);
        if (chunks.length === 0) continue;
        const t = chunks.map((k) => k.text).join(' ');
        if (isPartyHeading(t.split(':')[0]!, BUYER_HEADING_WORDS)) break;
        lines.push({ line: j, text: t, chunks });
      }
      out.push({ lines, score: Math.min(0.75, score), why: 'letterhead' });
    });
  });
  return out.sort((a, b) => b.score - a.score).slice(0, 6);
}

/** Register and legal-mention words printed beside a company's identifiers (HRB, RCS, KvK, capital ...). */
const REGISTER =
  /(?<![\p{L}])(?:hrb|hra|rcs|r\.c\.s\.|kvk|k\.v\.k\.|siren|siret|amtsgericht|registergericht|handelsregister|company\s+(?:reg|no|number)|registered\s+in|registration\s+no|rea|registro\s+mercantil|cif|nif|partita\s+iva|p\.\s?iva|capital|kapital|stammkapital|geschäftsführer|gérant|ape|naf|btw|ust-?id)(?![\p{L}])/iu;

/** True when a line carries the legal mentions an issuer prints: a VAT number, SIREN / SIRET, an IBAN or a register. */
function hasLegalMention(ctx: ParseContext, line: number): boolean {
  const text = ctx.lines[line]?.text ?? '';
  if (ctx.vatNumbers(line).length > 0 || ctx.ibans(line).length > 0 || REGISTER.test(text)) return true;
  const ids = findFrenchCompanyIds(text);
  return ids.siren.length > 0 || ids.siret.length > 0;
}

/** True when a block holds what only the issuer prints about itself: identifiers, register, phone, e-mail, web. */
function blockHasIssuerData(ctx: ParseContext, block: Block): boolean {
  return block.lines.some((b) => hasLegalMention(ctx, b.line) || CONTACT.test(b.text));
}

/**
 * The issuer named in the footer's legal mentions (`ACME GmbH · HRB 1234 · USt-IdNr. DE...`, `SARL au capital de ...
 * RCS Lyon ... TVA FR...`): a name with a legal form on a line of the bottom of a page that carries (or sits beside) an
 * identifier, IBAN or register entry.
 */
function footerIssuer(ctx: ParseContext, exclude: Set<string>): Block | undefined {
  const pageBottom = new Map<number, { top: number; bottom: number }>();
  for (const l of ctx.lines) {
    const p = pageBottom.get(l.page);
    if (!p) pageBottom.set(l.page, { top: l.y, bottom: l.y });
    else {
      p.top = Math.min(p.top, l.y);
      p.bottom = Math.max(p.bottom, l.y);
    }
  }
  for (let i = 0; i < ctx.lines.length; i++) {
    const l = ctx.lines[i]!;
    const p = pageBottom.get(l.page)!;
    if (p.bottom - p.top <= 0 || l.y < p.top + 0.75 * (p.bottom - p.top)) continue;
    const near = [i - 2, i - 1, i, i + 1, i + 2].filter((k) => k >= 0 && k < ctx.lines.length && ctx.lines[k]!.page === l.page);
    if (!near.some((k) => hasLegalMention(ctx, k))) continue;
    for (const c of l.chunks) {
      const parts = c.text.split(MENTION_OR_COMMA_SEPARATOR).map((x) => x.trim());
      for (const [k, part] of parts.entries()) {
        // "SARL au capital de 10 000 €": the name is what comes before the capital mention.
        const text = mentionedName(part);
        if (!hasLegalForm(text) || !isNameLike(text) || exclude.has(fold(text))) continue;
        const rest = parts.slice(k + 1).filter((x) => isPostcodeLine(x) || STREET.test(x));
        const lines: BlockLine[] = [{ line: i, text, chunks: [c] }];
        if (rest.length > 0) lines.push({ line: i, text: rest.join(', '), chunks: [] });
        return { lines, score: 0.72, why: 'footer legal mentions' };
      }
    }
  }
  return undefined;
}

/** Key of a chunk, to exclude chunks (not whole lines) already given to a block. */
const chunkKey = (line: number, chunk: TextChunk): string => `${line}:${chunk.start}`;

/** Keys of the chunks of blocks; a block line without chunks stands for the whole line. */
function blockChunkKeys(ctx: ParseContext, blocks: Block[]): Set<string> {
  const keys = new Set<string>();
  for (const b of blocks)
    for (const l of b.lines) for (const c of l.chunks.length > 0 ? l.chunks : (ctx.lines[l.line]?.chunks ?? [])) keys.add(chunkKey(l.line, c));
  return keys;
}

/** Address blocks (a name-like line followed by street / postcode lines) on the top half of page 1, for the buyer. */
function addressBlocks(ctx: ParseContext, exclude: Set<string>): Block[] {
  const out: Block[] = [];
  const firstPage = ctx.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.page === 1);
  const half = firstPage.slice(0, Math.ceil(firstPage.length * 0.6));
  // On a scan, a block's postcode line may be unreadable (`5ASc` for `8000 Aarhus C`): the country's name printed
  // under it ends the block as well (a country name alone in its column, not a country code).
  const country = (text: string): boolean => ctx.ocr && text.trim().length > 2 && isCountryName(text);
  const anchors = (text: string): boolean => isPostcodeLine(text) || country(text);
  for (const { i } of half) {
    if (!isPostcodeLine(ctx.lines[i]!.text) && !ctx.lines[i]!.chunks.some((c) => country(c.text))) continue;
    // Walk up from the postcode line in the same column.
    const postcodeChunk = ctx.lines[i]!.chunks.find((c) => anchors(c.text) && !exclude.has(chunkKey(i, c)));
    if (!postcodeChunk) continue;
    const lines: BlockLine[] = [{ line: i, text: postcodeChunk.text, chunks: [postcodeChunk] }];
    for (let j = i - 1; j >= 0 && lines.length < 6; j--) {
      const lj = ctx.lines[j]!;
      // A blank line ends the block (a slogan or the letterhead above the window is another block).
      if (lj.page !== 1 || ctx.lines[lines[0]!.line]!.y - lj.y > 1.9 * lj.height) break;
      // Lines of another column may sit between the lines of this block.
      const chunk = lj.chunks.find((c) => Math.abs(c.x - postcodeChunk.x) < 2 * lj.height);
      if (!chunk || exclude.has(chunkKey(j, chunk))) continue;
      lines.unshift({ line: j, text: chunk.text, chunks: [chunk] });
    }
    if (lines.length >= 2) out.push({ lines, score: 0.5, why: 'address block' });
  }
  return out;
}

/** A block and its reading. */
type Found = { block: Block; read: PartyRead };

/** True when a text carries what an issuer prints about itself: a VAT number, an IBAN, SIREN / SIRET or a register entry. */
function textHasLegalMention(text: string): boolean {
  if (findVatNumbers(text).length > 0 || findIbans(text).length > 0 || REGISTER.test(text) || /\bGSTIN\b|\bEIN\b/.test(text)) return true;
  // A labelled tax number of a country without VAT prefixes ("Tax ID: 55-1415683", "NIF: B12345678").
  if (/(?<![\p{L}])(?:tax\s?id|tin|nif|cif|p\.?\s?iva|vat(?:\s?reg\.?)?(?:\s?(?:no\.?|number|id))?|steuer-?nr\.?|steuernummer)\s*[:.]?\s*[A-Z]{0,3}[\d][\d\s./-]{5,}/iu.test(text)) return true;
  const ids = findFrenchCompanyIds(text);
  return ids.siren.length > 0 || ids.siret.length > 0;
}

/**
 * The seller, chosen by evidence among every source of names (./issuer.ts chooseIssuer): blocks under seller
 * headings, the sender line, the letterhead's name-like chunks, the footer's names and legal mentions, the payee of
 * the bank details. The buyer's block is never a candidate.
 */
function chooseSeller(ctx: ParseContext, sources: { sellerBlocks: Block[]; sender: Block | undefined; buyer: Found | undefined }): (IssuerChoice<Found> & { found: Found }) | undefined {
  const candidates: Array<IssuerCandidate<Found>> = [];
  const buyer = sources.buyer;
  const buyerChunks = buyer ? blockChunkKeys(ctx, [{ ...buyer.block, lines: buyer.block.lines }]) : new Set<string>();
  const footer = new Set(footerLines(ctx));
  const footerHasIds = (page: number): boolean => [...footer].some((k) => ctx.lines[k]!.page === page && textHasLegalMention(ctx.lines[k]!.text));
  const add = (block: Block, base: number, why: string, ids?: boolean): void => {
    const read = readBlock(ctx, block);
    if (!read.name) return;
    const nameLine = block.lines.find((b) => b.line === read.name!.line);
    if (nameLine && nameLine.chunks.some((c) => buyerChunks.has(chunkKey(nameLine.line, c)))) return;
    const lines = block.lines.slice(0, 9);
    candidates.push({
      name: read.name.text,
      line: read.name.line,
      base,
      why,
      lines: lines.map((b) => b.line),
      identifiers: ids ?? lines.some((b) => textHasLegalMention(b.text)),
      contact: lines.some((b) => CONTACT.test(b.text)),
      ref: { block, read },
    });
  };
  for (const b of sources.sellerBlocks) add(b, 0.8, 'seller heading');
  if (sources.sender) add(sources.sender, 0.7, 'sender line');
  const exclude = new Set<string>();
  if (buyer?.read.name) exclude.add(fold(buyer.read.name.text));
  // The first name-like block at the top of the first page is where a letterhead stands: a little evidence in itself.
  letterheadBlocks(ctx, exclude, buyerChunks).forEach((b) => add(b, b.score - 0.15, 'letterhead'));
  const topLine = Math.min(...candidates.filter((c) => c.why === 'letterhead').map((c) => c.line));
  for (const c of candidates) if (c.why === 'letterhead' && c.line === topLine) c.why = 'letterhead (top of the first page)';
  const legal = footerIssuer(ctx, exclude);
  if (legal) add(legal, 0.55, 'footer legal mentions', true);
  for (const f of footerNames(ctx, isNameLike)) {
    add({ lines: [{ line: f.line, text: f.text, chunks: [f.chunk] }], score: 0.45, why: 'footer' }, f.why === 'footer mentions' ? 0.5 : 0.45, 'footer', footerHasIds(ctx.lines[f.line]!.page));
  }
  for (const p of findPayees(ctx)) {
    if (isNameLike(p.text) || hasLegalForm(p.text)) add({ lines: [{ line: p.line, text: p.text, chunks: [] }], score: 0.5, why: 'payee' }, 0.5, 'payee');
  }
  const choice = chooseIssuer(ctx, candidates, { ...(buyer?.read.name ? { buyerName: buyer.read.name.text } : {}), buyerLines: new Set(buyer?.block.lines.filter((b) => b.chunks.length === 0 || b.chunks.length === ctx.lines[b.line]!.chunks.length).map((b) => b.line) ?? []) });
  if (!choice) return undefined;
  // The reading with an address, among the candidates naming the same company.
  const key = companyKey(choice.name);
  const withAddress = [choice.candidate, ...choice.others].find((c) => companyKey(c.name) === key && c.ref.read.address);
  return { ...choice, found: withAddress?.ref ?? choice.candidate.ref };
}

/**
 * The postcode of an address: four to six digits before the town (`00184 Roma`), else after it (`Bengaluru 560001`);
 * never other numbers an address line carries (a register number `REA MI-174557`, a capital `10.000,00`). Undefined
 * when none.
 */
export function postcodeOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  return /(?<![\p{L}\p{N}.,])(\d{4,6})\s+\p{L}/u.exec(address)?.[1] ?? /\p{L}{2,},?\s+(\d{4,6})(?![\p{N}.,])/u.exec(address)?.[1];
}

/** Both parties of a document. */
export interface PartiesResult {
  seller: ExtractedParty;
  buyer: ExtractedParty;
}

/**
 * Whether a name's company key (`key`) is the seller's (`sellerKey`) or a part of it, allowing one misread letter in
 * ten: OCR reads the letterhead and the footer of one company apart (`Forniture Ferrari & Bruno S.r.l.` at the top,
 * `Fornitère Ferrari& Bruno S.r.l.` in the footer), and the letterhead must not become the buyer for that.
 */
function sameCompanyKey(sellerKey: string, key: string): boolean {
  if (sellerKey.includes(key)) return true;
  const slack = Math.floor(Math.min(key.length, sellerKey.length) / 10);
  if (slack > 0 && Math.abs(key.length - sellerKey.length) <= slack && editDistance(key, sellerKey, slack) <= slack) return true;
  // Letters OCR dropped in one of the two readings (`Bakker de Vries B.V.` in the footer for `Bakkerij de Vries B.V.`):
  // the shorter key's letters all in the longer one, in order, two letters missing at most.
  const [short, long] = key.length <= sellerKey.length ? [key, sellerKey] : [sellerKey, key];
  return short.length >= 10 && long.length - short.length <= 2 && isSubsequence(short, long);
}

/** Whether the letters of `short` all appear in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let k = 0;
  for (let i = 0; i < long.length && k < short.length; i++) if (long[i] === short[k]) k++;
  return k === short.length;
}

/** Finds seller and buyer: names, addresses, VAT numbers, SIREN / SIRET, countries. */
export function findParties(ctx: ParseContext): PartiesResult {
  const sellerBlocks = labelledBlocks(ctx, SELLER_HEADING, 0.9, SELLER_HEADING_WORDS);
  const buyerBlocks = labelledBlocks(ctx, BUYER_HEADING, 0.88, BUYER_HEADING_WORDS);
  const sender = senderLine(ctx);

  const pickRead = (blocks: Block[]): { block: Block; read: PartyRead } | undefined => {
    for (const block of [...blocks].sort((a, b) => b.score - a.score)) {
      const read = readBlock(ctx, block);
      if (read.name) return { block, read };
    }
    return undefined;
  };

  let buyer = pickRead(buyerBlocks) ?? (sender.buyer ? pickRead([sender.buyer]) : undefined);
  const choice = chooseSeller(ctx, { sellerBlocks, sender: sender.seller, buyer });
  let seller = choice?.found;
  if (!buyer) {
    const sellerUsed: Block[] = seller ? [{ ...seller.block, lines: seller.read.used }] : [];
    const used = blockChunkKeys(ctx, [...sellerUsed, ...labelledBlocks(ctx, OTHER_PARTY_HEADING, 0)]);
    const sellerKey = choice ? companyKey(choice.name) : undefined;
    const sellerPostcode = postcodeOf(seller?.read.address?.text);
    const blocks = addressBlocks(ctx, used).filter((b) => {
      const r = readBlock(ctx, b);
      if (!r.name) return false;
      // Not the seller, nor a part of the seller's name printed on a line of its own (a footer, a payee line) ...
      if (sellerKey === undefined || !sameCompanyKey(sellerKey, companyKey(r.name.text))) return true;
      // ... unless at another postcode than the seller's: another establishment of the same company, invoiced by it
      // (a branch invoicing another; in India, one company's GST registrations in two states).
      const postcode = postcodeOf(r.address?.text);
      return sellerPostcode !== undefined && postcode !== undefined && postcode !== sellerPostcode;
    });
    buyer = pickRead(blocks);
  }

  const result: PartiesResult = { seller: {}, buyer: {} };
  if (seller && choice) {
    const { read } = seller;
    result.seller.name = extracted(ctx, choice.name, choice.confidence, read.name?.line ?? choice.candidate.line);
    if (read.address) result.seller.address = extracted(ctx, read.address.text, Math.min(0.9, choice.confidence * 0.9), read.address.line);
    result.seller.evidence = choice.evidence;
  }
  if (buyer) {
    const { block, read } = buyer;
    const evidence = [block.why === 'heading' ? 'buyer heading' : block.why];
    let confidence = block.namedRow ? 0.92 : block.score;
    if (blockHasIssuerData(ctx, { ...block, lines: read.used.length > 0 ? block.lines : [] }) && block.why === 'heading') evidence.push('identifiers or contact data in its block');
    if (choice && read.name && companyKey(read.name.text) === companyKey(choice.name)) confidence = Math.min(confidence, 0.3);
    if (read.name) result.buyer.name = extracted(ctx, read.name.text, confidence, read.name.line);
    if (read.address) result.buyer.address = extracted(ctx, read.address.text, block.score * 0.9, read.address.line);
    result.buyer.evidence = evidence;
  }

  assignIdentifiers(ctx, result, seller?.read.lines ?? new Set(), buyer?.read.lines ?? new Set(), buyer?.block);
  for (const party of [result.seller, result.buyer]) {
    const fromVat = party.vatNumber ? countryFromVatNumber(party.vatNumber.value) : undefined;
    if (fromVat) party.country = extracted(ctx, fromVat, Math.min(0.95, party.vatNumber!.confidence), undefined, party.vatNumber!.source ?? 'VAT number prefix');
    else if (party.address) {
      // A country printed last (`..., Boston, MA 02110, US`) says it, before a state or country code in front of a postcode.
      const last = /,\s*([^,]+?)\s*$/.exec(party.address.value)?.[1];
      const trailing = last !== undefined && (isCountryCode(last) || isCountryName(last)) ? detectCountryFromAddress(party.address.value) : undefined;
      const prefixed = /(?:^|,\s*)([A-Z]{2})[- ]\d{4,5}\b/.exec(party.address.value)?.[1];
      const code = trailing ?? (prefixed && isCountryCode(prefixed) ? prefixed : detectCountryFromAddress(party.address.value));
      if (code) party.country = extracted(ctx, code, party.address.confidence * 0.9, undefined, party.address.source ?? 'address');
    } else if (party.siret || party.siren) party.country = extracted(ctx, 'FR', 0.6, undefined, 'SIRET/SIREN implies France');
  }
  separateFrenchLegalForms(result.seller, result.buyer);
  return result;
}

/** Gives VAT numbers and SIREN / SIRET to a party: by block, by a buyer word on the line (`N° TVA client`, `Ihre USt-IdNr`), else to the seller. */
function assignIdentifiers(ctx: ParseContext, result: PartiesResult, sellerLines: Set<number>, buyerLines: Set<number>, buyerBlock?: Block): void {
  const ownerOf = (line: number, index: number): 'seller' | 'buyer' => {
    if (buyerBlock && buyerLines.has(line)) {
      const bl = buyerBlock.lines.find((b) => b.line === line);
      const l = ctx.lines[line]!;
      if (!bl || bl.chunks.length === 0) return 'buyer';
      const inChunk = bl.chunks.some((c) => index >= c.start && index < c.start + c.text.length);
      // A label row ("USt.-Id.-Nr.:  DE...") keeps its value in a far column.
      if (inChunk || bl.chunks[0]!.start === l.chunks[0]?.start) return 'buyer';
    }
    if (sellerLines.has(line)) return 'seller';
    const before = ctx.folded[line]!.slice(0, index);
    if (matchLabels(BUYER_REFERENCE, before.slice(-40)).length > 0) return 'buyer';
    return 'seller';
  };
  const vats: Array<{ token: IdentifierToken; line: number; owner: 'seller' | 'buyer' }> = [];
  ctx.lines.forEach((_, i) => {
    for (const t of ctx.vatNumbers(i)) vats.push({ token: t, line: i, owner: ownerOf(i, t.index) });
  });
  for (const owner of ['seller', 'buyer'] as const) {
    const mine = vats.filter((v) => v.owner === owner);
    const chosen = mine.find((v) => v.token.checksum !== false) ?? mine[0];
    if (!chosen) continue;
    const conf = chosen.token.checksum === true ? 0.95 : chosen.token.checksum === false ? 0.5 : 0.8;
    result[owner].vatNumber = extracted(ctx, chosen.token.value, conf, chosen.line);
  }
  ctx.lines.forEach((l, i) => {
    const ids = findFrenchCompanyIds(l.text);
    for (const [kind, list] of [['siret', ids.siret], ['siren', ids.siren]] as const) {
      for (const t of list) {
        const owner = ownerOf(i, t.index);
        if (result[owner][kind]) continue;
        result[owner][kind] = extracted(ctx, t.value, t.checksum ? 0.9 : 0.4, i);
      }
    }
  });
  // A SIRET gives its SIREN (its first nine digits).
  for (const party of [result.seller, result.buyer]) {
    if (party.siret && !party.siren && party.siret.confidence >= 0.9) {
      party.siren = { ...party.siret, value: party.siret.value.slice(0, 9) };
    }
  }
}
