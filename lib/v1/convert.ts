/**
 * v1 conversion: a document (PDF, image, spreadsheet, Word file) -> invoice
 * data -> Factur-X CII XML in the requested profile (or UBL 2.1 with
 * `syntax: 'ubl'`, issue 23) -> validation report.
 *
 * Pipeline (issue "v1"):
 *  1. a PDF that already carries Factur-X / ZUGFeRD / XRechnung XML: that XML
 *     is read (exact; `extractedData.exact = true`, method `embedded-xml`);
 *  2. otherwise the configured extractor (local or AWS) reads the document;
 *  3. the data becomes the EN 16931 model (through the v2 input schema, so the
 *     same checks and defaults apply), then CII in the requested profile, which
 *     is validated like any incoming XML (rules, CII D16B and profile XSDs).
 * Pure apart from the extractor it is given.
 */
import { describeReceived } from '../input/codes.js';
import { writeCiiWithReport } from '../cii/writer.js';
import { V1_PROFILE_NAMES, type FacturXProfile } from '../cii/profiles.js';
import { ExtractionError, InputError, ServiceError } from '../errors.js';
import type { ExtractedInvoice, Extracted, ExtractionMethod, InvoiceExtractor } from '../extract/port.js';
import { missingFromFindings, partialInvoiceFromInput } from './partial-invoice.js';
import { dec } from '../model/decimal.js';
import type { Invoice, PostalAddress } from '../model/invoice.js';
import { publicXmlValidation, readInvoiceXml, validateInvoiceXml, type PublicXmlValidation } from '../validate-xml.js';
import { isXRechnungId, runsBrFr, type RuleRequest } from '../rules/rule-sets.js';
import { applyCiusDefaults } from '../input/cius.js';
import { applyFrenchDefaults } from '../input/french.js';
import { toV1Validation, type V1Validation } from './validation.js';
import { NotEn16931CiiError } from '../cii/detect.js';
import { writeUblWithReport } from '../ubl/writer.js';
import type { Finding } from '../rules/types.js';

/** v1 profile names. */
export type V1Profile = keyof typeof V1_PROFILE_NAMES;

/** What to convert. */
export interface ConvertRequest {
  bytes: Uint8Array;
  mimeType: string;
  fileName?: string;
  profile: V1Profile;
  /** When the caller stops waiting (epoch ms); handed to the extractor. */
  deadline?: number;
  /** Where the document is already stored (an asynchronous job's blob); handed to the extractor (lib/extract/port.ts). */
  storedAt?: string;
  /** The invoice XML the PDF carries, when the caller has read it already (null: it carries none); else it is read here. */
  embedded?: { name: string; xml: Uint8Array } | null;
  /** Business process type (BT-23) for a French invoice (no default: without it BR-FR-08 is reported). */
  businessProcess?: string;
  /** Which rule sets run (auto by default: BR-FR for a French seller, whose invoice then gets the French defaults). */
  rules?: RuleRequest;
  /** `ubl`: write a UBL 2.1 Invoice / CreditNote (EN 16931, the comfort profile) instead of Factur-X CII. */
  syntax?: 'ubl';
}

/** Options of {@link convertDocument}. */
export interface ConvertOptions {
  extractor: InvoiceExtractor;
  /** XSD folder for validating the produced XML (see lib/validate-xml.ts). */
  schemaDir?: string;
}

/** A value with its confidence, as shown in `extractedData.confidence`. */
type Confidences = Record<string, number>;

/** The `extractedData` of the v1 response: the fields of both v1 descriptions, with confidences. */
export interface ExtractedData {
  method: ExtractionMethod;
  /** True when read from XML embedded in the PDF (no guessing). */
  exact: boolean;
  invoiceNumber?: string;
  invoiceDate?: string;
  dueDate?: string;
  currency?: string;
  sellerName?: string;
  /** Same as sellerName (earlier v1 description). */
  supplierName?: string;
  sellerAddress?: string;
  sellerVAT?: string;
  /** Legal form printed beside a French seller's name (SARL, SAS ...), kept apart from sellerName. */
  sellerLegalForm?: string;
  /** Legal form printed beside a French buyer's name, kept apart from buyerName. */
  buyerLegalForm?: string;
  /** What decided the seller (its source and the evidence backing it: docs/EXTRACTION.md, "Party evidence"); its confidence follows from it. */
  sellerEvidence?: string[];
  /** What decided the buyer (`buyer heading`, `address window`, `address block` ...). */
  buyerEvidence?: string[];
  buyerName?: string;
  buyerAddress?: string;
  buyerVAT?: string;
  items: Array<{ description: string; quantity?: string; unitPrice?: string; vatRate?: string; netAmount?: string }>;
  totalHT?: string;
  totalVAT?: string;
  totalTTC?: string;
  iban?: string;
  /** Confidence (0..1) of each extracted field. */
  confidence: Confidences;
  /** Cross-checks made on the extracted values (lines vs totals vs VAT). */
  checks: ExtractedInvoice['checks'];
  /** What the extractor noticed, and what the conversion had to assume. */
  notes: string[];
}

/** The result of {@link convertDocument}. */
export interface ConvertResult {
  extractedData: ExtractedData;
  /**
   * The XML, only when it passes the rules (null otherwise: we never hand out invalid XML; no credit is spent):
   * Factur-X CII in the asked profile, or UBL 2.1 (`syntax: 'ubl'`, profile comfort, the EN 16931 level).
   */
  factureX: { xml: string; profile: V1Profile; fileName: string; syntax: 'cii' | 'ubl' } | null;
  /** Input fields (v2 names such as `seller.address`, `items[0].vatRate`) the document did not give usably: what a user must add. */
  missing: string[];
  validation: V1Validation<PublicXmlValidation['errors'][number]>;
  /** Business terms the requested profile (or UBL) cannot carry (dropped from the XML). */
  dropped: string[];
}

const PDF = 'application/pdf';

/**
 * Converts a document. What was read always comes back (with `missing` and the
 * rule findings) unless the document is no invoice or nothing was read, which
 * throws ExtractionError (422 EXTRACTION_FAILED).
 */
export async function convertDocument(req: ConvertRequest, options: ConvertOptions): Promise<ConvertResult> {
  const profile: FacturXProfile = V1_PROFILE_NAMES[req.profile];
  let invoice: Invoice;
  let extractedData: ExtractedData;
  let missing: string[] = [];
  let invoiceInput: Record<string, unknown> = {};
  // pdf-lib is loaded only when a PDF comes (it costs ~100 ms of cold start). A PDF we cannot read for XML goes to the
  // extractor, which may still read it; one past a resource limit (lib/limits.ts), or a busy service, is answered as such.
  const readEmbedded = async (bytes: Uint8Array) =>
    options.extractor.embeddedXml ? options.extractor.embeddedXml(bytes, req.deadline) : (await import('../pdf/extract.js')).extractInvoiceXml(bytes);
  const embedded =
    req.embedded !== undefined
      ? (req.embedded ?? undefined)
      : req.mimeType === PDF
      ? await readEmbedded(req.bytes).catch((err: unknown) => {
          if (err instanceof ServiceError && (err.code === 'DOCUMENT_TOO_COMPLEX' || err.code === 'SERVER_BUSY')) throw err;
          return undefined;
        })
      : undefined;
  // Only the data is needed here: the XML written from it below is the one validated. A UBL Invoice / CreditNote
  // (issue 13) is read into the same model, then written as CII; an XML that is neither (ZUGFeRD 1.0 ...) leaves the
  // document to the extractor, with a note.
  const fromXml = embedded ? readEmbeddedInvoice(embedded) : undefined;
  if (fromXml && 'invoice' in fromXml) {
    invoice = fromXml.invoice;
    extractedData = dataFromModel(invoice, `embedded ${embedded!.name}`, fromXml.method);
  } else {
    const extracted = await options.extractor.extract({
      bytes: req.bytes,
      mimeType: req.mimeType,
      ...(req.fileName ? { fileName: req.fileName } : {}),
      ...(req.deadline === undefined ? {} : { deadline: req.deadline }),
      ...(req.storedAt === undefined ? {} : { storedAt: req.storedAt }),
    });
    const { input, notes } = inputFromExtraction(extracted);
    invoiceInput = input;
    const partial = partialInvoiceFromInput(input);
    invoice = partial.invoice;
    missing = partial.missing;
    notes.push(...partial.notes);
    if (fromXml && 'skipped' in fromXml) notes.unshift(fromXml.skipped);
    extractedData = dataFromExtraction(extracted, notes);
  }
  if (runsBrFr(req.rules, invoice.seller.address.countryCode)) {
    if (req.businessProcess !== undefined) invoice.process.businessProcess = req.businessProcess;
    applyFrenchDefaults(invoice);
  }
  // `rules: xrechnung` / `peppol`: their specification identifier (BT-24) and defaults, as on /api/v2/xml (docs/MARKETS.md).
  applyCiusDefaults(invoice, req.rules);
  const written = req.syntax === 'ubl' ? writeUbl(invoice, req.rules, options.schemaDir) : writeCiiProfile(invoice, profile, req.rules, options.schemaDir);
  const verdict = written.verdict;
  if (written.dropped.length > 0) {
    const what = req.syntax === 'ubl' ? 'UBL 2.1' : `The ${req.profile} profile`;
    extractedData.notes.push(`${what} cannot carry ${written.dropped.join(', ')}: left out of the XML.`);
  }
  const base = (req.fileName ?? (invoice.number || 'invoice')).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100) || 'invoice';
  // We never hand out XML that fails the rules (DECISIONS.md, "v1 partial results"): then no XML and no credit.
  if (!verdict.valid) extractedData.notes.push(`No ${req.syntax === 'ubl' ? 'UBL' : 'Factur-X'} XML: the invoice as read breaks the EN 16931 rules listed in validation.errors; add the fields in missing (or fix those errors) and send the invoice data to /api/v2/xml.`);
  // What the rules ask for beyond the schema's required fields (a seller VAT number, a country, BT-23 ...).
  const given = (field: string) => field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], invoiceInput) !== undefined && !missing.includes(field);
  for (const field of missingFromFindings(verdict.errors, given)) if (!missing.includes(field)) missing.push(field);
  const syntax = req.syntax ?? 'cii';
  return {
    extractedData,
    factureX: verdict.valid ? { xml: written.xml, profile: req.profile, fileName: `${safe}-${syntax === 'ubl' ? 'ubl' : 'factur-x'}.xml`, syntax } : null,
    validation: toV1Validation(verdict),
    missing,
    dropped: written.dropped,
  };
}

/** The XML and its verdict, as v1 hands them out. */
interface WrittenV1 {
  xml: string;
  verdict: { valid: boolean; errors: Finding[]; warnings: Finding[]; summary: string };
  dropped: string[];
}

/** Factur-X CII in `profile` (an XRechnung, `rules: xrechnung`, keeps its own BT-24 at the EN 16931 level), validated like any incoming XML (rules, CII D16B and profile XSDs). */
function writeCiiProfile(invoice: Invoice, profile: FacturXProfile, rules: RuleRequest | undefined, schemaDir: string | undefined): WrittenV1 {
  const written = writeCiiWithReport(invoice, isXRechnungId(invoice.process.specificationId) && profile === 'EN16931' ? {} : { profile });
  return { xml: written.xml, verdict: judge(written.xml, rules, schemaDir), dropped: written.dropped };
}

/** A UBL 2.1 Invoice or CreditNote (lib/ubl/writer.ts), validated like any incoming UBL (rules, UBL 2.1 XSD). */
function writeUbl(invoice: Invoice, rules: RuleRequest | undefined, schemaDir: string | undefined): WrittenV1 {
  const written = writeUblWithReport(invoice);
  return { xml: written.xml, verdict: judge(written.xml, rules, schemaDir), dropped: [...new Set(written.unmapped.map((u) => u.term))] };
}

/** The public verdict on XML we wrote, by the rules and schemas of its syntax and the rule families `rules` selects. */
function judge(xml: string, rules: RuleRequest | undefined, schemaDir: string | undefined): PublicXmlValidation {
  return publicXmlValidation(validateInvoiceXml(xml, { ...(schemaDir ? { schemaDir } : {}), ...(rules ? { rules } : {}) }));
}

/** Reads the v1 `profile` field: basic | comfort | extended, default comfort. */
export function parseV1Profile(value: unknown): V1Profile {
  if (value === undefined || value === null || value === '') return 'comfort';
  if (typeof value === 'string' && value.toLowerCase() in V1_PROFILE_NAMES) return value.toLowerCase() as V1Profile;
  throw new InputError('The body has 1 problem.', [{ path: 'profile', message: `must be one of basic, comfort, extended; got ${describeReceived(value)}` }]);
}

function addressText(a: PostalAddress | undefined): string | undefined {
  if (!a) return undefined;
  const parts = [a.line1, a.line2, a.line3, [a.postcode, a.city].filter(Boolean).join(' '), a.countryCode].filter((p) => p && p.trim() !== '');
  return parts.length ? parts.join(', ') : undefined;
}

/** Reads the embedded XML, CII or UBL by its root element (lib/xml/syntax.ts), into the model; anything else is skipped with the reason. */
function readEmbeddedInvoice(embedded: { name: string; xml: Uint8Array }): { invoice: Invoice; method: 'embedded-xml' | 'embedded-ubl' } | { skipped: string } {
  try {
    const { invoice, syntax } = readInvoiceXml(embedded.xml);
    return { invoice, method: syntax === 'CII' ? 'embedded-xml' : 'embedded-ubl' };
  } catch (err) {
    if (!(err instanceof NotEn16931CiiError)) throw err;
    return { skipped: `The embedded ${embedded.name} is ${err.format}, which is not read: the document was read from its pages instead.` };
  }
}

/** extractedData for an invoice read from embedded XML (CII or UBL): every value exact. */
function dataFromModel(inv: Invoice, source: string, method: 'embedded-xml' | 'embedded-ubl' = 'embedded-xml'): ExtractedData {
  const confidence: Confidences = {};
  const data: ExtractedData = {
    method,
    exact: true,
    invoiceNumber: inv.number || undefined,
    invoiceDate: inv.issueDate || undefined,
    dueDate: inv.dueDate,
    currency: inv.currency || undefined,
    sellerName: inv.seller.name || undefined,
    supplierName: inv.seller.name || undefined,
    sellerAddress: addressText(inv.seller.address),
    sellerVAT: inv.seller.vatId,
    buyerName: inv.buyer.name || undefined,
    buyerAddress: addressText(inv.buyer.address),
    buyerVAT: inv.buyer.vatId,
    items: inv.lines.map((l) => ({
      description: l.item.name,
      ...(l.quantity ? { quantity: l.quantity.toString() } : {}),
      ...(l.price.netPrice ? { unitPrice: l.price.netPrice.toString() } : {}),
      ...(l.vat.rate ? { vatRate: l.vat.rate.toString() } : {}),
      ...(l.netAmount ? { netAmount: l.netAmount.toFixed(2) } : {}),
    })),
    totalHT: inv.totals.taxExclusiveAmount?.toFixed(2),
    totalVAT: inv.totals.vatTotal?.toFixed(2),
    totalTTC: inv.totals.taxInclusiveAmount?.toFixed(2),
    iban: inv.paymentInstructions?.creditTransfers[0]?.accountId,
    confidence,
    checks: [],
    notes: [`Read from the ${source} XML: exact, nothing guessed.`],
  };
  for (const [k, v] of Object.entries(data)) if (typeof v === 'string' && !['method'].includes(k)) confidence[k] = 1;
  return data;
}

const val = <T>(e: Extracted<T> | undefined): T | undefined => e?.value;

/** extractedData for an extraction: values with their confidences. */
function dataFromExtraction(x: ExtractedInvoice, notes: string[]): ExtractedData {
  const confidence: Confidences = {};
  const take = <T>(name: string, e: Extracted<T> | undefined): T | undefined => {
    if (e === undefined) return undefined;
    confidence[name] = Math.round(e.confidence * 100) / 100;
    return e.value;
  };
  const sellerName = take('sellerName', x.seller.name);
  return {
    method: x.method,
    exact: x.exact,
    invoiceNumber: take('invoiceNumber', x.invoiceNumber),
    invoiceDate: take('invoiceDate', x.invoiceDate),
    dueDate: take('dueDate', x.dueDate),
    currency: take('currency', x.currency),
    sellerName,
    supplierName: sellerName,
    sellerAddress: take('sellerAddress', x.seller.address),
    sellerVAT: take('sellerVAT', x.seller.vatNumber),
    sellerLegalForm: take('sellerLegalForm', x.seller.legalForm),
    buyerName: take('buyerName', x.buyer.name),
    buyerAddress: take('buyerAddress', x.buyer.address),
    buyerVAT: take('buyerVAT', x.buyer.vatNumber),
    buyerLegalForm: take('buyerLegalForm', x.buyer.legalForm),
    ...(x.seller.evidence ? { sellerEvidence: x.seller.evidence } : {}),
    ...(x.buyer.evidence ? { buyerEvidence: x.buyer.evidence } : {}),
    items: x.lines.map((l) => ({
      description: l.description.value,
      ...(l.quantity ? { quantity: l.quantity.value } : {}),
      ...(l.unitPrice ? { unitPrice: l.unitPrice.value } : {}),
      ...(l.vatRate ? { vatRate: l.vatRate.value } : {}),
      ...(l.netAmount ? { netAmount: l.netAmount.value } : {}),
    })),
    totalHT: take('totalHT', x.totals.totalHT),
    totalVAT: take('totalVAT', x.totals.totalVAT),
    totalTTC: take('totalTTC', x.totals.totalTTC),
    iban: take('iban', x.iban),
    confidence,
    checks: x.checks,
    notes: [...x.notes, ...notes],
  };
}

/**
 * Turns extracted values into the v2 invoice input (so the same schema,
 * defaults and rules apply). Where the document lacks line details, the
 * printed VAT breakdown or totals stand in for lines, and a note says so.
 */
export function inputFromExtraction(x: ExtractedInvoice): { input: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  if (x.notAnInvoice !== undefined) {
    throw new ExtractionError(`The document is not an invoice: it is titled "${x.notAnInvoice}" (a quote, order, delivery note, statement or reminder has no EN 16931 form).`);
  }
  // Nothing read (issue 13): neither an invoice number nor any total. Anything less comes back with what is missing.
  if (!x.invoiceNumber && !x.totals.totalTTC && !x.totals.totalHT && !x.totals.amountDue) {
    const missing = ['invoiceNumber', 'totals.totalTTC'];
    if (!x.invoiceDate) missing.push('invoiceDate');
    if (!x.seller.name) missing.push('seller.name');
    throw new ExtractionError('No invoice data was found in the document: neither an invoice number nor a total.', missing);
  }
  const rates = x.vatBreakdown.map((b) => b.rate.value);
  const singleRate = rates.length === 1 ? rates[0] : undefined;
  let items: Array<Record<string, unknown>> = x.lines.map((l) => {
    const quantity = val(l.quantity) ?? '1';
    const unitPrice = val(l.unitPrice) ?? val(l.netAmount);
    const vatRate = val(l.vatRate) ?? singleRate;
    return {
      description: l.description.value,
      quantity,
      ...(unitPrice !== undefined ? { unitPrice } : {}),
      ...(vatRate !== undefined ? { vatRate } : {}),
      ...(l.unitCode ? { unitCode: l.unitCode.value } : {}),
    };
  });
  if (items.some((i) => i.vatRate === undefined) && rates.length > 1) {
    notes.push('Some lines carry no VAT rate and the document has several: those lines were left without one.');
  }
  if (items.length === 0) {
    if (x.vatBreakdown.length > 0 && x.vatBreakdown.every((b) => b.base)) {
      items = x.vatBreakdown.map((b) => ({ description: `Goods and services at ${b.rate.value} % VAT`, quantity: '1', unitPrice: b.base!.value, vatRate: b.rate.value }));
      notes.push('No line table was found: one line per VAT rate was made from the printed VAT breakdown.');
    } else if (x.totals.totalHT) {
      const ht = x.totals.totalHT.value;
      const rate = singleRate ?? impliedRate(ht, val(x.totals.totalVAT), val(x.totals.totalTTC));
      items = [{ description: 'Invoice total', quantity: '1', unitPrice: ht, ...(rate !== undefined ? { vatRate: rate } : {}) }];
      notes.push('No line table was found: one line carries the total without VAT.');
    }
  }
  const party = (p: ExtractedInvoice['seller']) => ({
    ...(p.name ? { name: p.name.value } : {}),
    ...(p.address ? { address: p.address.value } : {}),
    ...(p.vatNumber ? { vatNumber: p.vatNumber.value } : {}),
    ...(p.siret ? { siret: p.siret.value } : {}),
    ...(p.siren ? { siren: p.siren.value } : {}),
    ...(p.country ? { country: p.country.value } : {}),
  });
  const seller = party(x.seller);
  const buyer = party(x.buyer);
  if (!buyer.name) notes.push('No buyer name was found.');
  const input: Record<string, unknown> = {
    invoiceNumber: val(x.invoiceNumber),
    invoiceDate: val(x.invoiceDate),
    ...(x.dueDate ? { dueDate: x.dueDate.value } : {}),
    ...(x.currency ? { currency: x.currency.value } : {}),
    ...(x.documentType && ['380', '381', '384', '389', '386'].includes(x.documentType.value) ? { documentType: x.documentType.value } : {}),
    seller: { address: '', ...seller },
    buyer: { name: '', address: '', ...buyer },
    items,
    ...(x.paymentTerms ? { paymentTerms: x.paymentTerms.value } : {}),
    ...(x.iban ? { paymentMeans: { iban: x.iban.value, ...(x.bic ? { bic: x.bic.value } : {}) } } : {}),
  };
  const totals: Record<string, string> = {};
  if (x.totals.totalHT) totals.totalHT = x.totals.totalHT.value;
  if (x.totals.totalTTC) totals.totalTTC = x.totals.totalTTC.value;
  if (x.totals.prepaid) totals.prepaidAmount = x.totals.prepaid.value;
  if (Object.keys(totals).length) input.totals = totals;
  if (x.totals.allowanceTotal) {
    notes.push(
      `A document-level discount of ${x.totals.allowanceTotal.value} was read (BT-107); the invoice input has no document allowances (BG-20), so it is not in the XML and the totals are checked without it.`,
    );
  }
  return { input, notes };
}

/** The VAT rate implied by HT, VAT and TTC when they agree to a common rate (20, 10, 5.5, 19, 7, ...). */
function impliedRate(ht: string, vat: string | undefined, ttc: string | undefined): string | undefined {
  try {
    const h = dec(ht);
    const v = vat !== undefined ? dec(vat) : ttc !== undefined ? dec(ttc).minus(h) : undefined;
    if (v === undefined || !h.gt(0)) return undefined;
    const rate = v.div(h).times(100);
    const known = ['0', '2.1', '5.5', '7', '8.5', '10', '13', '19', '20', '21', '22', '23', '24', '25', '27'];
    return known.find((k) => rate.minus(k).abs().lt('0.05'));
  } catch {
    return undefined;
  }
}
