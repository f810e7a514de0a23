/**
 * v1 partial results (DECISIONS.md, "v1 partial results"; issue 13, point 1):
 * what a document gave, as an EN 16931 model even when terms are missing, so
 * that the official rules say what is missing or wrong (BR-02, BR-06, BR-08,
 * BR-16 ...) and `missing` names the input fields a user must add.
 *
 * The v2 input schema refuses blank required text, so a term the document
 * lacks is given a stand-in for the schema's sake and removed again from the
 * model before anything is validated or written: nothing missing is made up.
 * A value the extractor read but the schema refuses (an impossible date, a
 * malformed code) is treated as not read, with a note.
 */
import { ExtractionError } from '../errors.js';
import { parseInvoiceInput, type InputIssue, type InvoiceInput } from '../input/schema.js';
import { invoiceFromInput } from '../input/to-model.js';
import { sum } from '../model/decimal.js';
import type { Invoice } from '../model/invoice.js';

/** The model of what was read, with the input fields that were missing or unusable. */
export interface PartialInvoice {
  invoice: Invoice;
  /** Input field names (v2 paths, e.g. `seller.address`, `items[0].vatRate`) the document did not give usably. */
  missing: string[];
  /** Why a value that was read could not be used. */
  notes: string[];
}

/** Stand-ins for required input terms, removed from the model afterwards (see {@link removeStandIns}). */
const STAND_INS: Record<string, unknown> = {
  invoiceNumber: '-',
  invoiceDate: '2000-01-01',
  'seller.name': '-',
  'seller.address': '-',
  'buyer.name': '-',
  'buyer.address': '-',
  description: '-',
  quantity: '1',
  unitPrice: '0',
  // A line without a rate is grouped apart under this rate, then the rate and that group are removed.
  vatRate: '0',
};

const LINE_FIELD = /^items\[(\d+)\]\.(description|quantity|unitPrice|vatRate)$/;

function standInFor(path: string): unknown {
  const line = LINE_FIELD.exec(path);
  return line ? STAND_INS[line[2]!] : STAND_INS[path];
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Reads (`value` absent) or writes a dotted input path such as `items[2].vatRate`. */
function at(root: Record<string, unknown>, path: string, ...value: [unknown?]): unknown {
  const keys = path.split(/\.|(?=\[)/).map((k) => (k.startsWith('[') ? Number(k.slice(1, -1)) : k));
  let node: unknown = root;
  for (const [i, key] of keys.entries()) {
    if (node === null || typeof node !== 'object') return undefined;
    const holder = node as Record<string | number, unknown>;
    if (i === keys.length - 1) {
      if (value.length === 0) return holder[key];
      if (value[0] === undefined) delete holder[key];
      else holder[key] = value[0];
      return undefined;
    }
    node = holder[key];
  }
  return undefined;
}

/**
 * Builds the model of a (possibly incomplete) v1 input. Every required term
 * the input lacks is listed in `missing`; every value the input schema
 * refuses is dropped (optional) or listed as missing (required), with a note.
 *
 * @throws ExtractionError only when the input cannot be made to fit the schema
 * at all (a defect of the extraction, never expected).
 */
export function partialInvoiceFromInput(source: Record<string, unknown>): PartialInvoice {
  const input = structuredClone(source);
  const missing = new Set<string>();
  const notes: string[] = [];
  let parsed: InvoiceInput | undefined;
  let last: InputIssue[] = [];
  // Each round settles at least one issue; an invoice has a bounded number of fields.
  for (let round = 0; round < 64 && parsed === undefined; round++) {
    const result = parseInvoiceInput(input);
    if (result.ok) {
      parsed = result.value;
      break;
    }
    last = result.issues;
    let progressed = false;
    for (const issue of result.issues) {
      const current = at(input, issue.path);
      const standIn = standInFor(issue.path);
      if (standIn !== undefined) {
        if (current === standIn) continue;
        if (!isBlank(current)) notes.push(`The ${issue.path} read (${String(current).slice(0, 60)}) could not be used: ${issue.message}.`);
        at(input, issue.path, standIn);
        missing.add(issue.path);
        progressed = true;
      } else if (issue.path !== '' && current !== undefined) {
        notes.push(`The ${issue.path} read (${String(current).slice(0, 60)}) could not be used: ${issue.message}.`);
        at(input, issue.path, undefined);
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  if (parsed === undefined) {
    throw new ExtractionError(`The data read could not be turned into an invoice: ${last.map((i) => `${i.path} ${i.message}`).join('; ')}.`, [
      ...new Set(last.map((i) => i.path || 'document')),
    ]);
  }
  const invoice = invoiceFromInput(parsed);
  removeStandIns(invoice, missing);
  return { invoice, missing: [...missing], notes };
}

/** Takes the stand-ins out of the model, so that the rules see the terms as absent. */
function removeStandIns(inv: Invoice, missing: ReadonlySet<string>): void {
  if (missing.has('invoiceNumber')) inv.number = '';
  if (missing.has('invoiceDate')) inv.issueDate = '';
  for (const role of ['seller', 'buyer'] as const) {
    const party = inv[role];
    if (missing.has(`${role}.name`)) party.name = '';
    if (missing.has(`${role}.address`)) {
      // The country may still be known (VAT number, SIRET): BG-5 / BG-8 keep only it.
      const countryCode = party.address.countryCode;
      party.address = countryCode === undefined ? {} : { countryCode };
    }
  }
  const rateless: number[] = [];
  inv.lines.forEach((line, i) => {
    if (missing.has(`items[${i}].description`)) line.item.name = '';
    if (missing.has(`items[${i}].unitPrice`)) delete line.price.netPrice;
    if (missing.has(`items[${i}].vatRate`)) {
      delete line.vat.rate;
      rateless.push(i);
    }
  });
  if (rateless.length === 0) return;
  // The group the stand-in rate made holds lines whose rate is unknown: no VAT breakdown can be stated for them.
  const rated = inv.lines.filter((l) => l.vat.rate !== undefined);
  inv.vatBreakdown = inv.vatBreakdown.filter(
    (b) => !(b.rate !== undefined && b.rate.isZero() && !rated.some((l) => l.vat.category === b.category && l.vat.rate!.isZero())),
  );
  inv.totals.vatTotal = sum(inv.vatBreakdown.map((b) => b.taxAmount));
}

/**
 * Input fields the official findings ask for beyond those the input schema
 * requires: a term the rules need (BT-40 country, a seller VAT identifier for
 * a VAT category, BT-23 on a French invoice ...). By rule id, with the model
 * path where it matters (`lines[3].vat.rate` -> `items[3].vatRate`).
 */
export function missingFromFindings(findings: ReadonlyArray<{ rule: string; path: string }>, given: (field: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const { rule, path } of findings) {
    const line = /^lines\[(\d+)\]/.exec(path)?.[1];
    let field: string | undefined;
    if (rule === 'BR-02') field = 'invoiceNumber';
    else if (rule === 'BR-03') field = 'invoiceDate';
    else if (rule === 'BR-05') field = 'currency';
    else if (rule === 'BR-06') field = 'seller.name';
    else if (rule === 'BR-07') field = 'buyer.name';
    else if (rule === 'BR-08') field = 'seller.address';
    else if (rule === 'BR-09') field = 'seller.country';
    else if (rule === 'BR-10') field = 'buyer.address';
    else if (rule === 'BR-11') field = 'buyer.country';
    else if (rule === 'BR-16') field = 'items';
    else if (rule === 'BR-CO-26' || /^BR-(S|Z|E|AE|IC|G|O|AF|AG)-02$/.test(rule)) field = 'seller.vatNumber';
    else if (/^BR-(AE|IC)-03$/.test(rule) || rule === 'BR-IC-04') field = 'buyer.vatNumber';
    else if (line !== undefined && /^BR-(S|Z|E|AE|IC|G|AF|AG)-05$/.test(rule)) field = `items[${line}].vatRate`;
    else if (line !== undefined && rule === 'BR-25') field = `items[${line}].description`;
    else if (rule === 'BR-FR-08_BT-23') field = 'businessProcess';
    else if (rule === 'BR-FR-10_BT-30') field = 'seller.siren';
    else if (rule === 'BR-FR-13_BT-34') field = 'seller.electronicAddress';
    else if (rule === 'BR-FR-12_BT-49') field = 'buyer.electronicAddress';
    // An address given whose BG-5 / BG-8 is still absent lacks its country (CII writes no address without one).
    if (field !== undefined && /\.address$/.test(field) && given(field)) field = field.replace(/address$/, 'country');
    if (field !== undefined && !out.includes(field)) out.push(field);
  }
  return out;
}
