/**
 * The invoice the Bedrock model returns through its tool: a valibot schema
 * that both produces the tool's JSON Schema (`toolSpec.inputSchema.json`, the
 * input side, up to the first transformation of each pipe) and validates the
 * model's `toolUse.input`. Its fields are the extraction port's, without
 * confidences (the extractor computes those: assemble.ts), plus
 * `uncertainFields`, where the model lists what it inferred or could not read
 * clearly.
 *
 * What the schema states is enforced: a model answer that breaks it is
 * "malformed" (bedrock.ts asks once for a corrected call, then fails with an
 * ExtractionError naming every issue). Amounts may come as JSON numbers or as
 * printed text (`1 234,50`) and are turned into dot-decimal strings without
 * floats (numbers.ts). `null` means absent.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { normaliseNumber, type NumberKind } from './numbers.js';

/** Name of the tool the model must call (`toolChoice: { tool: { name } }`). */
export const INVOICE_TOOL_NAME = 'record_invoice';

/** UNTDID 1001 document types the service accepts (BT-3; DECISIONS.md). */
export const MODEL_DOCUMENT_TYPES = ['380', '381', '384', '386', '389'] as const;

function blankToUndefined(text: string): string | undefined {
  const value = text.replace(/\s+/g, ' ').trim();
  return value === '' ? undefined : value;
}

function text(description: string) {
  return v.optional(v.pipe(v.string('must be a string'), v.description(description), v.transform(blankToUndefined)));
}

/** The input form of a decimal; the tool schema shows it as a string (see {@link invoiceToolJsonSchema}). */
const DECIMAL_INPUT = v.union([v.string(), v.number()], 'must be a decimal number written as a string such as "1234.50"');

function decimal(description: string, kind: NumberKind) {
  return v.pipe(
    DECIMAL_INPUT,
    v.description(description),
    v.transform((value) => (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const n = normaliseNumber(dataset.value, kind);
      if (n === undefined) {
        addIssue({ message: `"${dataset.value}" is not a decimal number such as "1234.50"` });
        return NEVER;
      }
      return n.value;
    }),
  );
}

function optionalDecimal(description: string, kind: NumberKind = 'amount') {
  return v.optional(decimal(description, kind));
}

function date(description: string) {
  return v.optional(
    v.pipe(v.string('must be a string'), v.description(description), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')),
  );
}

function code(description: string, pattern: RegExp, message: string) {
  return v.optional(v.pipe(v.string('must be a string'), v.description(description), v.regex(pattern, message), v.transform((s) => s.toUpperCase())));
}

const PartySchema = v.object({
  name: text('Legal or trading name as printed (BT-27 seller / BT-44 buyer).'),
  address: text('Full postal address as printed, lines joined with ", ", country included when printed (BG-5 / BG-8).'),
  vatNumber: text('VAT identifier with its country prefix, e.g. FR32123456789 (BT-31 / BT-48).'),
  siret: text('French SIRET, 14 digits, when printed.'),
  siren: text('French SIREN, 9 digits, when printed (and no SIRET).'),
  country: code('ISO 3166-1 alpha-2 country code of the address, e.g. FR, DE, BE (BT-40 / BT-55).', /^[A-Za-z]{2}$/, 'must be a two-letter country code'),
});

const LineSchema = v.object({
  description: v.pipe(v.string('must be a string'), v.description('Item name or description as printed (BT-153).'), v.transform(blankToUndefined), v.string('must not be empty')),
  quantity: optionalDecimal('Invoiced quantity (BT-129).', 'quantity'),
  unitPrice: optionalDecimal('Net unit price excluding VAT (BT-146).', 'quantity'),
  vatRate: optionalDecimal('VAT rate in percent, e.g. "20" or "5.5" (BT-152).', 'quantity'),
  netAmount: optionalDecimal('Line net amount excluding VAT as printed (BT-131).'),
  unitCode: code(
    'UN/ECE Recommendation 20 unit code when the unit is printed: C62 (unit, piece), HUR (hour), DAY (day), KGM (kilogram), MTR (metre), LTR (litre), MON (month) (BT-130).',
    /^[A-Za-z0-9]{2,3}$/,
    'must be a UN/ECE Rec. 20 unit code such as C62',
  ),
});

const VatRowSchema = v.object({
  rate: decimal('VAT rate in percent (BT-119).', 'quantity'),
  base: optionalDecimal('Taxable amount at this rate (BT-116).'),
  amount: optionalDecimal('VAT amount at this rate (BT-117).'),
});

const TotalsSchema = v.object({
  totalHT: optionalDecimal('Total excluding VAT (BT-109).'),
  totalVAT: optionalDecimal('Total VAT amount (BT-110).'),
  totalTTC: optionalDecimal('Total including VAT (BT-112).'),
  prepaid: optionalDecimal('Amount already paid, deposit (BT-113).'),
  amountDue: optionalDecimal('Amount due for payment (BT-115).'),
});

/** The model's invoice (tool input), validated and normalised. */
export const ModelInvoiceSchema = v.object({
  documentType: v.optional(
    v.pipe(v.picklist(MODEL_DOCUMENT_TYPES, 'must be one of 380, 381, 384, 386, 389'), v.description('UNTDID 1001: 380 invoice, 381 credit note, 384 corrected invoice, 386 prepayment invoice, 389 self-billed invoice (BT-3).')),
  ),
  invoiceNumber: text('Invoice number as printed (BT-1).'),
  invoiceDate: date('Issue date, YYYY-MM-DD (BT-2). European documents write the day first: 03/04/2025 is 2025-04-03.'),
  dueDate: date('Payment due date, YYYY-MM-DD (BT-9).'),
  currency: code('ISO 4217 currency code, e.g. EUR (BT-5).', /^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code'),
  seller: v.optional(v.pipe(PartySchema, v.description('The seller / supplier who issued the invoice (BG-4).'))),
  buyer: v.optional(v.pipe(PartySchema, v.description('The buyer / customer (BG-7).'))),
  lines: v.optional(v.pipe(v.array(LineSchema, 'must be an array'), v.description('Every invoice line, in document order (BG-25).'))),
  vatBreakdown: v.optional(v.pipe(v.array(VatRowSchema, 'must be an array'), v.description('VAT summary as printed, one row per rate (BG-23).'))),
  totals: v.optional(v.pipe(TotalsSchema, v.description('Document totals as printed (BG-22).'))),
  iban: text('IBAN of the payee account (BT-84).'),
  bic: text('BIC / SWIFT of the payee bank (BT-86).'),
  paymentTerms: text('Payment terms as printed (BT-20).'),
  uncertainFields: v.optional(
    v.pipe(
      v.array(v.string('must be a string'), 'must be an array'),
      v.description('Paths of the values you inferred or could not read clearly, e.g. "invoiceDate", "seller.vatNumber", "lines[2].quantity", "totals.totalTTC".'),
    ),
  ),
});

/** The model's invoice after validation: amounts as dot-decimal strings, codes upper case, blanks absent. */
export type ModelInvoice = v.InferOutput<typeof ModelInvoiceSchema>;

/**
 * The tool's JSON Schema: the input side of {@link ModelInvoiceSchema}, with
 * decimals shown as strings (they may also come as numbers) and no `$schema`
 * key (Bedrock takes the bare schema object).
 */
export function invoiceToolJsonSchema(): JsonSchema {
  const schema = toJsonSchema(ModelInvoiceSchema, {
    typeMode: 'input',
    overrideSchema: ({ valibotSchema }) => (valibotSchema === DECIMAL_INPUT ? { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } : undefined),
  });
  const { $schema: _ignored, ...rest } = schema as JsonSchema & { $schema?: string };
  return { ...rest, description: 'The invoice data read from the document.' };
}

/** Removes `null` members (the model's way of saying "absent") from a JSON value, deeply. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((x) => x !== null).map(dropNulls);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([, x]) => x !== null).map(([k, x]) => [k, dropNulls(x)]));
  }
  return value;
}

/** `lines[2].quantity` from a valibot issue path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === 'number') path += `[${key}]`;
    else path += path === '' ? String(key) : `.${String(key)}`;
  }
  return path === '' ? '(root)' : path;
}

/** The result of checking a tool input. */
export type ModelInvoiceResult = { ok: true; invoice: ModelInvoice } | { ok: false; issues: string[] };

/** Validates a tool input against {@link ModelInvoiceSchema}; issues read `path: message`. */
export function parseModelInvoice(input: unknown): ModelInvoiceResult {
  const result = v.safeParse(ModelInvoiceSchema, dropNulls(input));
  if (result.success) return { ok: true, invoice: result.output };
  return { ok: false, issues: result.issues.map((issue) => `${issuePath(issue)}: ${issue.message}`) };
}
