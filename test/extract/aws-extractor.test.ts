/**
 * The AWS extractor's routes, with the SDK clients mocked (aws-sdk-client-mock)
 * and responses recorded in test/fixtures/extract/aws: what is sent to which
 * service, and what comes back in the port's shape.
 */
import { BedrockRuntimeClient, ConverseCommand, ThrottlingException, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import {
  AccessDeniedException,
  AnalyzeExpenseCommand,
  ProvisionedThroughputExceededException,
  TextractClient,
  UnsupportedDocumentException,
  type AnalyzeExpenseResponse,
  type ExpenseField,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../lib/errors.js';
import { MODEL_CONFIDENCE } from '../../adapters/aws/extract/assemble.js';
import { CONFIRMED_CONFIDENCE } from '../../adapters/aws/extract/cross-checks.js';
import { AwsCallError, AwsConfigurationError, createAwsExtractor, UpstreamUnavailableError, type AwsExtractorOptions } from '../../adapters/aws/extract/index.js';
import { INVOICE_TOOL_NAME } from '../../adapters/aws/extract/model-schema.js';
import { awsFixture, awsTextFixture } from '../fixtures/extract/aws/load.js';

const MODEL = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% a scan\n');

const textractMock = mockClient(TextractClient);
const bedrockMock = mockClient(BedrockRuntimeClient);

beforeEach(() => {
  textractMock.reset();
  bedrockMock.reset();
});
afterAll(() => {
  textractMock.restore();
  bedrockMock.restore();
});

const expense = (name = 'textract-analyze-expense-invoice-fr.json'): AnalyzeExpenseResponse => awsFixture<AnalyzeExpenseResponse>(name);
const converse = (name: string): ConverseCommandOutput => awsFixture<ConverseCommandOutput>(name);

function extractor(overrides: Partial<AwsExtractorOptions> = {}) {
  return createAwsExtractor({
    region: 'eu-west-3',
    textract: new TextractClient({ region: 'eu-west-3' }),
    bedrock: new BedrockRuntimeClient({ region: 'eu-west-3' }),
    modelId: MODEL,
    timeoutMs: 5_000,
    maxAttempts: 3,
    ...overrides,
  });
}

function textractOnly(overrides: Partial<AwsExtractorOptions> = {}) {
  return createAwsExtractor({ region: 'eu-west-3', textract: new TextractClient({ region: 'eu-west-3' }), timeoutMs: 5_000, maxAttempts: 3, ...overrides });
}

/** The confidence the mapping should give a Textract summary field: min(type, value) / 100. */
function textractConfidence(response: AnalyzeExpenseResponse, type: string, label?: string): number {
  const field = (response.ExpenseDocuments?.[0]?.SummaryFields ?? []).find(
    (f: ExpenseField) => f.Type?.Text === type && (label === undefined || f.LabelDetection?.Text === label),
  );
  if (!field) throw new Error(`fixture has no ${type} field`);
  return Math.round(Math.min(field.Type!.Confidence!, field.ValueDetection!.Confidence!) * 10) / 1000;
}

function userText(call: number): string {
  const input = bedrockMock.commandCalls(ConverseCommand)[call]!.args[0].input;
  return input.messages![0]!.content![0]!.text!;
}

describe('image -> Textract -> Bedrock', () => {
  it('sends the image to AnalyzeExpense, then Textract fields and OCR text to Converse with the forced tool', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense());
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-invoice-fr.json'));

    const result = await extractor().extract({ bytes: PNG, mimeType: 'image/png', fileName: 'scan.png' });

    const textractCalls = textractMock.commandCalls(AnalyzeExpenseCommand);
    expect(textractCalls).toHaveLength(1);
    expect(textractCalls[0]!.args[0].input.Document?.Bytes).toEqual(PNG);
    const converseCalls = bedrockMock.commandCalls(ConverseCommand);
    expect(converseCalls).toHaveLength(1);
    const input = converseCalls[0]!.args[0].input;
    expect(input.modelId).toBe(MODEL);
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: INVOICE_TOOL_NAME } });
    expect(input.toolConfig?.tools?.[0]?.toolSpec?.name).toBe(INVOICE_TOOL_NAME);
    const schema = input.toolConfig?.tools?.[0]?.toolSpec?.inputSchema?.json as { type: string; properties: Record<string, unknown> };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['invoiceNumber', 'seller', 'buyer', 'lines', 'vatBreakdown', 'totals']));
    expect(input.inferenceConfig?.temperature).toBe(0);
    expect(userText(0)).toContain('INVOICE_RECEIPT_ID | Facture N° | F-2025-0042');
    expect(userText(0)).toContain('TVA intracom. : FR45987654321');

    expect(result.method).toBe('bedrock');
    expect(result.exact).toBe(false);
    // Same value as Textract: Textract's confidence and source.
    expect(result.invoiceNumber).toEqual({
      value: 'F-2025-0042',
      confidence: textractConfidence(expense(), 'INVOICE_RECEIPT_ID'),
      source: 'textract page 1, "Facture N°"',
    });
    // Completed by the model from the OCR text (Textract had no buyer VAT field).
    expect(result.buyer.vatNumber).toEqual({ value: 'FR45987654321', confidence: MODEL_CONFIDENCE.ocr.grounded, source: 'bedrock, textract ocr' });
    // Textract missed this unit price; the model's value is confirmed by quantity x price = amount.
    expect(result.lines[1]!.unitPrice!.value).toBe('250.00');
    expect(result.lines[1]!.unitPrice!.confidence).toBeGreaterThanOrEqual(CONFIRMED_CONFIDENCE);
    expect(result.totals.totalTTC!.value).toBe('1500.00');
    expect(result.iban!.value).toBe('FR7630006000011234567890189');
    expect(result.checks.map((c) => c.name).sort()).toEqual(
      ['amount-due', 'line-amounts', 'lines-vs-total-ht', 'total-ht-plus-vat-vs-ttc', 'vat-breakdown-rates', 'vat-breakdown-vs-total-vat'],
    );
    expect(result.checks.every((c) => c.ok)).toBe(true);
    const usage = converse('bedrock-converse-tool-use-invoice-fr.json').usage!;
    expect(result.notes.join('\n')).toContain(`${usage.inputTokens} input, ${usage.outputTokens} output tokens`);
  });

  it('reads a scanned PDF (no usable text layer) the same way', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense());
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-invoice-fr.json'));
    const pdfText = vi.fn(async () => '  \n 3 \n');

    const result = await extractor({ pdfText }).extract({ bytes: PDF, mimeType: 'application/pdf' });

    expect(pdfText).toHaveBeenCalledWith(PDF);
    expect(textractMock.commandCalls(AnalyzeExpenseCommand)[0]!.args[0].input.Document?.Bytes).toEqual(PDF);
    expect(bedrockMock.commandCalls(ConverseCommand)).toHaveLength(1);
    expect(result.method).toBe('bedrock');
    expect(result.notes.some((n) => n.includes('read as a scan'))).toBe(true);
  });

  it('sends a multi-page scan page by page when splitPdfPages is given, pages numbered on', async () => {
    const pages = [new Uint8Array([1]), new Uint8Array([2])];
    textractMock
      .on(AnalyzeExpenseCommand)
      .resolvesOnce(expense())
      .resolvesOnce(expense('textract-analyze-expense-totals-page.json'));
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-invoice-fr.json'));

    await extractor({ splitPdfPages: async () => pages }).extract({ bytes: PDF, mimeType: 'application/pdf' });

    const calls = textractMock.commandCalls(AnalyzeExpenseCommand);
    expect(calls.map((c) => c.args[0].input.Document?.Bytes)).toEqual(pages);
    expect(userText(0)).toContain('--- page 2 ---');
  });

  it('reads at most maxPages pages of a scan, with a note', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense());
    const pages = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];

    const result = await textractOnly({ splitPdfPages: async () => pages, maxPages: 2 }).extract({ bytes: PDF, mimeType: 'application/pdf' });

    expect(textractMock.commandCalls(AnalyzeExpenseCommand)).toHaveLength(2);
    expect(result.notes.some((n) => n.includes('3 pages') && n.includes('first 2'))).toBe(true);
  });
});

describe('digital PDF -> Bedrock only', () => {
  it('sends the text layer to Converse and never calls Textract', async () => {
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-invoice-fr.json'));
    const text = awsTextFixture('pdf-text-invoice-fr.txt');

    const result = await extractor({ pdfText: async () => text }).extract({ bytes: PDF, mimeType: 'application/pdf' });

    expect(textractMock.commandCalls(AnalyzeExpenseCommand)).toHaveLength(0);
    expect(bedrockMock.commandCalls(ConverseCommand)).toHaveLength(1);
    expect(userText(0)).toBe(`<document>\n${text}\n</document>`);
    expect(bedrockMock.commandCalls(ConverseCommand)[0]!.args[0].input.modelId).toBe(MODEL);
    expect(result.method).toBe('bedrock');
    expect(result.invoiceNumber).toEqual({ value: 'F-2025-0042', confidence: MODEL_CONFIDENCE.text.grounded, source: 'bedrock, pdf text' });
    expect(result.invoiceDate).toEqual({ value: '2025-03-15', confidence: MODEL_CONFIDENCE.text.grounded, source: 'bedrock, pdf text' });
    expect(result.currency!.confidence).toBe(MODEL_CONFIDENCE.text.derived);
    expect(result.totals.totalTTC!.confidence).toBeGreaterThanOrEqual(CONFIRMED_CONFIDENCE);
  });

  it('falls back to Textract when no model is configured, even for a digital PDF', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense());
    const pdfText = vi.fn(async () => awsTextFixture('pdf-text-invoice-fr.txt'));

    const result = await textractOnly({ pdfText }).extract({ bytes: PDF, mimeType: 'application/pdf' });

    expect(pdfText).not.toHaveBeenCalled();
    expect(textractMock.commandCalls(AnalyzeExpenseCommand)).toHaveLength(1);
    expect(result.method).toBe('textract');
  });
});

describe('Office text (text/plain) -> Bedrock only', () => {
  it('sends the pre-extracted text to Converse and maps the tool input', async () => {
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-invoice-de.json'));
    const text = awsTextFixture('office-text-invoice-de.txt');

    const result = await extractor().extract({ bytes: new TextEncoder().encode(text), mimeType: 'text/plain; charset=utf-8', fileName: 'rechnung.docx' });

    expect(textractMock.commandCalls(AnalyzeExpenseCommand)).toHaveLength(0);
    expect(userText(0)).toContain('Reisekosten pauschal');
    expect(result.method).toBe('bedrock');
    expect(result.seller.vatNumber!.value).toBe('DE123456789');
    expect(result.buyer.vatNumber).toBeUndefined(); // null in the tool input: absent
    expect(result.invoiceDate).toEqual({ value: '2025-04-03', confidence: MODEL_CONFIDENCE.text.grounded, source: 'bedrock, office text' });
    expect(result.lines.map((l) => l.quantity!.value)).toEqual(['8', '1']); // JSON numbers -> decimal strings
    expect(result.lines[0]!.unitCode!.confidence).toBe(MODEL_CONFIDENCE.text.derived);
    expect(result.lines[1]!.unitCode!.confidence).toBe(MODEL_CONFIDENCE.uncertain); // listed in uncertainFields
    expect(result.totals.totalTTC!.value).toBe('1047.20');
    expect(result.checks.every((c) => c.ok)).toBe(true);
  });

  it('refuses text/plain when no model is configured (415)', async () => {
    const err = await textractOnly()
      .extract({ bytes: new TextEncoder().encode('Rechnung'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(textractMock.calls()).toHaveLength(0);
  });

  it('fails with EXTRACTION_FAILED on blank text, without calling Bedrock', async () => {
    const err = await extractor()
      .extract({ bytes: new TextEncoder().encode(' \n\t '), mimeType: 'text/plain' })
      .catch((e: unknown) => e);
    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    expect(bedrockMock.calls()).toHaveLength(0);
  });
});

describe('Textract only (no model configured)', () => {
  it('maps AnalyzeExpense to the port with Textract confidences and never calls Bedrock', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense());
    const fixture = expense();

    const result = await textractOnly().extract({ bytes: PNG, mimeType: 'image/jpeg' });

    expect(bedrockMock.calls()).toHaveLength(0);
    expect(result.method).toBe('textract');
    // A French seller: the legal form Textract read with the name is kept apart, as the local extractor does.
    expect(result.seller.name).toEqual({ value: 'ATELIER DUPONT', confidence: textractConfidence(fixture, 'VENDOR_NAME'), source: 'textract page 1' });
    expect(result.seller.legalForm?.value).toBe('SARL');
    expect(result.seller.vatNumber!.value).toBe('FR32123456789');
    expect(result.seller.siret!.value).toBe('12345678900012');
    expect(result.buyer.name!.value).toBe('Boulangerie Martin');
    expect(result.invoiceDate!.value).toBe('2025-03-15');
    expect(result.dueDate!.value).toBe('2025-04-14');
    expect(result.currency!.value).toBe('EUR');
    expect(result.totals.totalHT!.value).toBe('1250.00');
    expect(result.vatBreakdown.map((r) => [r.rate.value, r.amount?.value])).toEqual([['20', '250.00']]);
    expect(result.iban!.value).toBe('FR7630006000011234567890189');
    expect(result.bic!.value).toBe('AGRIFRPP');
    expect(result.lines.map((l) => [l.description.value, l.quantity?.value, l.unitPrice?.value, l.netAmount?.value])).toEqual([
      ['Développement site vitrine', '5', '200.00', '1000.00'],
      ['Hébergement annuel', '1', undefined, '250.00'],
    ]);
    expect(result.checks.find((c) => c.name === 'lines-vs-total-ht')?.ok).toBe(true);
  });

  it('fails with EXTRACTION_FAILED naming the missing fields when Textract finds nothing, without calling Bedrock', async () => {
    textractMock.on(AnalyzeExpenseCommand).resolves(expense('textract-analyze-expense-blank-page.json'));

    for (const ex of [textractOnly(), extractor()]) {
      const err = await ex.extract({ bytes: PNG, mimeType: 'image/png' }).catch((e: unknown) => e);
      expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
      expect((err as ServiceError).details?.map((d) => (d as { path: string }).path)).toEqual(
        expect.arrayContaining(['invoiceNumber', 'totals.totalTTC', 'lines']),
      );
    }
    expect(bedrockMock.calls()).toHaveLength(0);
  });
});

describe('malformed model output', () => {
  it('asks once more with the schema issues in a toolResult, then fails with EXTRACTION_FAILED naming them', async () => {
    const malformed = converse('bedrock-converse-tool-use-malformed.json');
    bedrockMock.on(ConverseCommand).resolves(malformed);

    const err = await extractor()
      .extract({ bytes: new TextEncoder().encode(awsTextFixture('pdf-text-invoice-fr.txt')), mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    const message = (err as Error).message;
    expect(message).toContain('lines[0].quantity');
    expect(message).toContain('totals');
    expect(message).toContain('documentType');
    const calls = bedrockMock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(2);
    const repair = calls[1]!.args[0].input.messages!;
    expect(repair).toHaveLength(3);
    expect(repair[1]!.role).toBe('assistant');
    const toolResult = repair[2]!.content![0]!.toolResult!;
    expect(toolResult.status).toBe('error');
    expect(toolResult.toolUseId).toBe(malformed.output!.message!.content![0]!.toolUse!.toolUseId);
    expect(toolResult.content![0]!.text).toContain('lines[0].quantity');
  });

  it('accepts a corrected answer after one malformed answer', async () => {
    bedrockMock
      .on(ConverseCommand)
      .resolvesOnce(converse('bedrock-converse-tool-use-malformed.json'))
      .resolvesOnce(converse('bedrock-converse-tool-use-invoice-fr.json'));

    const result = await extractor().extract({ bytes: new TextEncoder().encode(awsTextFixture('pdf-text-invoice-fr.txt')), mimeType: 'text/plain' });

    expect(bedrockMock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(result.invoiceNumber!.value).toBe('F-2025-0042');
    expect(result.notes.some((n) => n.includes('in 2 calls'))).toBe(true);
  });

  it('fails at once with repairAttempts 0', async () => {
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-tool-use-malformed.json'));
    const err = await extractor({ repairAttempts: 0 })
      .extract({ bytes: new TextEncoder().encode('Facture F-1 total 10,00'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);
    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    expect(bedrockMock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('reports an answer without a toolUse block after reminding the model to call the tool', async () => {
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-text-only.json'));

    const err = await extractor()
      .extract({ bytes: new TextEncoder().encode('Facture F-1 total 10,00'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    expect((err as Error).message).toContain('no toolUse block');
    const calls = bedrockMock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args[0].input.messages![2]!.content![0]!.text).toContain(INVOICE_TOOL_NAME);
  });

  it('fails at once on an answer cut off at maxTokens', async () => {
    bedrockMock.on(ConverseCommand).resolves(converse('bedrock-converse-max-tokens.json'));

    const err = await extractor()
      .extract({ bytes: new TextEncoder().encode('Facture F-1 total 10,00'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    expect((err as Error).message).toContain('max_tokens');
    expect(bedrockMock.commandCalls(ConverseCommand)).toHaveLength(1);
  });
});

describe('AWS failures', () => {
  it('maps throttling that outlived the SDK retries to UPSTREAM_UNAVAILABLE (Bedrock)', async () => {
    bedrockMock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'Too many requests', $metadata: { httpStatusCode: 429, attempts: 3 } }));

    const err = await extractor()
      .extract({ bytes: new TextEncoder().encode('Facture F-1'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect((err as UpstreamUnavailableError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect((err as UpstreamUnavailableError).reason).toBe('throttled');
    expect((err as UpstreamUnavailableError).attempts).toBe(3);
    expect((err as UpstreamUnavailableError).service).toBe('bedrock');
  });

  it('maps Textract ProvisionedThroughputExceededException to UPSTREAM_UNAVAILABLE', async () => {
    textractMock
      .on(AnalyzeExpenseCommand)
      .rejects(new ProvisionedThroughputExceededException({ message: 'Provisioned rate exceeded', $metadata: { httpStatusCode: 400, attempts: 3 } }));

    const err = await textractOnly().extract({ bytes: PNG, mimeType: 'image/png' }).catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect((err as UpstreamUnavailableError).service).toBe('textract');
  });

  it('maps an unreadable document to EXTRACTION_FAILED with a hint about multi-page scans', async () => {
    textractMock
      .on(AnalyzeExpenseCommand)
      .rejects(new UnsupportedDocumentException({ message: 'Request has unsupported document format', $metadata: { httpStatusCode: 400 } }));

    const err = await textractOnly().extract({ bytes: PDF, mimeType: 'application/pdf' }).catch((e: unknown) => e);

    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
    expect((err as Error).message).toContain('split into pages');
  });

  it('keeps operator problems (access denied) out of the caller-facing codes', async () => {
    textractMock.on(AnalyzeExpenseCommand).rejects(new AccessDeniedException({ message: 'not authorized', $metadata: { httpStatusCode: 400 } }));

    const err = await textractOnly().extract({ bytes: PNG, mimeType: 'image/png' }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(AwsCallError);
    expect(err).not.toBeInstanceOf(ServiceError);
    expect((err as AwsCallError).awsErrorName).toBe('AccessDeniedException');
  });

  it('stops waiting at the extraction deadline and aborts the request', async () => {
    bedrockMock.on(ConverseCommand).callsFake(() => new Promise(() => {}));
    const started = Date.now();

    const err = await extractor({ timeoutMs: 50 })
      .extract({ bytes: new TextEncoder().encode('Facture F-1'), mimeType: 'text/plain' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect((err as UpstreamUnavailableError).reason).toBe('timeout');
    // Stopped by its own 50 ms deadline (the mock never answers; the other extractors of this file have 5 s): 4 s
    // leaves a loaded machine eighty times the deadline and still tells the two apart.
    expect(Date.now() - started).toBeLessThan(4_000);
    const options = (bedrockMock.send.getCall(0).args as unknown[])[1] as { abortSignal?: AbortSignal };
    expect(options.abortSignal?.aborted).toBe(true);
  });
});

describe('media types', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['image/webp'],
    ['application/octet-stream'],
  ])('refuses %s with 415 and calls nothing', async (mimeType) => {
    const err = await extractor()
      .extract({ bytes: PNG, mimeType })
      .catch((e: unknown) => e);
    expect((err as ServiceError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(textractMock.calls()).toHaveLength(0);
    expect(bedrockMock.calls()).toHaveLength(0);
  });

  it('fails with EXTRACTION_FAILED on an empty document', async () => {
    const err = await extractor()
      .extract({ bytes: new Uint8Array(), mimeType: 'image/png' })
      .catch((e: unknown) => e);
    expect((err as ServiceError).code).toBe('EXTRACTION_FAILED');
  });
});

describe('EU only', () => {
  it.each(['us-east-1', 'eu-west-2', 'eu-central-2', 'me-central-1', ''])('refuses region "%s" at construction', (region) => {
    expect(() => extractor({ region })).toThrow(AwsConfigurationError);
  });

  it.each(['eu-west-1', 'eu-west-3', 'eu-central-1', 'eu-south-1', 'eu-south-2', 'eu-north-1'])('accepts region %s', (region) => {
    expect(extractor({ region, textract: undefined, bedrock: undefined }).name).toBe('aws');
  });

  it.each([
    'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
    'global.anthropic.claude-sonnet-4-20250514-v1:0',
    'apac.amazon.nova-pro-v1:0',
    'anthropic.claude-3-7-sonnet-20250219-v1:0',
    'arn:aws:bedrock:us-east-1:123456789012:inference-profile/eu.amazon.nova-pro-v1:0',
  ])('refuses model %s at construction', (modelId) => {
    expect(() => extractor({ modelId })).toThrow(AwsConfigurationError);
  });

  it.each(['eu.amazon.nova-pro-v1:0', 'arn:aws:bedrock:eu-west-3:123456789012:inference-profile/eu.anthropic.claude-3-7-sonnet-20250219-v1:0'])(
    'accepts model %s',
    (modelId) => {
      expect(extractor({ modelId }).name).toBe('aws');
    },
  );

  it('refuses a Bedrock client without a model id', () => {
    expect(() => extractor({ modelId: undefined })).toThrow(AwsConfigurationError);
  });

  it('refuses an injected client whose region is outside the EU, before sending anything', async () => {
    const ex = extractor({ textract: new TextractClient({ region: 'us-east-1' }) });
    await expect(ex.extract({ bytes: PNG, mimeType: 'image/png' })).rejects.toThrow(AwsConfigurationError);
    expect(textractMock.calls()).toHaveLength(0);
  });

  it('refuses out-of-range limits', () => {
    expect(() => extractor({ timeoutMs: 0 })).toThrow(AwsConfigurationError);
    expect(() => extractor({ maxAttempts: 0 })).toThrow(AwsConfigurationError);
    expect(() => extractor({ maxAttempts: 11 })).toThrow(AwsConfigurationError);
  });
});
