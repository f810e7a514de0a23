/**
 * The model side: the tool's schema (model-schema.ts), the judgement of a
 * Converse answer (bedrock.ts), and the confidences given to the model's
 * values (assemble.ts).
 */
import type { ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { assembleInvoice, MODEL_CONFIDENCE, type Evidence } from '../../adapters/aws/extract/assemble.js';
import { buildConverseInput, judgeAnswer, SYSTEM_PROMPT } from '../../adapters/aws/extract/bedrock.js';
import { dropNulls, INVOICE_TOOL_NAME, invoiceToolJsonSchema, ModelInvoiceSchema, parseModelInvoice, type ModelInvoice } from '../../adapters/aws/extract/model-schema.js';
import { readExpenseAnalysis } from '../../adapters/aws/extract/textract-map.js';
import { awsFixture, awsTextFixture } from '../fixtures/extract/aws/load.js';

interface ObjectSchema {
  type: string;
  properties: Record<string, ObjectSchema & { items?: ObjectSchema }>;
  required?: string[];
}

/** The keys of a valibot object schema (entries), recursively through optional / pipe / array wrappers. */
function valibotKeys(schema: unknown): Record<string, unknown> {
  let s = schema as { entries?: Record<string, unknown>; wrapped?: unknown; pipe?: unknown[]; item?: unknown };
  while (s.entries === undefined) {
    if (s.wrapped !== undefined) s = s.wrapped as typeof s;
    else if (s.pipe !== undefined) s = s.pipe[0] as typeof s;
    else if (s.item !== undefined) s = s.item as typeof s;
    else return {};
  }
  return s.entries;
}

function sameShape(json: ObjectSchema, valibot: unknown, path: string): void {
  const entries = valibotKeys(valibot);
  expect(Object.keys(json.properties).sort(), path).toEqual(Object.keys(entries).sort());
  for (const [key, sub] of Object.entries(json.properties)) {
    if (sub.type === 'object') sameShape(sub, entries[key], `${path}.${key}`);
    if (sub.type === 'array' && sub.items?.type === 'object') sameShape(sub.items, entries[key], `${path}.${key}[]`);
  }
}

describe('tool schema', () => {
  it('is the input side of the valibot schema: same properties at every level', () => {
    const json = invoiceToolJsonSchema() as unknown as ObjectSchema & { $schema?: string };
    expect(json.type).toBe('object');
    expect(json.$schema).toBeUndefined();
    sameShape(json, ModelInvoiceSchema, '(root)');
  });

  it('shows decimals as dot-decimal strings and requires only what the model cannot omit', () => {
    const json = invoiceToolJsonSchema() as unknown as ObjectSchema;
    const line = json.properties.lines!.items!;
    expect(line.properties.netAmount).toMatchObject({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' });
    expect(line.required).toEqual(['description']);
    expect(json.properties.vatBreakdown!.items!.required).toEqual(['rate']);
    expect(json.required ?? []).toEqual([]);
  });

  it('accepts the recorded tool input and normalises it', () => {
    const output = awsFixture<ConverseCommandOutput>('bedrock-converse-tool-use-invoice-de.json');
    const result = parseModelInvoice(output.output!.message!.content![0]!.toolUse!.input);
    expect(result.ok).toBe(true);
    const invoice = (result as { invoice: ModelInvoice }).invoice;
    expect(invoice.lines?.[0]?.quantity).toBe('8');
    expect(invoice.buyer?.vatNumber).toBeUndefined();
  });

  it('names every issue by path', () => {
    const result = parseModelInvoice({
      invoiceDate: '03/04/2025',
      currency: 'euro',
      lines: [{ description: '  ', netAmount: 'ten' }, { quantity: 1 }],
      vatBreakdown: [{ base: '10' }],
      totals: { totalTTC: 12.5 },
    });
    expect(result.ok).toBe(false);
    const paths = (result as { issues: string[] }).issues.map((i) => i.split(':')[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['invoiceDate', 'currency', 'lines[0].description', 'lines[0].netAmount', 'lines[1].description', 'vatBreakdown[0].rate']),
    );
    expect(paths).not.toContain('totals.totalTTC'); // a JSON number is a valid decimal
  });

  it('reads null as absent, deeply', () => {
    expect(dropNulls({ a: null, b: [1, null, { c: null, d: 2 }] })).toEqual({ b: [1, { d: 2 }] });
    expect(parseModelInvoice({ seller: { name: 'X', vatNumber: null }, totals: null })).toEqual({ ok: true, invoice: { seller: { name: 'X' } } });
  });
});

describe('Converse request and answers', () => {
  const settings = { modelId: 'eu.amazon.nova-pro-v1:0', maxTokens: 2048, repairAttempts: 1 };

  it('builds a request with the system prompt, the document in tags, the tool and the forced choice', () => {
    const input = buildConverseInput(settings, 'Facture F-1');
    expect(input).toMatchObject({
      modelId: 'eu.amazon.nova-pro-v1:0',
      system: [{ text: SYSTEM_PROMPT }],
      messages: [{ role: 'user', content: [{ text: '<document>\nFacture F-1\n</document>' }] }],
      toolConfig: { toolChoice: { tool: { name: INVOICE_TOOL_NAME } } },
      inferenceConfig: { maxTokens: 2048, temperature: 0 },
    });
  });

  it('judges the recorded answers', () => {
    expect(judgeAnswer(awsFixture('bedrock-converse-tool-use-invoice-fr.json')).ok).toBe(true);
    const text = judgeAnswer(awsFixture('bedrock-converse-text-only.json'));
    expect(text).toMatchObject({ ok: false, problem: expect.stringContaining('no toolUse block') });
    const cut = judgeAnswer(awsFixture('bedrock-converse-max-tokens.json'));
    expect(cut).toMatchObject({ ok: false, problem: expect.stringContaining('max_tokens') });
    expect((cut as { repair?: unknown }).repair).toBeUndefined();
  });

  it('refuses a call of another tool without trying to repair it', () => {
    const verdict = judgeAnswer({
      $metadata: {},
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'search_web', input: {} } }] } },
      stopReason: 'tool_use',
      usage: undefined,
      metrics: undefined,
    });
    expect(verdict).toMatchObject({ ok: false, problem: expect.stringContaining('search_web') });
    expect((verdict as { repair?: unknown }).repair).toBeUndefined();
  });
});

describe('assembleInvoice confidences', () => {
  const text = awsTextFixture('pdf-text-invoice-fr.txt');
  const textEvidence: Evidence = { kind: 'text', text, source: 'bedrock, pdf text' };
  const model = (extra: Partial<ModelInvoice> = {}): ModelInvoice => ({ invoiceNumber: 'F-2025-0042', ...extra });

  it('ranks values found in the text above those that are not', () => {
    const inv = assembleInvoice(model({ seller: { name: 'Atelier Dupont SARL', address: '12 rue de la Paix, 75002 Paris' }, buyer: { name: 'Martin & Fils' } }), textEvidence);
    expect(inv.invoiceNumber!.confidence).toBe(MODEL_CONFIDENCE.text.grounded);
    expect(inv.seller.name!.confidence).toBe(MODEL_CONFIDENCE.text.grounded); // case and punctuation ignored
    expect(inv.seller.address!.confidence).toBe(MODEL_CONFIDENCE.text.grounded); // line breaks vs ", "
    expect(inv.buyer.name!.confidence).toBe(MODEL_CONFIDENCE.text.ungrounded);
  });

  it('grounds amounts and dates whatever their printed format', () => {
    const inv = assembleInvoice(
      model({ invoiceDate: '2025-03-15', dueDate: '2025-04-15', totals: { totalTTC: '1500.00', totalHT: '1249.00' } }),
      textEvidence,
    );
    expect(inv.invoiceDate!.confidence).toBe(MODEL_CONFIDENCE.text.grounded); // printed 15/03/2025
    expect(inv.dueDate!.confidence).toBe(MODEL_CONFIDENCE.text.ungrounded); // 15/04 is not printed
    expect(inv.totals.totalTTC!.confidence).toBe(MODEL_CONFIDENCE.text.grounded); // printed 1 500,00 €
    expect(inv.totals.totalHT!.confidence).toBe(MODEL_CONFIDENCE.text.ungrounded);
  });

  it('caps the values the model is unsure of', () => {
    const inv = assembleInvoice(model({ uncertainFields: ['invoiceNumber'] }), textEvidence);
    expect(inv.invoiceNumber!.confidence).toBe(MODEL_CONFIDENCE.uncertain);
  });

  it('drops impossible dates, wrong IBANs, malformed BICs and unknown countries with notes', () => {
    const inv = assembleInvoice(
      model({ invoiceDate: '2025-02-30', iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRI', seller: { country: 'XX' }, buyer: { country: 'UK' } }),
      textEvidence,
    );
    expect(inv.invoiceDate).toBeUndefined();
    expect(inv.iban).toBeUndefined();
    expect(inv.bic).toBeUndefined();
    expect(inv.seller.country).toBeUndefined();
    expect(inv.buyer.country!.value).toBe('GB');
    expect(inv.notes).toHaveLength(4);
  });

  describe('on the OCR path', () => {
    const reading = readExpenseAnalysis([awsFixture('textract-analyze-expense-invoice-fr.json')]);
    const ocr = (): Evidence => ({ kind: 'ocr', text: reading.text, textract: structuredClone(reading.invoice), source: 'bedrock, textract ocr' });

    it("keeps Textract's confidence and source where the model agrees", () => {
      const inv = assembleInvoice(model({ totals: { totalTTC: '1500' } }), ocr());
      expect(inv.invoiceNumber).toEqual(reading.invoice.invoiceNumber);
      expect(inv.totals.totalTTC).toEqual({ ...reading.invoice.totals.totalTTC, value: '1500' });
    });

    it('notes where the model disagrees with Textract and gives the OCR levels', () => {
      const inv = assembleInvoice(model({ invoiceNumber: 'F-2025-0043' }), ocr());
      expect(inv.invoiceNumber).toEqual({ value: 'F-2025-0043', confidence: MODEL_CONFIDENCE.ocr.ungrounded, source: 'bedrock, textract ocr' });
      expect(inv.notes.some((n) => n.includes('invoiceNumber') && n.includes('F-2025-0042'))).toBe(true);
    });

    it("keeps Textract's values and lines where the model left them out", () => {
      const inv = assembleInvoice({}, ocr());
      expect(inv.invoiceNumber).toEqual(reading.invoice.invoiceNumber);
      expect(inv.lines).toEqual(reading.invoice.lines);
      expect(inv.vatBreakdown).toEqual(reading.invoice.vatBreakdown);
      expect(inv.notes.some((n) => n.includes('no lines'))).toBe(true);
    });

    it("compares lines with Textract's only when the model kept their number", () => {
      const merged = assembleInvoice(model({ lines: [{ description: 'Développement site vitrine et hébergement', netAmount: '1250.00' }] }), ocr());
      expect(merged.lines).toHaveLength(1);
      expect(merged.lines[0]!.netAmount!.source).toBe('bedrock, textract ocr');
    });
  });
});
