/**
 * The jobs an isolation worker runs (./pool.ts), by name: each takes and
 * returns structured-cloneable values only (bytes, strings, plain objects).
 * Everything here parses untrusted documents: pdf-lib, pdf.js, SheetJS,
 * mammoth, libxml2 on large XML, and the renderer.
 */
import type { ExtractedInvoice, ExtractionInput } from '../extract/port.js';
import type { LocalExtractor } from '../extract/local/index.js';
import type { ExtractedInvoiceXml } from '../pdf/extract.js';
import type { EmbedFacturXResult } from '../pdf/embed.js';
import type { FacturXProfile } from '../pdf/profile.js';
import { JOB_OCR_BUDGET_MS, JOB_READ_BUDGET_MS, OCR_BUDGET_MS } from './budgets.js';
import type { RuleRequest } from '../rules/rule-sets.js';
import type { InvoiceProfile } from '../ubl/profile.js';
import type { SyntaxName } from '../convert/syntax.js';

/** What a task may do beyond computing its result. */
export interface TaskContext {
  /** Asks for a longer deadline, `ms` from the job's start (capped by the caller's maximum). */
  extend(ms: number): void;
}

/** The XML rendered (v2 render), with what the answer's headers say. */
export interface RenderedXml {
  pdf: Uint8Array;
  invoiceNumber: string;
  /** True when the PDF embeds the invoice as CII (a valid EN 16931 invoice, whatever BT-24 it declares). */
  embedded: boolean;
  /** `ubl` when the XML sent was UBL and the PDF embeds its CII conversion (Factur-X carries CII only). */
  convertedFrom?: 'ubl';
  /** With `convertedFrom`: how many items of the UBL the CII conversion does not carry (lib/convert, `unmapped`). */
  unmapped?: number;
  valid: boolean;
  /** Distinct fatal rule ids, in order of first appearance. */
  errorRules: string[];
}

const extractors = new Map<'sync' | 'job', LocalExtractor>();
let current: TaskContext | undefined;

/**
 * The local extractor of a request (`sync`: text pages read for 2 s, OCR for 15 s, the budgets of a request) or of
 * an asynchronous job (`job`: the job's larger budgets, so a document sent to a job because it would not fit a
 * request is read whole: text pages until 5 s before JOB_READ_BUDGET_MS, OCR until 20 s before JOB_OCR_BUDGET_MS).
 */
async function localExtractor(mode: 'sync' | 'job'): Promise<LocalExtractor> {
  let extractor = extractors.get(mode);
  if (!extractor) {
    const { createLocalExtractor } = await import('../extract/local/index.js');
    extractor =
      mode === 'job'
        ? createLocalExtractor({ textTimeMs: JOB_READ_BUDGET_MS - 5_000, ocrTimeMs: JOB_OCR_BUDGET_MS - 20_000, onOcrStart: () => current?.extend(JOB_OCR_BUDGET_MS) })
        : createLocalExtractor({ onOcrStart: () => current?.extend(OCR_BUDGET_MS) });
    extractors.set(mode, extractor);
  }
  return extractor;
}

/** Plain text of a positioned document, line by line. */
function documentText(doc: { lines: Array<{ text: string }> }): string {
  return doc.lines.map((l) => l.text).join('\n');
}

/**
 * Validates and renders an XML invoice (the v2 render use case), CII or UBL by its root element; also run in the
 * request's thread for small XML. A valid invoice makes a Factur-X PDF/A-3: Factur-X carries CII only, so a valid
 * UBL invoice is embedded as its CII conversion (lib/convert, the model unchanged; what CII cannot carry is counted
 * in `unmapped`), itself validated before it is embedded.
 */
export async function renderXml(xml: string | Uint8Array, options: { schemaDir?: string | undefined; rules?: RuleRequest | undefined }): Promise<RenderedXml> {
  const { validateInvoiceXml } = await import('../validate-xml.js');
  const { renderInvoicePdf } = await import('../pdf/render/render.js');
  const { facturXProfileOf } = await import('../pdf/profile.js');
  const opts = { ...(options.schemaDir ? { schemaDir: options.schemaDir } : {}), ...(options.rules ? { rules: options.rules } : {}) };
  // The rule families `rules` selects (BR-FR for a French seller under auto, XRechnung, Peppol) run in either syntax.
  const verdict = validateInvoiceXml(xml, opts);
  const result = { invoiceNumber: verdict.invoice.number, valid: verdict.valid, errorRules: [...new Set(verdict.errors.map((e) => e.rule))] };
  // Valid is valid whatever BT-24 says (the CEN rules accept any identifier): embed, declaring the profile BT-24
  // names (ZUGFeRD 1.0 ids included), else EN 16931, the rules the invoice has just passed.
  // The profile for fx:ConformanceLevel is a CII one: a Peppol BIS 3 id names none (EN 16931 is declared then).
  const ciiProfile = (info: { profile: InvoiceProfile; specificationId: string }) => ({ profile: info.profile === 'PEPPOL BIS 3' ? ('UNKNOWN' as const) : info.profile, specificationId: info.specificationId });
  let embed: { xml: string | Uint8Array; profile: ReturnType<typeof ciiProfile> } | undefined;
  let converted: { unmapped: number } | undefined;
  if (verdict.valid && verdict.syntax === 'CII') embed = { xml, profile: ciiProfile(verdict) };
  else if (verdict.valid) {
    const { translateInvoiceXml } = await import('../convert/convert.js');
    const cii = translateInvoiceXml(xml, { ...opts, to: 'cii' });
    converted = { unmapped: cii.unmapped.length };
    if (cii.validation.valid) embed = { xml: cii.xml, profile: ciiProfile(cii.validation) };
  }
  const named = embed === undefined ? undefined : facturXProfileOf(embed.profile);
  const pdf = await renderInvoicePdf(verdict.invoice, embed ? { xml: embed.xml, xmlProfile: embed.profile, ...(named === undefined ? { profile: 'EN 16931' as const } : {}) } : {});
  return { pdf, ...result, embedded: embed !== undefined, ...(converted && embed ? { convertedFrom: 'ubl' as const, unmapped: converted.unmapped } : {}) };
}

/** The tasks, by name. */
export const TASKS = {
  /** v1: the local extractor on a document (OCR extends the budget); `mode: 'job'` for an asynchronous job's larger budgets. */
  extract: async (input: ExtractionInput & { mode?: 'sync' | 'job' }): Promise<ExtractedInvoice> => {
    const { mode, ...document } = input;
    return (await localExtractor(mode ?? 'sync')).extract(document);
  },
  /** v1: the Factur-X / ZUGFeRD / XRechnung XML a PDF carries, if any. */
  embeddedXml: async (bytes: Uint8Array): Promise<ExtractedInvoiceXml | undefined> => (await import('../pdf/extract.js')).extractInvoiceXml(bytes),
  /** v1 on AWS: the text of a PDF's text layer. */
  pdfText: async (bytes: Uint8Array): Promise<string> => documentText((await (await import('../extract/local/pdf-text.js')).readPdfText(bytes)).doc),
  /** v1: the pages of a PDF, the invoice XML it carries and the text its pages show, in one load (what reading it costs decides sync or async: lib/v1/cost.ts). */
  pdfOverview: async (bytes: Uint8Array) => (await import('../pdf/extract.js')).readPdfOverview(bytes, { measureText: true }),
  /** v1 on AWS: a scanned PDF split into single-page PDFs (Textract reads one page per synchronous call). */
  pdfPages: async (bytes: Uint8Array): Promise<Uint8Array[]> => (await import('../pdf/split.js')).splitPdfPages(bytes),
  /** v1 on AWS: the text of a Word or Excel file (Textract does not read them). */
  officeText: async (input: { bytes: Uint8Array; word: boolean }): Promise<string> =>
    documentText(
      input.word
        ? await (await import('../extract/local/word.js')).readWord(input.bytes)
        : await (await import('../extract/local/spreadsheet.js')).readSpreadsheet(input.bytes),
    ),
  /** v2 pdf: the client's PDF made a Factur-X PDF/A-3 with the XML embedded. */
  embed: async (input: { pdf: Uint8Array; xml: string; profile?: FacturXProfile }): Promise<EmbedFacturXResult> =>
    (await import('../pdf/embed.js')).embedFacturX(input.pdf, input.xml, input.profile ? { profile: input.profile } : {}),
  /** v2 render of large XML. */
  renderXml: (input: { xml: string | Uint8Array; schemaDir?: string; rules?: RuleRequest }): Promise<RenderedXml> => renderXml(input.xml, input),
  /** v2 convert of large XML: the public conversion (without the model, whose Decimal instances do not cross threads). */
  convertXml: async (input: { xml: string | Uint8Array; to?: SyntaxName; schemaDir?: string; rules?: RuleRequest }) => {
    const { convertInvoiceXml, publicConversion } = await import('../convert/convert.js');
    return publicConversion(convertInvoiceXml(input.xml, input));
  },
  /** v2 validate of large XML: the public verdict (without the model, whose Decimal instances do not cross threads). */
  validateXml: async (input: { xml: string | Uint8Array; schemaDir?: string; rules?: RuleRequest }) => {
    const { publicXmlValidation, validateInvoiceXml } = await import('../validate-xml.js');
    return publicXmlValidation(validateInvoiceXml(input.xml, { ...(input.schemaDir ? { schemaDir: input.schemaDir } : {}), ...(input.rules ? { rules: input.rules } : {}) }));
  },
} as const;

/** A task's name. */
export type TaskName = keyof typeof TASKS;
/** A task's input. */
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
/** A task's result. */
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;

/** Runs a task with `context` as the current job's (one job at a time per worker). */
export async function runTask(name: string, input: unknown, context: TaskContext): Promise<unknown> {
  const task = (TASKS as Record<string, (input: never) => Promise<unknown>>)[name];
  if (!task) throw new Error(`Unknown isolated task "${name}".`);
  current = context;
  try {
    return await task(input as never);
  } finally {
    current = undefined;
  }
}
