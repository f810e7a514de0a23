/**
 * The model's invoice (model-schema.ts) -> the extraction port's
 * ExtractedInvoice, with a confidence per value. The model gives no
 * confidences worth trusting, so they are computed from evidence:
 *
 * - a value equal to Textract's reading of the same field keeps Textract's
 *   confidence and source (the OCR engine measured it);
 * - otherwise a value is "grounded" when it appears in the document text
 *   (text: same letters and digits in order; numbers: the same decimal
 *   printed somewhere; dates: the same day printed in any format), and gets
 *   {@link MODEL_CONFIDENCE}`[evidence].grounded`, else `.ungrounded`;
 * - codes the model derives rather than copies (currency, document type,
 *   country, unit code) get `.derived`;
 * - a value the model lists in `uncertainFields` is capped at
 *   {@link MODEL_CONFIDENCE}`.uncertain`.
 *
 * Digital text (PDF text layer, Office text) is exact, so its grounded values
 * rank above those grounded in OCR text. When the model leaves out a value
 * Textract had, Textract's value is kept, with a note. Cross-checks
 * (cross-checks.ts) may then raise confirmed amounts.
 */
import { isCountryCode } from '../../../lib/input/iso-3166.js';
import { isCalendarDate } from '../../../lib/input/schema.js';
import type { Extracted, ExtractedInvoice, ExtractedLine, ExtractedParty } from '../../../lib/extract/port.js';
import { datesInText } from './dates.js';
import { normaliseBic, normaliseIban } from './identifiers.js';
import type { ModelInvoice } from './model-schema.js';
import { canonicalNumber, numbersInText } from './numbers.js';

/** What the model read from, for confidences. */
export interface Evidence {
  /** `text`: the exact text of a digital document; `ocr`: Textract's reading of an image or scan. */
  kind: 'text' | 'ocr';
  /** The text the model saw (document text, or OCR lines). */
  text: string;
  /** Textract's own mapping, on the OCR path. */
  textract?: ExtractedInvoice;
  /** Source label of the model's values, e.g. `bedrock, pdf text`. */
  source: string;
}

/** Confidences of model values by evidence (see the module comment). */
export const MODEL_CONFIDENCE = {
  text: { grounded: 0.9, ungrounded: 0.6, derived: 0.8 },
  ocr: { grounded: 0.75, ungrounded: 0.5, derived: 0.7 },
  uncertain: 0.4,
} as const;

type ValueKind = 'text' | 'number' | 'date' | 'code';

/** Letters and digits only, lower case, accents removed: `12 Rue de la Paix,\n75002 Paris` ~ `12 rue de la paix 75002 paris`. */
function skeleton(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function sameValue(kind: ValueKind, a: string, b: string): boolean {
  if (kind === 'number') return canonicalNumber(a) === canonicalNumber(b);
  if (kind === 'text') return skeleton(a) === skeleton(b);
  return a === b;
}

class Assembler {
  private readonly textSkeleton: string;
  private readonly numbers: Set<string>;
  private readonly dates: Set<string>;
  private readonly uncertain: Set<string>;
  readonly notes: string[] = [];

  constructor(
    private readonly evidence: Evidence,
    uncertainFields: readonly string[],
  ) {
    this.textSkeleton = skeleton(evidence.text);
    this.numbers = numbersInText(evidence.text);
    this.dates = datesInText(evidence.text);
    this.uncertain = new Set(uncertainFields.map((p) => p.trim()));
  }

  private grounded(kind: ValueKind, value: string): boolean {
    if (kind === 'text') {
      const s = skeleton(value);
      return s !== '' && this.textSkeleton.includes(s);
    }
    if (kind === 'number') return this.numbers.has(canonicalNumber(value));
    if (kind === 'date') return this.dates.has(value);
    return false;
  }

  /** The extracted value at `path`, from the model's `value` and Textract's reading `ocr` of the same field. */
  value(path: string, kind: ValueKind, value: string | undefined, ocr: Extracted<string> | undefined): Extracted<string> | undefined {
    if (value === undefined) {
      if (ocr !== undefined) this.notes.push(`The model left out ${path}; Textract's reading "${ocr.value}" was kept.`);
      return ocr === undefined ? undefined : { ...ocr };
    }
    const levels = MODEL_CONFIDENCE[this.evidence.kind];
    let result: Extracted<string>;
    if (ocr !== undefined && sameValue(kind, ocr.value, value)) {
      result = { value, confidence: ocr.confidence, ...(ocr.source !== undefined ? { source: ocr.source } : {}) };
    } else {
      if (ocr !== undefined) this.notes.push(`The model read ${path} as "${value}" where Textract read "${ocr.value}".`);
      const confidence = kind === 'code' ? levels.derived : this.grounded(kind, value) ? levels.grounded : levels.ungrounded;
      result = { value, confidence, source: this.evidence.source };
    }
    if (this.uncertain.has(path)) result.confidence = Math.min(result.confidence, MODEL_CONFIDENCE.uncertain);
    return result;
  }
}

function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function party(a: Assembler, role: 'seller' | 'buyer', model: ModelInvoice['seller'], ocr: ExtractedParty | undefined): ExtractedParty {
  const p: ExtractedParty = {};
  assign(p, 'name', a.value(`${role}.name`, 'text', model?.name, ocr?.name));
  assign(p, 'address', a.value(`${role}.address`, 'text', model?.address, ocr?.address));
  assign(p, 'vatNumber', a.value(`${role}.vatNumber`, 'text', model?.vatNumber?.replace(/[\s.\-]/g, '').toUpperCase(), ocr?.vatNumber));
  assign(p, 'siret', a.value(`${role}.siret`, 'text', model?.siret?.replace(/\s/g, ''), ocr?.siret));
  assign(p, 'siren', a.value(`${role}.siren`, 'text', model?.siren?.replace(/\s/g, ''), ocr?.siren));
  let country = model?.country;
  if (country === 'UK') country = 'GB';
  if (country !== undefined && !isCountryCode(country)) {
    a.notes.push(`The model gave ${role}.country "${country}", which is not an ISO 3166-1 code; ignored.`);
    country = undefined;
  }
  assign(p, 'country', a.value(`${role}.country`, 'code', country, ocr?.country));
  return p;
}

function line(a: Assembler, index: number, model: NonNullable<ModelInvoice['lines']>[number], ocr: ExtractedLine | undefined): ExtractedLine {
  const path = `lines[${index}]`;
  const l: ExtractedLine = { description: a.value(`${path}.description`, 'text', model.description, ocr?.description)! };
  assign(l, 'quantity', a.value(`${path}.quantity`, 'number', model.quantity, ocr?.quantity));
  assign(l, 'unitPrice', a.value(`${path}.unitPrice`, 'number', model.unitPrice, ocr?.unitPrice));
  assign(l, 'vatRate', a.value(`${path}.vatRate`, 'number', model.vatRate, ocr?.vatRate));
  assign(l, 'netAmount', a.value(`${path}.netAmount`, 'number', model.netAmount, ocr?.netAmount));
  assign(l, 'unitCode', a.value(`${path}.unitCode`, 'code', model.unitCode, ocr?.unitCode));
  return l;
}

/** Builds the port's invoice (method `bedrock`) from the model's reading and the evidence it read from. */
export function assembleInvoice(model: ModelInvoice, evidence: Evidence): ExtractedInvoice {
  const a = new Assembler(evidence, model.uncertainFields ?? []);
  const ocr = evidence.textract;

  let invoiceDate = model.invoiceDate;
  let dueDate = model.dueDate;
  for (const [key, value] of [['invoiceDate', invoiceDate], ['dueDate', dueDate]] as const) {
    if (value !== undefined && !isCalendarDate(value)) {
      a.notes.push(`The model gave ${key} "${value}", which is not a calendar date; ignored.`);
      if (key === 'invoiceDate') invoiceDate = undefined;
      else dueDate = undefined;
    }
  }
  let iban = model.iban;
  if (iban !== undefined) {
    const valid = normaliseIban(iban);
    if (valid === undefined) a.notes.push(`The model read an IBAN "${iban}" whose check digits are wrong; ignored.`);
    iban = valid;
  }
  let bic = model.bic;
  if (bic !== undefined) {
    const valid = normaliseBic(bic);
    if (valid === undefined) a.notes.push(`The model read a BIC "${bic}" that is malformed; ignored.`);
    bic = valid;
  }

  const invoice: ExtractedInvoice = {
    method: 'bedrock',
    exact: false,
    seller: party(a, 'seller', model.seller, ocr?.seller),
    buyer: party(a, 'buyer', model.buyer, ocr?.buyer),
    lines: [],
    vatBreakdown: [],
    totals: {},
    checks: [],
    notes: [],
  };
  assign(invoice, 'documentType', a.value('documentType', 'code', model.documentType, ocr?.documentType));
  assign(invoice, 'invoiceNumber', a.value('invoiceNumber', 'text', model.invoiceNumber, ocr?.invoiceNumber));
  assign(invoice, 'invoiceDate', a.value('invoiceDate', 'date', invoiceDate, ocr?.invoiceDate));
  assign(invoice, 'dueDate', a.value('dueDate', 'date', dueDate, ocr?.dueDate));
  assign(invoice, 'currency', a.value('currency', 'code', model.currency, ocr?.currency));
  assign(invoice, 'iban', a.value('iban', 'text', iban, ocr?.iban));
  assign(invoice, 'bic', a.value('bic', 'text', bic, ocr?.bic));
  assign(invoice, 'paymentTerms', a.value('paymentTerms', 'text', model.paymentTerms, ocr?.paymentTerms));
  for (const key of ['totalHT', 'totalVAT', 'totalTTC', 'prepaid', 'amountDue'] as const) {
    assign(invoice.totals, key, a.value(`totals.${key}`, 'number', model.totals?.[key], ocr?.totals[key]));
  }

  const modelLines = model.lines ?? [];
  if (modelLines.length === 0 && ocr !== undefined && ocr.lines.length > 0) {
    a.notes.push(`The model returned no lines; Textract's ${ocr.lines.length} lines were kept.`);
    invoice.lines = ocr.lines.map((l) => structuredClone(l));
  } else {
    // Textract's lines are compared one to one only when the model kept their number and order.
    const ocrLines = ocr !== undefined && ocr.lines.length === modelLines.length ? ocr.lines : [];
    invoice.lines = modelLines.map((l, i) => line(a, i, l, ocrLines[i]));
  }

  const modelRows = model.vatBreakdown ?? [];
  if (modelRows.length === 0 && ocr !== undefined && ocr.vatBreakdown.length > 0) {
    invoice.vatBreakdown = ocr.vatBreakdown.map((r) => structuredClone(r));
  } else {
    invoice.vatBreakdown = modelRows.map((row, i) => {
      const ocrRow = ocr?.vatBreakdown.find((r) => canonicalNumber(r.rate.value) === canonicalNumber(row.rate));
      const out: ExtractedInvoice['vatBreakdown'][number] = { rate: a.value(`vatBreakdown[${i}].rate`, 'number', row.rate, ocrRow?.rate)! };
      assign(out, 'base', a.value(`vatBreakdown[${i}].base`, 'number', row.base, ocrRow?.base));
      assign(out, 'amount', a.value(`vatBreakdown[${i}].amount`, 'number', row.amount, ocrRow?.amount));
      return out;
    });
  }

  invoice.notes.push(...a.notes);
  return invoice;
}
