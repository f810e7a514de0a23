/**
 * The lenient parse of the v2 invoice input (issue 12, DECISIONS.md "Missing
 * data"): an absent mandatory business term is an EN 16931 finding with its
 * official rule id (BR-02, BR-06, BR-16, BR-22, ...), not a 400.
 *
 * {@link parsePartialInvoiceInput} lets the required input fields that carry a
 * business term through when they are absent, and keeps every other check of
 * the schema (./schema.ts): a wrong type, a value that cannot be read (a date
 * that is not a date, a quantity of "abc"), a text over its length limit is
 * still a 400 with its path. The partial input then becomes a partial model
 * (./to-model.ts), which the rules judge as they judge a CII document that
 * lacks the same terms.
 *
 * Absent means: the key is missing, `null`, or (for a text, date, decimal or
 * code field) a string with nothing but white space, as the official artefacts
 * test presence with `normalize-space(.) != ''` (lib/model/presence.ts).
 *
 * How: each absent field of {@link ABSENTABLE_FIELDS} is given a placeholder
 * the schema accepts, the body goes through the one schema (so a field added
 * to it is checked here too), and the placeholders are removed from the
 * parsed value. The schema itself is unchanged and still says what a complete
 * invoice needs (OpenAPI `required`).
 *
 * Required input fields that carry no mandatory business term stay required
 * (400): the `line1`, `postcode` and `city` of a structured address (the form
 * DECISIONS.md gives the structured address; EN 16931 has no rule on them, a
 * one-string address carries what there is), the `id` of an electronic address
 * or object identifier object, the `text` of a note object: without them the
 * object has nothing to say.
 */
import type { Decimal } from '../model/decimal.js';
import { parseInvoiceInput, type AddressInput, type InputIssue, type InvoiceInput, type InvoiceItemInput } from './schema.js';

/** What kind of value a field holds, which decides its placeholder. */
type FieldKind = 'text' | 'date' | 'decimal' | 'country';

/** A required input field that carries a mandatory business term: absent, the rule named reports it. */
export interface AbsentableField {
  /** Input path, `[]` standing for any line index. */
  path: string;
  kind: FieldKind;
  /** The business term(s) the field carries. */
  terms: string;
  /** The official EN 16931 rule id(s) that report the absence (for the documentation and tests). */
  rules: string;
}

/**
 * Every required field of the input that may be absent, with the rule that
 * reports it. The objects `seller`, `buyer` and the array `items` may be absent
 * too (BR-06/BR-08/BR-09, BR-07/BR-10/BR-11, BR-16): they are then empty.
 */
export const ABSENTABLE_FIELDS: readonly AbsentableField[] = [
  { path: 'invoiceNumber', kind: 'text', terms: 'BT-1', rules: 'BR-02' },
  { path: 'invoiceDate', kind: 'date', terms: 'BT-2', rules: 'BR-03' },
  { path: 'seller.name', kind: 'text', terms: 'BT-27', rules: 'BR-06' },
  { path: 'seller.address', kind: 'text', terms: 'BG-5 (with BT-40)', rules: 'BR-08, BR-09' },
  { path: 'seller.address.countryCode', kind: 'country', terms: 'BT-40', rules: 'BR-09' },
  { path: 'seller.electronicAddress.scheme', kind: 'text', terms: 'BT-34-1', rules: 'BR-62' },
  { path: 'buyer.name', kind: 'text', terms: 'BT-44', rules: 'BR-07' },
  { path: 'buyer.address', kind: 'text', terms: 'BG-8 (with BT-55)', rules: 'BR-10, BR-11' },
  { path: 'buyer.address.countryCode', kind: 'country', terms: 'BT-55', rules: 'BR-11' },
  { path: 'buyer.electronicAddress.scheme', kind: 'text', terms: 'BT-49-1', rules: 'BR-63' },
  { path: 'precedingInvoice.number', kind: 'text', terms: 'BT-25', rules: 'BR-55' },
  { path: 'items[].description', kind: 'text', terms: 'BT-153', rules: 'BR-25' },
  { path: 'items[].quantity', kind: 'decimal', terms: 'BT-129 (and BT-131, computed from it)', rules: 'BR-22, BR-23, BR-24' },
  { path: 'items[].unitPrice', kind: 'decimal', terms: 'BT-146 (and BT-131, computed from it)', rules: 'BR-26, BR-24' },
  { path: 'items[].vatRate', kind: 'decimal', terms: 'BT-152 (and BT-119)', rules: 'BR-S-05, BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05, BR-AF-05, BR-AG-05, BR-48 (none for category O)' },
];

/** The containers that may be absent: they are then empty (their fields absent), see {@link ABSENTABLE_FIELDS}. */
export const ABSENTABLE_CONTAINERS: readonly string[] = ['seller', 'buyer', 'items'];

/**
 * Required fields of the input that stay required (400 with their path when absent), with the reason: no
 * EN 16931 rule reports their absence, and the object they belong to says nothing without them.
 */
export const STILL_REQUIRED_FIELDS: ReadonlyArray<{ path: string; reason: string }> = [
  ...(['seller', 'buyer'] as const).flatMap((party) => [
    ...['line1', 'postcode', 'city'].map((field) => ({
      path: `${party}.address.${field}`,
      reason: 'the structured address form (DECISIONS.md, "Addresses") has them; EN 16931 has no rule on them; send a one-string address to give less',
    })),
    { path: `${party}.electronicAddress.id`, reason: 'an electronic address object without its identifier is no address' },
  ]),
  { path: 'invoicedObjectIdentifier.id', reason: 'an identifier object without its identifier (BT-18) is no identifier' },
  { path: 'items[].objectIdentifier.id', reason: 'an identifier object without its identifier (BT-128) is no identifier' },
  { path: 'notes[].text', reason: 'a note object without its text (BT-22) is no note' },
  ...(['deliverTo', 'taxRepresentative'] as const).flatMap((party) => [
    ...['line1', 'postcode', 'city'].map((field) => ({
      path: `${party}.address.${field}`,
      reason: 'as for the seller and buyer: the structured address form has them; send a one-string address to give less',
    })),
    {
      path: `${party}.address.countryCode`,
      reason: 'a structured address carries its country; a one-string address that names none (and no country field) is reported by BR-57 / BR-20',
    },
  ]),
  { path: 'deliverTo.locationId.id', reason: 'an identifier object without its identifier (BT-71) is no identifier' },
  { path: 'payee.identifier.id', reason: 'an identifier object without its identifier (BT-60) is no identifier' },
  { path: 'payee.legalRegistrationId.id', reason: 'an identifier object without its identifier (BT-61) is no identifier' },
  { path: 'items[].classifications[].code', reason: 'a classification without its code (BT-158) is no classification' },
  { path: 'paymentMeans.card.lastDigits', reason: 'a payment card object without its last digits (BT-87) says nothing of the card' },
  ...['content', 'filename', 'mimeCode'].map((field) => ({
    path: `supportingDocuments[].attachment.${field}`,
    reason: 'an attached file (BT-125) is its content with its MIME code and file name, which CII requires together',
  })),
];

const PLACEHOLDERS: Readonly<Record<FieldKind, string | number>> = { text: 'x', date: '2000-01-01', decimal: 1, country: 'FR' };

/** A structured address whose country code (BT-40 / BT-55) may be absent. */
export type PartialAddressInput = string | (Omit<Exclude<AddressInput, string>, 'countryCode'> & { countryCode?: string | undefined });

/** An electronic address whose scheme (BT-34-1 / BT-49-1) may be absent. */
type PartialElectronicAddress = string | { id: string; scheme?: string | undefined } | undefined;

type Party<P> = Omit<P, 'name' | 'address' | 'electronicAddress'> & {
  name?: string | undefined;
  address?: PartialAddressInput | undefined;
  electronicAddress?: PartialElectronicAddress;
};

/** A seller (BG-4) of the partial input. */
export type PartialSellerInput = Party<InvoiceInput['seller']>;
/** A buyer (BG-7) of the partial input. */
export type PartialBuyerInput = Party<InvoiceInput['buyer']>;

/** An invoice line (BG-25) of the partial input: name, quantity, net price and VAT rate may be absent. */
export type PartialItemInput = Omit<InvoiceItemInput, 'description' | 'quantity' | 'unitPrice' | 'vatRate'> & {
  description?: string | undefined;
  quantity?: Decimal | undefined;
  unitPrice?: Decimal | undefined;
  vatRate?: Decimal | undefined;
};

/**
 * The v2 input as the lenient parse gives it: {@link InvoiceInput} where the
 * fields of {@link ABSENTABLE_FIELDS} may be undefined; `seller`, `buyer` and
 * `items` are always there (possibly empty). A complete {@link InvoiceInput}
 * is one too.
 */
export type PartialInvoiceInput = Omit<InvoiceInput, 'invoiceNumber' | 'invoiceDate' | 'seller' | 'buyer' | 'items' | 'precedingInvoice'> & {
  invoiceNumber?: string | undefined;
  invoiceDate?: string | undefined;
  seller: PartialSellerInput;
  buyer: PartialBuyerInput;
  items: PartialItemInput[];
  precedingInvoice?: { number?: string | undefined; date?: string | undefined } | undefined;
};

/** The outcome of {@link parsePartialInvoiceInput}. */
export type ParsePartialInvoiceInputResult =
  | { ok: true; value: PartialInvoiceInput; /** Input paths of the absent fields, e.g. `items[0].quantity`, `seller`. */ absent: string[] }
  | { ok: false; issues: InputIssue[] };

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent: missing, null, or a string of white space only. */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The required fields of a line (BG-25) that may be absent, in the schema's order. */
const LINE_FIELDS: ReadonlyArray<readonly [string, FieldKind]> = [['description', 'text'], ['quantity', 'decimal'], ['unitPrice', 'decimal'], ['vatRate', 'decimal']];

/** Fills the absent fields of a copy of `body`; records the path of each placeholder put in. */
class Filler {
  readonly placeholders: string[] = [];
  readonly absent: string[] = [];

  /** Puts a placeholder at `obj[key]` (a copy) when the value there is absent. */
  field(obj: Obj, key: string, kind: FieldKind, path: string): void {
    if (!isAbsent(obj[key])) return;
    obj[key] = PLACEHOLDERS[kind];
    this.placeholders.push(path);
    this.absent.push(path);
  }

  /** A copy of the object at `obj[key]`, or a fresh one (recorded absent) when it is missing or null; undefined when it is something else, for the schema to report. */
  object(obj: Obj, key: string, path: string): Obj | undefined {
    const value = obj[key];
    if (value === undefined || value === null) {
      this.absent.push(path);
      return (obj[key] = {});
    }
    return isObject(value) ? (obj[key] = { ...value }) : undefined;
  }

  party(body: Obj, key: 'seller' | 'buyer'): void {
    const party = this.object(body, key, key);
    if (party === undefined) return;
    this.field(party, 'name', 'text', `${key}.name`);
    const address = party.address;
    if (isObject(address)) {
      const copy = (party.address = { ...address });
      this.field(copy, 'countryCode', 'country', `${key}.address.countryCode`);
    } else this.field(party, 'address', 'text', `${key}.address`);
    const electronic = party.electronicAddress;
    if (isObject(electronic) && !isAbsent(electronic.id)) {
      const copy = (party.electronicAddress = { ...electronic });
      this.field(copy, 'scheme', 'text', `${key}.electronicAddress.scheme`);
    }
  }

  items(body: Obj): void {
    const items = body.items;
    if (items === undefined || items === null) {
      this.absent.push('items');
      body.items = [];
      return;
    }
    if (!Array.isArray(items)) return;
    let copied: unknown[] | undefined;
    items.forEach((item: unknown, i) => {
      // Complete lines (nearly all) are not copied: 10,000 lines cost no more than the strict parse.
      if (!isObject(item) || !LINE_FIELDS.some(([key]) => isAbsent(item[key]))) return;
      const copy = { ...item };
      for (const [key, kind] of LINE_FIELDS) this.field(copy, key, kind, `items[${i}].${key}`);
      (copied ??= [...items])[i] = copy;
    });
    if (copied !== undefined) body.items = copied;
  }
}

/** `items[2].quantity` -> `['items', 2, 'quantity']`. */
function keysOf(path: string): Array<string | number> {
  return path.split(/\.|(?=\[)/).map((part) => (part.startsWith('[') ? Number(part.slice(1, -1)) : part));
}

/** Removes the placeholder at `path` from the parsed value. */
function removeAt(value: unknown, path: string): void {
  const keys = keysOf(path);
  let target = value as Record<string | number, unknown> | undefined;
  for (const key of keys.slice(0, -1)) target = target?.[key] as Record<string | number, unknown> | undefined;
  if (target !== undefined) target[keys[keys.length - 1]!] = undefined;
}

/**
 * Parses a v2 request body as {@link parseInvoiceInput} does, except that the
 * fields of {@link ABSENTABLE_FIELDS} (and the `seller`, `buyer` and `items`
 * containers) may be absent: the value then lacks them, and `absent` lists
 * their paths. Any other problem is returned as issues with paths (400). Never
 * throws.
 */
export function parsePartialInvoiceInput(body: unknown): ParsePartialInvoiceInputResult {
  if (!isObject(body)) return parseInvoiceInput(body) as ParsePartialInvoiceInputResult;
  const filled: Obj = { ...body };
  const filler = new Filler();
  filler.field(filled, 'invoiceNumber', 'text', 'invoiceNumber');
  filler.field(filled, 'invoiceDate', 'date', 'invoiceDate');
  filler.party(filled, 'seller');
  filler.party(filled, 'buyer');
  filler.items(filled);
  const preceding = filled.precedingInvoice;
  if (isObject(preceding)) {
    const copy = (filled.precedingInvoice = { ...preceding });
    filler.field(copy, 'number', 'text', 'precedingInvoice.number');
  }
  const parsed = parseInvoiceInput(filled);
  if (!parsed.ok) return parsed;
  for (const path of filler.placeholders) removeAt(parsed.value, path);
  return { ok: true, value: parsed.value as PartialInvoiceInput, absent: filler.absent };
}
