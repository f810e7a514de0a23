/**
 * Which document extractor v1 convert uses, chosen once per process by
 * EXTRACTOR: `local` (default: pdf.js text, tesseract.js OCR, exceljs/xlsx,
 * mammoth, rule-based field parser; no cloud) or `aws` (Textract
 * AnalyzeExpense + Bedrock Converse in AWS_REGION with BEDROCK_MODEL_ID, an EU
 * inference profile). Office files are turned into text locally before the AWS
 * extractor sees them (Textract does not read them).
 */
import type { ExtractionInput, InvoiceExtractor } from '../../lib/extract/port.js';
import { config } from './config.js';

let current: Promise<InvoiceExtractor> | undefined;

/** Plain text of a positioned document, line by line. */
function documentText(doc: { lines: Array<{ text: string }> }): string {
  return doc.lines.map((l) => l.text).join('\n');
}

const OFFICE = /spreadsheetml|ms-excel|wordprocessingml/;

async function create(): Promise<InvoiceExtractor> {
  if (config.extractor === 'local') {
    const { createLocalExtractor } = await import('../../lib/extract/local/index.js');
    return createLocalExtractor();
  }
  const { createAwsExtractor } = await import('../../adapters/aws/extract/index.js');
  const { readPdfText } = await import('../../lib/extract/local/pdf-text.js');
  const aws = createAwsExtractor({
    region: config.region,
    ...(config.bedrockModelId ? { modelId: config.bedrockModelId } : {}),
    timeoutMs: config.extractionTimeoutMs,
    maxAttempts: 3,
    pdfText: async (bytes) => documentText((await readPdfText(bytes)).doc),
  });
  return {
    name: 'aws',
    extract: async (input: ExtractionInput) => {
      if (!OFFICE.test(input.mimeType)) return aws.extract(input);
      const doc = /wordprocessingml/.test(input.mimeType)
        ? await (await import('../../lib/extract/local/word.js')).readWord(input.bytes)
        : await (await import('../../lib/extract/local/spreadsheet.js')).readSpreadsheet(input.bytes);
      return aws.extract({ ...input, bytes: new TextEncoder().encode(documentText(doc)), mimeType: 'text/plain' });
    },
  };
}

/** The process's extractor (created on first use). */
export function getExtractor(): Promise<InvoiceExtractor> {
  current ??= create();
  return current;
}

/** Installs an extractor (tests). */
export function setExtractor(extractor: InvoiceExtractor): void {
  current = Promise.resolve(extractor);
}
