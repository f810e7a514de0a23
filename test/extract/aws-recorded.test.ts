/**
 * Every real AnalyzeExpense recording of ../shared/aws-recorded/textract
 * through the production path: clients built by clients.ts, only the HTTP
 * layer faked, so the SDK's own deserializer reads the recorded JSON. The
 * expected values (test/fixtures/extract/aws-recorded/expected.ts) are what
 * each recording's SummaryFields and LineItemGroups say; the invariants below
 * are checked against the recording itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyzeExpenseResponse, ExpenseDocument, ExpenseField } from '@aws-sdk/client-textract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../../lib/errors.js';
import type { ExtractedInvoice } from '../../lib/extract/port.js';
import { isValidSiren, isValidSiret } from '../../lib/rules/extra/checksums.js';
import { convertDocument } from '../../lib/v1/convert.js';
import { createAwsExtractor, createTextractClient } from '../../adapters/aws/extract/index.js';
import { RECORDED, type RecordedExpectation } from '../fixtures/extract/aws-recorded/expected.js';
import { requireShared } from '../shared-path.js';
import { asRequestHandler, ScriptedHandler, TEST_CREDENTIALS, textractReply } from './aws-http.js';

const DIR = requireShared('aws-recorded', 'textract');
const REGION = 'eu-west-3';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% a scan of several pages\n');

/** The recording as the wire body of an AnalyzeExpense answer: AnalyzeLending outputs give their ExpenseDocuments, one page each. */
function wireBody(file: string): AnalyzeExpenseResponse {
  const json = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as AnalyzeExpenseResponse & { Results?: Array<{ Extractions?: Array<{ ExpenseDocument?: ExpenseDocument }> }> };
  if (json.ExpenseDocuments !== undefined) return json;
  const documents = (json.Results ?? []).flatMap((r) => (r.Extractions ?? []).flatMap((e) => (e.ExpenseDocument ? [e.ExpenseDocument] : [])));
  return { DocumentMetadata: { Pages: 1 }, ExpenseDocuments: documents };
}

/** The recording's expense documents as the SDK deserialised them would be (same JSON). */
function documentsOf(file: string): ExpenseDocument[] {
  return wireBody(file).ExpenseDocuments ?? [];
}

function extractor(handler: ScriptedHandler, splitPdfPages?: (bytes: Uint8Array) => Promise<Uint8Array[]>) {
  const settings = { region: REGION, maxAttempts: 1, requestTimeoutMs: 5_000 };
  return createAwsExtractor({
    region: REGION,
    textract: createTextractClient(settings, { requestHandler: asRequestHandler(handler), credentials: TEST_CREDENTIALS }),
    timeoutMs: 5_000,
    maxAttempts: 1,
    ...(splitPdfPages ? { splitPdfPages } : {}),
  });
}

/** The value at `path` (see expected.ts). */
function valueAt(invoice: ExtractedInvoice, path: string): unknown {
  let current: unknown = invoice;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (current === undefined || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  const last = path.split('.').pop()!;
  if (last !== 'confidence' && last !== 'source' && typeof current === 'object' && current !== null && 'value' in current) {
    return (current as { value: unknown }).value;
  }
  return current;
}

const fieldsOf = (docs: ExpenseDocument[], ...types: string[]): ExpenseField[] =>
  docs.flatMap((d) => d.SummaryFields ?? []).filter((f) => types.includes(f.Type?.Text ?? ''));

it('has an expectation for every recording, and the recordings are there', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
  expect(files.length).toBeGreaterThanOrEqual(10);
  expect(RECORDED.map((r) => r.file).sort()).toEqual(files);
});

describe.each(RECORDED.map((r) => [r.file, r] as const))('%s', (file, expectation: RecordedExpectation) => {
  let result: ExtractedInvoice | undefined;
  let failure: unknown;
  let handler: ScriptedHandler;

  beforeAll(async () => {
    handler = new ScriptedHandler([textractReply(wireBody(file))]);
    try {
      result = await extractor(handler).extract({ bytes: PNG, mimeType: 'image/png' });
    } catch (err) {
      failure = err;
    }
  });

  it('goes through AnalyzeExpense once', () => {
    expect(handler.requests).toHaveLength(1);
    expect(handler.requests[0]!.headers['x-amz-target']).toBe('Textract.AnalyzeExpense');
  });

  if (expectation.fails) {
    it('fails with EXTRACTION_FAILED', () => {
      expect(result).toBeUndefined();
      expect(failure).toBeInstanceOf(ExtractionError);
    });
    return;
  }

  it('is read', () => {
    if (failure !== undefined) throw failure;
    expect(result?.method).toBe('textract');
  });

  it.each(expectation.fields.map(([path, expected]) => [path, expected] as const))('%s = %j', (path, expected) => {
    expect(valueAt(result!, path)).toEqual(expected);
  });

  if (expectation.notes?.length) {
    it.each(expectation.notes.map((n) => [n]))('says %j in a note', (needle) => {
      expect(result!.notes.some((n) => n.includes(needle))).toBe(true);
    });
  }

  // Invariants checked against the recording itself.
  it('gives the currency a confidence when Textract read a currency code', () => {
    const docs = documentsOf(file);
    const carrying = [...docs.flatMap((d) => d.SummaryFields ?? []), ...docs.flatMap((d) => (d.LineItemGroups ?? []).flatMap((g) => (g.LineItems ?? []).flatMap((i) => i.LineItemExpenseFields ?? [])))].filter(
      (f) => f.Currency?.Code !== undefined,
    );
    if (carrying.length === 0) {
      expect(result!.currency).toBeUndefined();
      return;
    }
    expect(carrying.map((f) => f.Currency!.Code)).toContain(result!.currency?.value);
    // As sure as Textract was of the best value carrying it (its own Currency.Confidence, when it gives one).
    const best = Math.max(...carrying.map((f) => (f.Currency!.Confidence ?? Math.min(f.Type?.Confidence ?? 100, f.ValueDetection?.Confidence ?? 0)) / 100));
    expect(result!.currency!.confidence).toBeCloseTo(best, 2);
  });

  it('gives a SIREN or SIRET only when its check digits hold', () => {
    for (const party of [result!.seller, result!.buyer]) {
      if (party.siren) expect(isValidSiren(party.siren.value)).toBe(true);
      if (party.siret) expect(isValidSiret(party.siret.value)).toBe(true);
    }
  });

  it('reads every printed invoice and due date, or says why not', () => {
    for (const f of fieldsOf(documentsOf(file), 'INVOICE_RECEIPT_DATE', 'DUE_DATE')) {
      const printed = f.ValueDetection?.Text?.trim();
      if (!printed) continue;
      const read = f.Type!.Text === 'DUE_DATE' ? result!.dueDate : result!.invoiceDate;
      const noted = result!.notes.some((n) => n.includes(printed));
      expect(read !== undefined || noted, `${f.Type!.Text} "${printed}"`).toBe(true);
    }
  });

  it('keeps every line item with a description and an amount, or says why not', () => {
    const items = documentsOf(file).flatMap((d) => (d.LineItemGroups ?? []).flatMap((g) => g.LineItems ?? []));
    const described = items.filter((i) => (i.LineItemExpenseFields ?? []).some((f) => ['ITEM', 'DESCRIPTION'].includes(f.Type?.Text ?? '') && f.ValueDetection?.Text?.trim()));
    const dropped = result!.notes.filter((n) => /^Textract line item \d+/.test(n)).length;
    expect(result!.lines.length + dropped).toBeGreaterThanOrEqual(described.length);
    for (const line of result!.lines) expect(line.description.value).not.toMatch(/,,|\n/);
  });

  it('never takes more as paid than the total', () => {
    const { prepaid, totalTTC } = result!.totals;
    if (prepaid && totalTTC) expect(Number(prepaid.value)).toBeLessThanOrEqual(Number(totalTTC.value));
  });
});

describe('a multi-page scan', () => {
  const file = 'response-parser__src-python_tests_data_analyzeExpenseResponse-multipage.json';

  /** One synchronous answer per page, as AnalyzeExpense gives for a single-page PDF: the page's documents, numbered page 1. */
  function pageAnswers(): AnalyzeExpenseResponse[] {
    const byPage = new Map<number, ExpenseDocument[]>();
    for (const doc of documentsOf(file)) {
      const page = doc.SummaryFields?.[0]?.PageNumber ?? 1;
      const renumber = (f: ExpenseField): ExpenseField => ({ ...f, PageNumber: 1 });
      const copy: ExpenseDocument = {
        ...doc,
        SummaryFields: (doc.SummaryFields ?? []).map(renumber),
        LineItemGroups: (doc.LineItemGroups ?? []).map((g) => ({ ...g, LineItems: (g.LineItems ?? []).map((i) => ({ LineItemExpenseFields: (i.LineItemExpenseFields ?? []).map(renumber) })) })),
        Blocks: (doc.Blocks ?? []).map((b) => ({ ...b, Page: 1 })),
      };
      byPage.set(page, [...(byPage.get(page) ?? []), copy]);
    }
    return [...byPage.keys()].sort().map((p) => ({ DocumentMetadata: { Pages: 1 }, ExpenseDocuments: byPage.get(p)! }));
  }

  it('split into pages, goes to AnalyzeExpense page by page and keeps the page numbers', async () => {
    const answers = pageAnswers();
    expect(answers).toHaveLength(2);
    const handler = new ScriptedHandler(answers.map(textractReply));
    const pages = [new Uint8Array([1]), new Uint8Array([2])];
    const result = await extractor(handler, async () => pages).extract({ bytes: PDF, mimeType: 'application/pdf' });

    expect(handler.requests).toHaveLength(2);
    expect(handler.requests.map((r) => JSON.parse(r.body).Document.Bytes)).toEqual([Buffer.from([1]).toString('base64'), Buffer.from([2]).toString('base64')]);
    expect(result.totals.totalTTC).toMatchObject({ value: '5715.00', source: 'textract page 2, "Total:"' });
    expect(result.dueDate).toMatchObject({ value: '2020-03-26', source: 'textract page 2, "Payment Due By:"' });
    expect(result.invoiceNumber).toMatchObject({ value: '00000135', source: 'textract page 1, "Invoice No:"' });
    expect(result.lines).toHaveLength(8);
    expect(result.checks.find((c) => c.name === 'lines-vs-total-ht')?.ok ?? true).toBe(true);
  });
});

describe('a receipt, not an EN 16931 invoice, through v1 convert', () => {
  it('comes back with what was read, what is missing and the official findings, without XML (issue 13)', async () => {
    const file = 'textractor__tests_fixtures_saved_api_responses_test_analyze_expense_from_image.json';
    const handler = new ScriptedHandler([textractReply(wireBody(file))]);
    const result = await convertDocument({ bytes: PNG, mimeType: 'image/png', profile: 'comfort' }, { extractor: extractor(handler) });

    expect(result.factureX).toBeNull();
    expect(result.extractedData.invoiceNumber).toBeDefined();
    const missing = result.missing;
    expect(missing).toEqual(expect.arrayContaining(['items[0].vatRate', 'items[3].vatRate', 'buyer.name', 'buyer.address', 'seller.address']));
    // The rules say the same with their official ids: BR-07 buyer name, BR-10 buyer address, BR-08 seller address.
    expect(result.validation.errors.map((e) => e.rule)).toEqual(expect.arrayContaining(['BR-07', 'BR-08', 'BR-10']));
    expect(result.validation.valid).toBe(false);
    // What it has is not among what is missing.
    expect(missing).not.toContain('invoiceNumber');
    expect(missing).not.toContain('invoiceDate');
  });
});
