/**
 * The extraction port (v1): turns a document (PDF, image, spreadsheet, Word
 * file) into invoice data with a confidence per field. Two adapters implement
 * it: the local one (lib/extract/local: pdf.js text, tesseract.js OCR, exceljs /
 * xlsx, mammoth, and a rule-based field parser) and the AWS one
 * (adapters/aws/extract: Textract AnalyzeExpense + Bedrock Converse). The core
 * never imports an adapter; the edge chooses one by configuration.
 */

/** A document to extract from. */
export interface ExtractionInput {
  bytes: Uint8Array;
  /** e.g. application/pdf, image/png, image/jpeg, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/vnd.ms-excel, application/vnd.openxmlformats-officedocument.wordprocessingml.document */
  mimeType: string;
  fileName?: string;
  /** When the caller stops waiting (epoch ms, as Date.now()); an extractor answers before it, or fails with DocumentTooComplexError. */
  deadline?: number;
  /**
   * Where the document is already stored, when it is (the documents of
   * asynchronous jobs: their blob name, lib/jobs/job.ts inputName). An
   * extractor that reads from that storage may use it instead of the bytes
   * (the AWS one: Textract StartExpenseAnalysis on the S3 object).
   */
  storedAt?: string;
}

/** One extracted value with how sure we are of it (0..1) and where it was read. */
export interface Extracted<T> {
  value: T;
  /** 0 (guess) .. 1 (certain: e.g. read from embedded XML or confirmed by a cross-check). */
  confidence: number;
  /** Where it came from, e.g. `page 1, line 3`, `sheet Facture!B4`, `embedded factur-x.xml`. */
  source?: string;
}

/** A party as extracted. */
export interface ExtractedParty {
  name?: Extracted<string>;
  /** Full address text as printed. */
  address?: Extracted<string>;
  vatNumber?: Extracted<string>;
  siret?: Extracted<string>;
  siren?: Extracted<string>;
  /** ISO 3166-1 alpha-2. */
  country?: Extracted<string>;
  /** Legal form printed beside a French company's name (`SARL`, `SAS` ...), which is not part of the name (BT-27 / BT-44). */
  legalForm?: Extracted<string>;
  /**
   * What decided that this party is the seller or the buyer (issue 25): its source (`seller heading`, `letterhead`,
   * `footer`, `payee`, `buyer heading`, `address window` ...) and the evidence that backs it (`identifiers in its block`,
   * `payee of the bank details`, `e-mail or web domain`, `also named by: ...`, `legal form`); the name's confidence
   * follows from it.
   */
  evidence?: string[];
}

/** An invoice line as extracted; amounts are decimal strings (never floats). */
export interface ExtractedLine {
  description: Extracted<string>;
  quantity?: Extracted<string>;
  unitPrice?: Extracted<string>;
  /** Percent, e.g. "20" or "5.5". */
  vatRate?: Extracted<string>;
  /** Line net amount as printed. */
  netAmount?: Extracted<string>;
  unitCode?: Extracted<string>;
}

/** How the data was obtained. */
export type ExtractionMethod = 'embedded-xml' | 'embedded-ubl' | 'pdf-text' | 'ocr' | 'spreadsheet' | 'word' | 'textract' | 'bedrock';

/** The result of an extraction; amounts are decimal strings with a dot (e.g. "1234.50"). */
export interface ExtractedInvoice {
  method: ExtractionMethod;
  /** True when the data is exact (read from an embedded Factur-X / ZUGFeRD / XRechnung XML). */
  exact: boolean;
  /** The embedded XML, when method is 'embedded-xml'. */
  embeddedXml?: { name: string; xml: string };
  invoiceNumber?: Extracted<string>;
  /** YYYY-MM-DD. */
  invoiceDate?: Extracted<string>;
  /** YYYY-MM-DD. */
  dueDate?: Extracted<string>;
  /** ISO 4217. */
  currency?: Extracted<string>;
  /** UNTDID 1001: 380 invoice, 381 credit note. */
  documentType?: Extracted<string>;
  seller: ExtractedParty;
  buyer: ExtractedParty;
  lines: ExtractedLine[];
  /** VAT breakdown as printed. */
  vatBreakdown: Array<{ rate: Extracted<string>; base?: Extracted<string>; amount?: Extracted<string> }>;
  totals: {
    totalHT?: Extracted<string>;
    totalVAT?: Extracted<string>;
    totalTTC?: Extracted<string>;
    prepaid?: Extracted<string>;
    amountDue?: Extracted<string>;
    /** Sum of document-level discounts (BT-107), a positive amount, when the document prints one apart from its lines. */
    allowanceTotal?: Extracted<string>;
  };
  iban?: Extracted<string>;
  bic?: Extracted<string>;
  paymentTerms?: Extracted<string>;
  /** Results of the cross-checks (lines vs totals vs VAT), each with its outcome. */
  checks: Array<{ name: string; ok: boolean; detail: string }>;
  /** Things the extractor noticed (e.g. "OCR confidence low on page 2"). */
  notes: string[];
  /** Set when the document is titled as something else than an invoice (`Angebot`, `Quotation`, `Lieferschein` ...): its title. */
  notAnInvoice?: string;
}

/** The port every extractor implements. */
export interface InvoiceExtractor {
  /** Short name for logs and responses, e.g. `local`, `aws`. */
  readonly name: string;
  /** @throws ExtractionError (code EXTRACTION_FAILED) when nothing usable is found; other domain errors for unreadable input. */
  extract(input: ExtractionInput): Promise<ExtractedInvoice>;
  /**
   * Reads the Factur-X / ZUGFeRD / XRechnung XML a PDF carries (undefined when none), where the
   * extractor reads PDFs in isolation; without it the caller reads the PDF itself (lib/pdf/extract.ts).
   */
  embeddedXml?(bytes: Uint8Array, deadline?: number): Promise<{ name: string; xml: Uint8Array } | undefined>;
}
