/**
 * Header fields: invoice number (BT-1), document type (BT-3), issue date
 * (BT-2), due date (BT-9) and currency (BT-5).
 */
import { CURRENCY_CODES } from '../../rules/codelists/iso-4217.js';
import { INVOICE_TYPE_CODES } from '../../rules/codelists/untdid-1001.js';
import type { Extracted } from '../port.js';
import { best, extracted, type Candidate, type ParseContext } from './context.js';
import { findDates } from './dates.js';
import {
  BOILERPLATE,
  CURRENCY_LABEL,
  DOCUMENT_WORDS,
  DUE_DATE,
  GENERIC_DATE,
  INVOICE_NUMBER,
  ISSUE_DATE,
  OTHER_DATE,
  NOT_INVOICE_TITLES,
  OTHER_INVOICE,
  ORDER_NUMBER,
  PAYMENT_CONTEXT,
  REFERENCE_NUMBER,
  BARE_NUMBER,
  CUSTOMER_REFERENCE,
  matchLabels,
  compileLabels,
} from './labels.js';
import { chunkAt, fold, type TextChunk } from './text.js';
import { KRONA } from './numbers.js';

/** Where a value was found relative to its label. */
interface Located {
  line: number;
  text: string;
  /** Offset of `text` in the line's text. */
  offset: number;
}

/** Marks standing alone between a label and its value, as OCR reads specks and rules (`©`, `»`, `~`, `;`, `'`). */
const OCR_SPECK_BEFORE_VALUE = /^(?:(?:[©®»«~*;,|'"‘’“”]|\p{Ll}(?=\s+\S*\d))\s+)+/u;

/** The text right after a label on the same line, with separators (`:`, `#`, `n°`, `Nr.`) skipped. */
export function textAfter(ctx: ParseContext, line: number, end: number): Located {
  const text = ctx.lines[line]?.text ?? '';
  const rest = text.slice(end);
  // "Nr." or "No" is a mark only as a word of its own: "NOV-2026-01" keeps its letters.
  let skip = /^\s*(?:[:=#.\-–]\s*)*(?:(?:n\.?°|n\.?º|#|n\.(?=\s*[a-z0-9])|(?:no|nr|num|núm)(?:\.|(?![a-z0-9])))\s*[:.]?\s*)?/i.exec(rest)?.[0].length ?? 0;
  // A speck OCR read between a label and its value (`Invoice # © INV-22-0174`, `Rechnungs-Nr. a RE-2024-1596`): a
  // mark standing alone, or a lone small letter before a token with a digit.
  skip += OCR_SPECK_BEFORE_VALUE.exec(rest.slice(skip))?.[0].length ?? 0;
  return { line, text: rest.slice(skip), offset: end + skip };
}

/**
 * The chunks printed under a label (the value of a label set above its value,
 * as in column headers or boxed forms): on the next lines of the same page,
 * within about two line heights, starting at or right of the label's x.
 */
export function chunksBelow(ctx: ParseContext, line: number, x: number, maxLines = 2): Array<{ line: number; chunk: TextChunk }> {
  const src = ctx.lines[line];
  if (!src) return [];
  const out: Array<{ line: number; chunk: TextChunk }> = [];
  for (let j = line + 1; j < ctx.lines.length && j <= line + maxLines; j++) {
    const l = ctx.lines[j]!;
    if (l.page !== src.page || l.y - src.y > 3 * Math.max(src.height, l.height)) break;
    const tol = 0.6 * src.height;
    const chunks = l.chunks.filter((c) => c.x >= x - tol).sort((a, b) => a.x - b.x);
    const first = chunks[0];
    if (first) out.push({ line: j, chunk: first });
  }
  return out;
}

/** The chunk of a line that contains the given text offset. */
function chunkOf(ctx: ParseContext, line: number, index: number): TextChunk | undefined {
  const l = ctx.lines[line];
  return l ? chunkAt(l, index) : undefined;
}

/** True when the label's chunk holds nothing but the label (and punctuation): its value is elsewhere. */
function labelAlone(ctx: ParseContext, line: number, start: number, end: number): boolean {
  const chunk = chunkOf(ctx, line, start);
  if (!chunk) return false;
  const chunkEnd = chunk.start + chunk.text.length;
  const after = (ctx.lines[line]?.text ?? '').slice(end, chunkEnd);
  // A comma is how OCR often reads the period of `Nr.` (`Factuur nr,`).
  return /^[\s:#.,=\-n°nrº]*$/i.test(after);
}

const ID_RE = /^[A-Za-z0-9](?:[A-Za-z0-9_/.\-]*[A-Za-z0-9])?/;

/** A series prefix printed before the number with one space: `SI 2022-5492`, `RG 2023-0405`, `FAC 2025-9195`. */
const SERIES_PREFIX_RE = /^([A-Z]{1,4}) (?=[A-Za-z0-9]*\d)/;

/**
 * An identifier without a word glued after its last digit: OCR loses the space between a number and the next word
 * (`FT.2026.007spett.le` for `FT.2026.007 Spett.le`, `2024-118date` for `2024-118 Date`). Numbers are written in
 * capitals and digits: a run of four or more small letters after a digit, in an identifier with no small letter
 * before it, is the next word and is cut off (shorter runs may be the number's own: `12bis`, `07b`); an identifier
 * written in small letters (`inv-2024-001`) is kept whole.
 */
function cutGluedWord(id: string): string {
  const m = /^([^a-z]*\d)[a-z]{4,}[a-z._/\-]*$/.exec(id);
  return m ? m[1]! : id;
}

/**
 * Reads an invoice-number-like token at the start of a text: has a digit, at most 40 characters, not a date or an
 * amount with cents. A short upper-case series prefix separated by one space belongs to it (`SI 2022-5492`).
 */
export function readIdentifier(text: string, options: { dateShaped?: boolean } = {}): string | undefined {
  const trimmed = text.trim();
  const series = SERIES_PREFIX_RE.exec(trimmed);
  // A currency code (ISO 4217) before an amount is no series prefix.
  if (series && !CURRENCY_CODES.has(series[1]!)) {
    const after = trimmed.slice(series[0].length);
    // Digit groups after the series, one space apart, up to the end of the value (`INV 2026 0042`, `FA 2026 03 117`).
    const groups = /^\d+(?: \d{2,}){1,3}(?=\s{2,}|\s*$)/.exec(after);
    if (groups && groups[0].length <= 20) return `${series[1]} ${groups[0]}`;
    const rest = readIdentifier(after);
    // The number must end where its token ends: `EUR 1.234,56` is an amount, not `EUR 1.234`.
    if (rest !== undefined && /^\d/.test(rest) && !/^\S/.test(after.slice(rest.length))) return `${series[1]} ${rest}`;
  }
  // Digit groups one space apart filling the value (`4711 0815 2026`, as telecoms print their invoice numbers): the
  // groups after the first have three digits or more, so an amount in thousands (`1 476`) or a day and month are not one.
  const grouped = /^\d{2,}(?: \d{3,}){1,3}(?=\s{2,}|\s*$)/.exec(trimmed);
  if (grouped && grouped[0].length <= 20 && !/^\d{1,3}(?: \d{3})+$/.test(grouped[0])) return grouped[0];
  const m = ID_RE.exec(trimmed);
  if (!m) return undefined;
  const id = cutGluedWord(m[0]);
  if (!/\d/.test(id) || id.length > 40) return undefined;
  const dates = findDates(id);
  // A date-shaped number (`Faktura nr 12/11/2026`, Polish number / month / year) only where the caller allows it.
  if (dates.length === 1 && dates[0]!.length === id.length && !(options.dateShaped && id.includes('/'))) return undefined;
  if (/^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/.test(id)) return undefined;
  // An EN 16931 term id printed as a placeholder ("BT-1", "BG-22") is no invoice number.
  if (/^B[TG]-\d{1,3}$/i.test(id)) return undefined;
  return id;
}

const DOC_WORD = String.raw`(?<![\p{L}])(\p{L}*rechnung|rechnungskorrektur|gutschrift|facture|avoir|invoice|credit note|note de credit|bill|factuur|creditnota|factura|fattura|nota de credito|nota di credito|faktura|fatura|note d'honoraires|honorarnote|honorarrechnung|nota de honorarios|racun|saskaita faktura|arve|rekins|τιμολογιο|фактура)(?![\p{L}])`;
const HEADING_RE = new RegExp(
  DOC_WORD +
    String.raw`((?:\s*\([^()]{1,40}\))*)` +
    // "Rechnung des Versicherers Nr. 42", "Teilrechnung Bau (875) Nr. 210111": a few words (or a type code in brackets)
    // may stand between the title and its number mark.
    String.raw`(?:((?:\s+[\p{L}'’.-]+|\s*\([^()]{1,40}\)){0,4}?)\s*(nr|no|n°|nº|n\.°|n\.º|number|nummer|numero|num|n(?=\.)|cislo|c(?=\.)|st(?=\.)|br(?=\.)|αριθμοσ|αρ(?=\.)|№)(?![\p{L}])\.?|\s*(#))?\s*[:.]?\s*#?\s*(?=[A-Za-z0-9])`,
  'gu',
);

/** `Seria ABC nr. 0045` (Romanian invoices print their series and number so; Lithuanian ones `Serija AB Nr. 0045`). */
const ROMANIAN_SERIES = /(?<![\p{L}])serij?a\s*:?\s+([A-Z][A-Z0-9-]{0,9})\s+(?:nr\.?|num[aă]r(?:ul)?)\s*:?\s*(\d[\w/-]{0,19})(?![\w/-])/iu;

/**
 * Words after an invoice label that make it another invoice's (`Date de la facture d'origine`, `Date associée`,
 * `Data fattura originale`, `Original invoice date`, `Date of referenced invoice`): BT-25 / BT-26, never BT-1 / BT-2.
 */
const OTHER_INVOICE_WORD = /(?<![\p{L}])(?:d'origine|originale?s?|origineel|oorspronkelijke?|associee?s?|associated|referenced|preceding|corrected|rectifiee?|initiale|ursprungs\p{L}*|ursprungliche?n?|bezugs\p{L}*|stornierte?n?)(?![\p{L}])/u;

/** True when a label at `index` of a line is about another invoice (preceding, original: BG-3) than this one. */
function aboutOtherInvoice(ctx: ParseContext, line: number, index: number): boolean {
  const f = ctx.folded[line] ?? '';
  if (matchLabels(OTHER_INVOICE, f).some((m) => m.index <= index && index - m.end <= 12)) return true;
  // The label's own chunk names another invoice ("Date de la facture d'origine").
  const l = ctx.lines[line];
  const chunk = l ? chunkAt(l, index) : undefined;
  if (chunk === undefined) return false;
  if (OTHER_INVOICE_WORD.test(f.slice(chunk.start, chunk.start + chunk.text.length))) return true;
  // A label wrapped onto the next line of its column ("Data fattura" / "originale").
  for (let j = line + 1; j <= line + 2 && j < ctx.lines.length; j++) {
    const next = ctx.lines[j]!;
    if (next.page !== l!.page || next.y - l!.y > 2.2 * Math.max(l!.height, next.height)) break;
    const under = next.chunks.find((c) => Math.abs(c.x - chunk.x) < 0.6 * l!.height);
    if (under) return OTHER_INVOICE_WORD.test(fold(under.text)) && !/\d/.test(under.text);
  }
  return false;
}

/** True when a line is a payment or bank line (remittance reference, IBAN ...). */
function paymentLine(ctx: ParseContext, line: number): boolean {
  return matchLabels(PAYMENT_CONTEXT, ctx.folded[line] ?? '').length > 0;
}

/** Invoice title words (any kind of invoice), folded: a chunk starting with one is an invoice title. */
const INVOICE_TITLE_STARTS = [...DOCUMENT_WORDS.invoice, ...DOCUMENT_WORDS.creditNote, ...DOCUMENT_WORDS.corrected, ...DOCUMENT_WORDS.prepayment].map((w) => fold(w));

/** Document titles written alone, folded, without blanks. */
const TITLE_SET = new Set(
  [...DOCUMENT_WORDS.invoice, ...DOCUMENT_WORDS.creditNote, ...DOCUMENT_WORDS.corrected, ...DOCUMENT_WORDS.prepayment].map((w) => fold(w).replace(/[\s:.]/g, '')),
);

/** Invoice number candidates with how they were found. */
function numberCandidates(ctx: ParseContext): Array<Candidate<string> & { typeCode?: string; word?: string }> {
  const out: Array<Candidate<string> & { typeCode?: string; word?: string }> = [];
  const n = ctx.lines.length;
  ctx.folded.forEach((f, i) => {
    const early = ctx.lines[i]!.page === 1 && i < Math.max(12, n * 0.5) ? 0.05 : 0;
    for (const hit of matchLabels(INVOICE_NUMBER, f)) {
      const after = textAfter(ctx, i, hit.end);
      const id = readIdentifier(after.text);
      // A label inside a sentence ("... bitte Ihre Kundennummer 3504 und Belegnummer 2018 angeben") is weaker than a field label.
      const chunk0 = chunkOf(ctx, i, hit.index);
      const wordsBefore = chunk0 ? f.slice(chunk0.start, hit.index).trim().split(/\s+/).filter((w) => w !== '').length : 0;
      if (aboutOtherInvoice(ctx, i, hit.index)) continue;
      // A number in a payment line ("Verwendungszweck: ...", "please quote ...") is weaker than one in the header.
      const payment = paymentLine(ctx, i) ? -0.25 : 0;
      // After a number label, a slash date is the number (`Numer faktury: 12/11/2026`), weaker than any other id.
      const dated = id === undefined ? readIdentifier(after.text, { dateShaped: true }) : undefined;
      if (id) out.push({ value: id, score: (wordsBefore >= 3 ? 0.6 : 0.9) + early + payment, line: i, why: 'label' });
      else if (dated) out.push({ value: dated, score: (wordsBefore >= 3 ? 0.45 : 0.7) + early + payment, line: i, why: 'label' });
      else if (after.text.trim() === '' || labelAlone(ctx, i, hit.index, hit.end)) {
        const chunk = chunkOf(ctx, i, hit.index);
        for (const b of chunksBelow(ctx, i, chunk?.x ?? 0, 2)) {
          // A speck OCR read before the value (`, 0000012`) is not part of it.
          const text = ctx.ocr ? b.chunk.text.replace(/^\s*[,.;:'"‘’„`]+\s*/, '') : b.chunk.text;
          const below = readIdentifier(text);
          if (below && (text.trim().split(/\s+/).length === 1 || below === text.trim())) {
            out.push({ value: below, score: 0.8 + early, line: b.line, why: 'label above' });
            break;
          }
        }
      }
    }
    // A title alone ("FACTURE", "R E C H N U N G") with "N° : 42" on one of the next lines.
    const line = ctx.lines[i]!;
    // A bare title word heading a column of a row of labels ("Factuur | Datum | Klantnummer"), its value under it.
    if (line.chunks.length >= 2) {
      for (const c of line.chunks) {
        if (!TITLE_SET.has(fold(c.text).replace(/[\s:.]/g, ''))) continue;
        const below = chunksBelow(ctx, i, c.x, 1)[0];
        // A mark OCR read after the value (`202508024 .`) is not part of it.
        const value = below && Math.abs(below.chunk.x - c.x) < 0.6 * line.height ? below.chunk.text.trim().replace(/\s+[.,:;'"©®~*]+$/, '') : undefined;
        // The whole value, a series and its number included (`FT 2026/384`, a Portuguese certified series).
        const id = value ? readIdentifier(value) : undefined;
        if (id === value && id) out.push({ value: id, score: 0.76 + early, line: below!.line, why: 'label above' });
      }
    }
    if (line.chunks.some((c) => TITLE_SET.has(fold(c.text).replace(/[\s:.]/g, '')))) {
      for (let j = i + 1; j <= i + 4 && j < ctx.lines.length && ctx.lines[j]!.page === line.page; j++) {
        for (const c of ctx.lines[j]!.chunks) {
          const m = /^(?:n°|nº|no\.?|nr\.?|numéro|numero|nummer|number|num\.?|#)\s*:?\s*/i.exec(c.text);
          const id = m ? readIdentifier(c.text.slice(m[0].length)) : undefined;
          if (id) out.push({ value: id, score: 0.72 + early, line: j, why: 'under title' });
        }
      }
    }
    // A Romanian series and number (`Seria ABC nr. 0045`): the number is both, as printed.
    const ro = ROMANIAN_SERIES.exec(ctx.lines[i]?.text ?? '');
    if (ro) out.push({ value: `${ro[1]} ${ro[2]}`, score: 0.85 + early, line: i, why: 'label' });
    HEADING_RE.lastIndex = 0;
    for (const m of f.matchAll(HEADING_RE)) {
      const start = m.index + m[0].length;
      const marker = m[4] ?? m[5];
      const plain = readIdentifier((ctx.lines[i]?.text ?? '').slice(start));
      // With a number mark (`Faktura nr 12/11/2026`), a slash date is the number, weaker than any other id.
      const dated = plain === undefined && marker ? readIdentifier((ctx.lines[i]?.text ?? '').slice(start), { dateShaped: true }) : undefined;
      const id = plain ?? dated;
      if (!id || aboutOtherInvoice(ctx, i, m.index)) continue;
      const atStart = m.index <= 2;
      const score = (marker ? 0.8 : atStart ? 0.62 : 0.45) + early + (paymentLine(ctx, i) ? -0.25 : 0) - (dated ? 0.2 : 0);
      const c: Candidate<string> & { typeCode?: string; word?: string } = { value: id, score, line: i, why: 'heading', word: m[1]! };
      const code = /\((\d{3})\)/.exec(`${m[2] ?? ''} ${m[3] ?? ''}`)?.[1];
      if (code !== undefined) c.typeCode = code;
      out.push(c);
    }
  });
  return out;
}

/**
 * Booking, reservation, the issuer's own reference (and, last, order-style ids) as BT-1, for documents with no
 * invoice-number label at all (issue 25): a hotel or travel invoice often prints only its booking reference. The
 * buyer's own references (`Your reference`, `PO number`) are never taken.
 */
function referenceCandidates(ctx: ParseContext): Array<Candidate<string>> {
  if (ctx.folded.some((f) => matchLabels(INVOICE_NUMBER, f).length > 0)) return [];
  const out: Array<Candidate<string>> = [];
  for (const [set, score] of [[REFERENCE_NUMBER, 0.6], [BARE_NUMBER, 0.5], [ORDER_NUMBER, 0.4]] as const) {
    ctx.folded.forEach((f, i) => {
      const customer = matchLabels(CUSTOMER_REFERENCE, f);
      for (const hit of matchLabels(set, f)) {
        if (customer.some((c) => hit.index < c.end && c.index < hit.end)) continue;
        if (set === BARE_NUMBER && f.slice(chunkOf(ctx, i, hit.index)?.start ?? 0, hit.index).trim() !== '') continue;
        const after = textAfter(ctx, i, hit.end);
        const id = readIdentifier(after.text);
        if (id) {
          out.push({ value: id, score, line: i, why: 'reference' });
          continue;
        }
        if (!labelAlone(ctx, i, hit.index, hit.end) && after.text.trim() !== '') continue;
        const below = chunksBelow(ctx, i, chunkOf(ctx, i, hit.index)?.x ?? 0, 1)[0];
        const value = below?.chunk.text.trim();
        const under = value && !/\s/.test(value) ? readIdentifier(value) : undefined;
        if (under) out.push({ value: under, score: score - 0.05, line: below!.line, why: 'reference' });
      }
    });
    if (out.length > 0) break;
  }
  return out;
}

/**
 * An OCR reading of an invoice number with the capital I of its series read as the digit 1 (`1NV/23/7549`,
 * `1N/25/7060`): a 1 followed by one to three capitals and a separator is the letter. Series such as `INV/`, `IN-`,
 * `IV.` are common; a number starting with a digit and capitals then a separator (`1AB/...`) is not.
 */
export function repairOcrSeries(id: string): string {
  return id.replace(/^1(?=[A-Z]{1,3}[/.\-]\d)/, 'I');
}

/** The invoice number (BT-1) and the document type (BT-3) its heading implies. */
export function findInvoiceNumber(ctx: ParseContext): { number?: Extracted<string>; heading?: { line: number; word?: string; typeCode?: string; end: number } } {
  let candidates: Array<Candidate<string> & { typeCode?: string; word?: string }> = numberCandidates(ctx);
  if (candidates.length === 0) candidates = referenceCandidates(ctx);
  if (candidates.length === 0) return {};
  // The same value found several times is more likely right.
  const byValue = new Map<string, number>();
  for (const c of candidates) byValue.set(c.value, (byValue.get(c.value) ?? 0) + 1);
  for (const c of candidates) c.score += Math.min(0.1, 0.04 * ((byValue.get(c.value) ?? 1) - 1));
  const chosen = best(candidates)!;
  const text = ctx.lines[chosen.line]?.text ?? '';
  const end = text.indexOf(chosen.value) + chosen.value.length;
  if (ctx.ocr) chosen.value = repairOcrSeries(chosen.value);
  const heading: { line: number; word?: string; typeCode?: string; end: number } = { line: chosen.line, end };
  // A number read under its label (a row of labels over a row of values) says nothing of the dates beside it.
  if (chosen.why === 'label above' || chosen.why === 'reference') return { number: extracted(ctx, chosen.value, Math.min(0.95, chosen.score), chosen.line) };
  const headingCandidate = candidates.find((c) => c.line === chosen.line && c.word !== undefined);
  if (headingCandidate?.word !== undefined) heading.word = headingCandidate.word;
  if (headingCandidate?.typeCode !== undefined) heading.typeCode = headingCandidate.typeCode;
  return { number: extracted(ctx, chosen.value, Math.min(0.95, chosen.score), chosen.line), heading };
}

/**
 * The title of a document that is no invoice (`Angebot`, `Devis`, `Quotation`, `Lieferschein`, `Pakbon`, `Preventivo`
 * ...), when it has no invoice title or invoice number label: undefined for an invoice.
 */
export function findNonInvoiceTitle(ctx: ParseContext): string | undefined {
  const limit = Math.min(ctx.lines.length, Math.max(15, Math.ceil(ctx.lines.length * 0.4)));
  let title: string | undefined;
  for (let i = 0; i < ctx.lines.length; i++) {
    const f = ctx.folded[i]!;
    if (matchLabels(INVOICE_NUMBER, f).length > 0) return undefined;
    if (i >= limit) continue;
    const line = ctx.lines[i]!;
    for (const c of line.chunks) {
      const cf = fold(c.text).trim();
      if (TITLE_SET.has(cf.replace(/[\s:.]/g, '')) || INVOICE_TITLE_STARTS.some((w) => cf.startsWith(w))) return undefined;
      if (title !== undefined || i >= limit || line.page !== 1 || cf.split(/\s+/).length > 5) continue;
      // A title stands alone on its line ("DEVIS", "Angebot Nr. 2026-14"); "Bestellung:  4711" is a reference label.
      const hit = matchLabels(NOT_INVOICE_TITLES, cf).find((m) => m.index === 0);
      const rest = hit ? cf.slice(hit.end).trim() : '';
      const alone = line.chunks.length === 1 || (rest !== '' && /^(?:n°|nº|no\.?|nr\.?|#|numero|nummer|number)\s*\S/.test(rest));
      if (hit && alone && !/:\s*$/.test(cf) && (rest === '' || /^(?:n°|nº|no\.?|nr\.?|#|numero|nummer|number)/.test(rest))) title = c.text.trim();
    }
  }
  return title;
}

const CREDIT = compileLabels(DOCUMENT_WORDS.creditNote);
const CORRECTED = compileLabels(DOCUMENT_WORDS.corrected);
const PREPAYMENT = compileLabels(DOCUMENT_WORDS.prepayment);
const SELF_BILLED = compileLabels(DOCUMENT_WORDS.selfBilled);
const INVOICE = compileLabels(DOCUMENT_WORDS.invoice, { prefix: false });

/**
 * The document type (BT-3, UNTDID 1001): a code printed in the title
 * (`Handelsrechnung (380)`), else the title word: credit note 381, corrected
 * invoice 384, self-billed 389, prepayment 386, else commercial invoice 380.
 */
export function findDocumentType(ctx: ParseContext, heading?: { line: number; typeCode?: string }): Extracted<string> {
  if (heading?.typeCode && INVOICE_TYPE_CODES.has(heading.typeCode)) {
    return extracted(ctx, heading.typeCode, 0.95, heading.line);
  }
  const limit = Math.min(ctx.lines.length, Math.max(20, Math.ceil(ctx.lines.length * 0.3)));
  const order: Array<[typeof CREDIT, string]> = [
    [SELF_BILLED, '389'],
    [PREPAYMENT, '386'],
    [CORRECTED, '384'],
    [CREDIT, '381'],
  ];
  const lines = heading ? [heading.line, ...Array.from({ length: limit }, (_, i) => i)] : Array.from({ length: limit }, (_, i) => i);
  for (const i of lines) {
    const f = ctx.folded[i] ?? '';
    for (const [set, code] of order) {
      const hit = matchLabels(set, f)[0];
      // A title word counts when it starts its chunk (a heading), not inside a sentence.
      if (hit && labelStartsChunk(ctx, i, hit.index)) return extracted(ctx, code, i === heading?.line ? 0.85 : 0.7, i);
    }
    if (i === heading?.line && matchLabels(INVOICE, f).length > 0) return extracted(ctx, '380', 0.85, i);
  }
  return extracted(ctx, '380', 0.5, undefined, 'default: commercial invoice');
}

function labelStartsChunk(ctx: ParseContext, line: number, index: number): boolean {
  const chunk = chunkOf(ctx, line, index);
  if (!chunk) return false;
  return (ctx.lines[line]?.text ?? '').slice(chunk.start, index).trim() === '';
}

/** True when a date at `index` of a line is announced by a label of another date (delivery, order, period, due). */
function announcedAsOther(ctx: ParseContext, line: number, index: number): boolean {
  const f = ctx.folded[line] ?? '';
  const labels = [...matchLabels(OTHER_DATE, f), ...matchLabels(DUE_DATE, f), ...matchLabels(ISSUE_DATE, f).map((m) => ({ ...m, issue: true }))]
    .filter((m) => m.end <= index)
    .sort((a, b) => b.end - a.end);
  const nearest = labels[0];
  if (nearest === undefined) return /\bbis\b|\bto\b|\bau\b|–|-\s*$/.test(f.slice(0, index).slice(-6)) && index > 0;
  return !('issue' in nearest);
}

/**
 * A date printed as the value of a label in a narrow label/value table and wrapped over two lines (`Belegdatum
 * 23. Februar` / `2024`): the chunk after the label's chunk, joined with the chunk right under it in the value
 * column (whose label column is empty).
 */
function wrappedDate(ctx: ParseContext, line: number, labelIndex: number): { iso: string; line: number } | undefined {
  const l = ctx.lines[line];
  const label = chunkOf(ctx, line, labelIndex);
  const value = l?.chunks.find((c) => label !== undefined && c.start > label.start);
  if (!l || !label || !value) return undefined;
  const tol = 0.6 * l.height;
  let joined = value.text;
  let prevY = l.y;
  // Up to two more lines of the value column; lines of another column in between are passed over.
  for (let j = line + 1, parts = 1; j < ctx.lines.length && parts < 3; j++) {
    const next = ctx.lines[j]!;
    if (next.page !== l.page || next.y - prevY > 1.7 * Math.max(l.height, next.height)) break;
    if (next.chunks.some((c) => c.x >= label.x - tol && c.x < value.x - tol)) break;
    const rest = next.chunks.find((c) => Math.abs(c.x - value.x) < tol);
    if (!rest) continue;
    joined = `${joined} ${rest.text}`;
    prevY = next.y;
    parts++;
    const date = findDates(joined, { order: ctx.dateOrder })[0];
    if (date && date.index === 0 && date.length >= joined.length - 2) return { iso: date.iso, line };
  }
  return undefined;
}

/** The issue date (BT-2): labelled, or printed after the invoice number (`Nr. 42 vom 05.03.2018`), or the first unlabelled date at the top. */
export function findIssueDate(ctx: ParseContext, heading?: { line: number; end: number }): Extracted<string> | undefined {
  const candidates: Candidate<string>[] = [];
  ctx.folded.forEach((f, i) => {
    for (const hit of matchLabels(ISSUE_DATE, f)) {
      // "Date of the associated invoice", "Datum der Ursprungsrechnung": BT-26, not this invoice's date.
      if (aboutOtherInvoice(ctx, i, hit.index)) continue;
      const date = ctx.dates(i).find((d) => d.index >= hit.end && d.index - hit.end <= 40);
      if (date && matchLabels(OTHER_INVOICE, f.slice(hit.end, date.index)).length > 0) continue;
      if (date) candidates.push({ value: date.iso, score: 0.9, line: i, why: 'label' });
      else if (wrappedDate(ctx, i, hit.index)) candidates.push({ value: wrappedDate(ctx, i, hit.index)!.iso, score: 0.85, line: i, why: 'wrapped value' });
      else {
        const chunk = chunkOf(ctx, i, hit.index);
        for (const b of chunksBelow(ctx, i, chunk?.x ?? 0, 2)) {
          const d = ctx.dates(b.line).find((t) => t.index >= b.chunk.start && t.index < b.chunk.start + b.chunk.text.length);
          if (d) {
            candidates.push({ value: d.iso, score: 0.8, line: b.line, why: 'label above' });
            break;
          }
        }
      }
    }
    // Generator notices ("ZUGFeRD-Version 2.1 vom 24.03.2020") carry dates that are not the invoice's.
    if (matchLabels(BOILERPLATE, f).length > 0) return;
    for (const hit of matchLabels(GENERIC_DATE, f)) {
      if (aboutOtherInvoice(ctx, i, hit.index)) continue;
      const after = textAfter(ctx, i, hit.end);
      const date = ctx.dates(i).find((d) => d.index === after.offset);
      if (date && !announcedAsOther(ctx, i, date.index)) candidates.push({ value: date.iso, score: 0.6, line: i, why: 'generic label' });
      else if (!date && labelAlone(ctx, i, hit.index, hit.end) && labelStartsChunk(ctx, i, hit.index)) {
        // "Date" heading a column of a row of labels: the date right under it; or a wrapped value beside it.
        const wrapped = wrappedDate(ctx, i, hit.index);
        if (wrapped) candidates.push({ value: wrapped.iso, score: 0.6, line: i, why: 'generic label, wrapped value' });
        const chunk = chunkOf(ctx, i, hit.index);
        const below = chunk ? chunksBelow(ctx, i, chunk.x, 1)[0] : undefined;
        const d = below && chunk && Math.abs(below.chunk.x - chunk.x) < 0.6 * ctx.lines[i]!.height ? ctx.dates(below.line).find((t) => t.index === below.chunk.start) : undefined;
        if (d) candidates.push({ value: d.iso, score: 0.6, line: below!.line, why: 'generic label above' });
      }
    }
  });
  if (heading) {
    const text = ctx.folded[heading.line] ?? '';
    const rest = text.slice(heading.end);
    const m = /^\s*[,;]?\s*(?:vom|von|du|dated|of|from|le|den|date)?\s*[:.]?\s*/.exec(rest);
    const date = ctx.dates(heading.line).find((d) => d.index === heading.end + (m?.[0].length ?? 0));
    if (date) candidates.push({ value: date.iso, score: 0.88, line: heading.line, why: 'after number' });
    else if (m && heading.end + m[0].length >= text.trimEnd().length) {
      // "Nr. 42 vom" at the end of a line and the date on the next, or "vom 05.03.2018" starting the next line.
      const nextText = ctx.folded[heading.line + 1] ?? '';
      const lead = /\S/.test(m[0]) ? /^\s*/.exec(nextText) : /^\s*(?:vom|von|du|dated|of|from|le|den)\s*[:.]?\s*/.exec(nextText);
      const next = ctx.dates(heading.line + 1)[0];
      if (lead && next && next.index === lead[0].length) candidates.push({ value: next.iso, score: 0.85, line: heading.line + 1, why: 'after number' });
    }
  }
  if (candidates.length === 0) {
    const limit = Math.max(10, Math.ceil(ctx.lines.length * 0.4));
    for (let i = 0; i < Math.min(limit, ctx.lines.length); i++) {
      if (ctx.lines[i]!.page !== 1) break;
      if (matchLabels(BOILERPLATE, ctx.folded[i]!).length > 0) continue;
      const date = ctx.dates(i).find((d) => !announcedAsOther(ctx, i, d.index));
      if (date) {
        candidates.push({ value: date.iso, score: 0.4, line: i, why: 'first date' });
        break;
      }
    }
  }
  const chosen = best(candidates);
  return chosen ? extracted(ctx, chosen.value, chosen.score, chosen.line) : undefined;
}

const PAYMENT_LINE = /(zahlbar|payable|payment|zahlung|paiement|reglement|a regler|bitte uberweisen|please pay)[^]*?\b(bis|until|by|before|avant le|avant|au plus tard le|spatestens)\s+$/;

/**
 * Due-date labels of a line, each within one chunk or over chunks a word gap apart: two labels of a row of labels
 * (`Date   Due date`) are never read as one (`date due`).
 */
function dueLabels(ctx: ParseContext, line: number): Array<{ index: number; end: number; chunk: TextChunk }> {
  const f = ctx.folded[line]!;
  const out: Array<{ index: number; end: number; chunk: TextChunk }> = [];
  const l = ctx.lines[line]!;
  // A label over several chunks only where they are words of one phrase (OCR cuts `Data  scadenza` at each word).
  for (const hit of matchLabels(DUE_DATE, f)) {
    const spanned = l.chunks.filter((c) => c.start < hit.end && hit.index < c.start + c.text.length);
    if (spanned.length < 2) continue;
    if (spanned.every((c, k) => k === 0 || c.x - (spanned[k - 1]!.x + spanned[k - 1]!.width) <= 1.5 * l.height)) out.push({ index: hit.index, end: hit.end, chunk: spanned[0]! });
  }
  for (const chunk of l.chunks) {
    // A reader may glue two labels into one chunk ("factuurUiterste betaaldatum"): a lower-case letter followed by a
    // capital starts a label too.
    const starts = [0, ...[...chunk.text.matchAll(/(?<=\p{Ll})\p{Lu}/gu)].map((m) => m.index)];
    starts.forEach((from, k) => {
      const to = starts[k + 1] ?? chunk.text.length;
      for (const hit of matchLabels(DUE_DATE, f.slice(chunk.start + from, chunk.start + to))) {
        out.push({ index: chunk.start + from + hit.index, end: chunk.start + from + hit.end, chunk });
      }
    });
  }
  return out;
}

/**
 * The date printed under a label standing alone at the end of its chunk, on the next one or two lines: the value
 * nearest the label's own x. Where a reader glued two labels of a row into one chunk (`Datum oorspronkelijke
 * factuurUiterste betaaldatum`) the label's x is estimated from its place in the chunk.
 */
function dateUnder(ctx: ParseContext, line: number, hit: { index: number; chunk: TextChunk }): { iso: string; line: number } | undefined {
  const l = ctx.lines[line]!;
  const { chunk } = hit;
  const x = chunk.x + (chunk.width * (hit.index - chunk.start)) / Math.max(1, chunk.text.length);
  const tol = Math.max(2 * l.height, 0.02 * (ctx.doc.pageWidth ?? 600));
  for (let j = line + 1; j < ctx.lines.length && j <= line + 2; j++) {
    const lj = ctx.lines[j]!;
    if (lj.page !== l.page || lj.y - l.y > 3 * Math.max(l.height, lj.height)) break;
    const near = lj.chunks.filter((c) => Math.abs(c.x - x) < tol).sort((a, b) => Math.abs(a.x - x) - Math.abs(b.x - x))[0];
    if (!near) continue;
    const d = ctx.dates(j).find((t) => t.index >= near.start && t.index < near.start + near.text.length);
    if (d) return { iso: d.iso, line: j };
  }
  return undefined;
}

/**
 * A due-date label wrapped over two lines of a label column (`Fecha de` / `vencimiento`): its value stands beside the
 * label's first line.
 */
function dateBesideWrappedLabel(ctx: ParseContext, line: number, hit: { index: number; chunk: TextChunk }): { iso: string; line: number } | undefined {
  const l = ctx.lines[line]!;
  if (l.text.slice(hit.chunk.start, hit.index).trim() !== '' || line === 0) return undefined;
  const above = ctx.lines[line - 1]!;
  if (above.page !== l.page || l.y - above.y > 1.6 * Math.max(l.height, above.height)) return undefined;
  const head = above.chunks.find((c) => Math.abs(c.x - hit.chunk.x) < 0.6 * l.height);
  if (!head || /\d/.test(head.text) || /[:.]\s*$/.test(head.text)) return undefined;
  // The label's first line is an unfinished label ("Fecha de", "Date of"): no label of its own.
  if (!/(?:^|\s)(?:de|of|du|der|di|van|del|d')\s*$/i.test(head.text)) return undefined;
  const value = above.chunks.find((c) => c.x > head.x + head.width);
  const d = value ? ctx.dates(line - 1).find((t) => t.index >= value.start && t.index < value.start + value.text.length) : undefined;
  return d ? { iso: d.iso, line: line - 1 } : undefined;
}

/** The payment due date (BT-9): labelled (`Date d'échéance`, `Fällig am`, `Due date`, `bis zum`), or in a payment sentence. */
export function findDueDate(ctx: ParseContext): Extracted<string> | undefined {
  const candidates: Candidate<string>[] = [];
  ctx.folded.forEach((f, i) => {
    for (const hit of dueLabels(ctx, i)) {
      const date = ctx.dates(i).find((d) => d.index >= hit.end && d.index - hit.end <= 40);
      if (date) {
        candidates.push({ value: date.iso, score: 0.85, line: i, why: 'label' });
        continue;
      }
      const wrapped = wrappedDate(ctx, i, hit.index);
      if (wrapped) {
        candidates.push({ value: wrapped.iso, score: 0.8, line: i, why: 'wrapped value' });
        continue;
      }
      const beside = dateBesideWrappedLabel(ctx, i, hit);
      if (beside) {
        candidates.push({ value: beside.iso, score: 0.75, line: beside.line, why: 'wrapped label' });
        continue;
      }
      if (!labelAlone(ctx, i, hit.index, hit.end)) continue;
      // A row of labels over a row of values: the date printed under this label, not the first one of the value row.
      const under = dateUnder(ctx, i, hit);
      if (under) candidates.push({ value: under.iso, score: 0.7, line: under.line, why: 'label above' });
    }
    for (const d of ctx.dates(i)) {
      if (PAYMENT_LINE.test(f.slice(0, d.index))) candidates.push({ value: d.iso, score: 0.6, line: i, why: 'payment sentence' });
    }
  });
  // The earliest due date printed is the one for the full amount; skonto dates come later in the sentence.
  const chosen = best(candidates);
  return chosen ? extracted(ctx, chosen.value, chosen.score, chosen.line) : undefined;
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₹': 'INR', 'zł': 'PLN' };

/** The invoice currency (BT-5): labelled (`Währung: EUR`, `Devise`), else the code or sign printed most often next to amounts. */
export function findCurrency(ctx: ParseContext): Extracted<string> | undefined {
  for (let i = 0; i < ctx.lines.length; i++) {
    const f = ctx.folded[i]!;
    for (const hit of matchLabels(CURRENCY_LABEL, f)) {
      const after = textAfter(ctx, i, hit.end).text;
      const code = /^([A-Z]{3})\b/.exec(after)?.[1];
      if (code && CURRENCY_CODES.has(code)) return extracted(ctx, code, 0.95, i);
      const sign = /^([€$£¥₹]|zł)/.exec(after)?.[1];
      if (sign) return extracted(ctx, SYMBOLS[sign]!, 0.85, i);
      if (/^euros?\b/i.test(after)) return extracted(ctx, 'EUR', 0.9, i);
    }
  }
  const counts = new Map<string, { n: number; line: number }>();
  const add = (code: string, line: number): void => {
    const c = counts.get(code);
    if (c) c.n++;
    else counts.set(code, { n: 1, line });
  };
  ctx.lines.forEach((l, i) => {
    for (const a of ctx.amounts(i)) if (a.currency && (CURRENCY_CODES.has(a.currency) || a.currency === KRONA)) add(a.currency, i);
    for (const m of l.text.matchAll(/(?<![A-Za-z])(?:\(([A-Z]{3})\)|([A-Z]{3}))(?![A-Za-z])/g)) {
      const code = m[1] ?? m[2]!;
      if (!CURRENCY_CODES.has(code) || code === 'EUR') continue;
      // CHE (WIR euro) is also the prefix of a Swiss company number, CHE-123.456.789 (a VAT number with MWST / TVA / IVA).
      if (code === 'CHE' && /^[-\s.]?\d{3}[.\s]?\d{3}[.\s]?\d{3}/.test(l.text.slice(m.index + m[0].length))) continue;
      if (ctx.amounts(i).some((a) => !a.currency)) add(code, i);
    }
    if (/(?<![A-Za-z])EUR(?![A-Za-z])/.test(l.text) && !ctx.amounts(i).some((a) => a.currency === 'EUR')) add('EUR', i);
    if (/\beuros?\b/i.test(fold(l.text)) && !/€/.test(l.text)) add('EUR', i);
    // A sign printed in a column header ("Betrag/€", "Total (€)", "Amount (₹)").
    if (/€/.test(l.text) && !ctx.amounts(i).some((a) => a.currency === 'EUR')) add('EUR', i);
    for (const [sign, code] of [['₹', 'INR'], ['zł', 'PLN'], ['£', 'GBP']] as const) if (l.text.includes(sign) && !ctx.amounts(i).some((a) => a.currency === code)) add(code, i);
  });
  let top: [string, { n: number; line: number }] | undefined;
  for (const e of counts) if (top === undefined || e[1].n > top[1].n) top = e;
  if (!top) return undefined;
  return extracted(ctx, top[0], top[1].n >= 2 ? 0.8 : 0.6, top[1].line);
}
