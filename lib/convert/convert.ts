/**
 * Converts an EN 16931 invoice between its two syntaxes, CII D16B and UBL 2.1
 * (issue 23, point 4), through the one semantic model:
 *
 * 1. the syntax of the source is its root element's (else 422, not an invoice);
 * 2. the source must be a valid EN 16931 invoice, by the rules and XSD of its
 *    syntax (else 422 with every finding: converting would carry its faults over);
 * 3. it is read into the model, and written in the target syntax;
 * 4. nothing is dropped in silence: `unmapped` lists
 *    - content of the source the model has no term for (Factur-X EXTENDED
 *      terms, UBL elements outside EN 16931, ...): what neither comes back
 *      when the model is written again in the source syntax nor was read into
 *      the model (./trace.ts);
 *    - terms of the model the target cannot carry: what the target writer
 *      reports (lib/ubl/writer.ts), and whatever else does not come back when
 *      the target document is read again (./model-diff.ts: a second
 *      preceding invoice in CII D16B, ...);
 *    each with its business term (BT id, when EN 16931 has one), its
 *    location in the source and its value;
 * 5. the converted document gets its own verdict (the rules of `rules`,
 *    BR-FR for a French seller by default).
 */
import { describeRoot } from '../cii/detect.js';
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { InputError } from '../errors.js';
import type { Invoice } from '../model/invoice.js';
import { withXmlDocument } from '../xml/parse.js';
import { NotConvertibleError } from './errors.js';
import { flattenModel, modelDifferences } from './model-diff.js';
import type { SyntaxName } from './syntax.js';
import { judgeXml, SYNTAXES, treeOf, type DocumentVerdict, type SyntaxAdapter, type SyntaxOptions } from './syntaxes.js';
import { termsAt } from './terms.js';
import { untracedFacts } from './trace.js';

/** Options of {@link convertInvoiceXml}. */
export interface ConvertOptions extends SyntaxOptions {
  /** Target syntax; default: the other one. */
  to?: SyntaxName | undefined;
  /** Largest document accepted, in bytes (default: the XML parser's, 6 MB). */
  maxBytes?: number;
}

/** Something of the source the converted document does not carry. */
export interface UnmappedItem {
  /** The business term (BT id); null when EN 16931 has no term for it (e.g. a Factur-X EXTENDED element). */
  term: string | null;
  /** When the place can hold several terms (a UBL AdditionalDocumentReference: BT-18, BT-122, ...), each of them. */
  terms?: string[];
  /** XPath-like location in the source document, when known. */
  location?: string;
  /** Model path of the term (`lines[1].price.grossPrice`), for a term the model holds. */
  path?: string;
  /** The value, as written (long values cut at 200 characters). */
  value: string;
  /** Why it is not in the converted document. */
  reason: string;
}

/** The outcome of a conversion. */
export interface ConversionResult {
  /** The converted document. */
  xml: string;
  /** Its syntax. */
  syntax: SyntaxName;
  /** The syntax of the source. */
  from: SyntaxName;
  /** For UBL: `Invoice` or `CreditNote`. */
  documentType?: string;
  /** The invoice number (BT-1). */
  invoiceNumber: string;
  /** The verdict on the converted document. */
  validation: DocumentVerdict;
  /** What the converted document does not carry (empty when everything came through). */
  unmapped: UnmappedItem[];
  /** The semantic model (not structured-cloneable: decimals). */
  invoice: Invoice;
}

const MAX_VALUE = 200;

function shown(value: string): string {
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
}

/** The adapter whose root this is; throws NotConvertibleError for any other document. */
function adapterOf(root: CiiElement): SyntaxAdapter {
  const adapter = Object.values(SYNTAXES).find((s) => s.isRoot(root));
  if (adapter === undefined) throw NotConvertibleError.notAnInvoice(describeRoot(root.name));
  return adapter;
}

/**
 * Converts a CII or UBL invoice to the other syntax (or `options.to`); see the module comment.
 * @throws XmlSyntaxError / XmlSecurityError (not well-formed, DTD, too large), InputError (`to` names the source's
 *   own syntax), NotConvertibleError (not an EN 16931 CII or UBL invoice, or not a valid one).
 */
export function convertInvoiceXml(xml: string | Uint8Array, options: ConvertOptions = {}): ConversionResult {
  return convert(xml, options, true);
}

/**
 * The conversion of {@link convertInvoiceXml} without its first gate: a
 * document of either syntax is converted whatever its EN 16931 verdict (its
 * faults are carried over, and judged in `validation`). For tests of the
 * conversion itself on models that no rule set would pass (random models).
 */
export function translateInvoiceXml(xml: string | Uint8Array, options: ConvertOptions = {}): ConversionResult {
  return convert(xml, options, false);
}

function convert(xml: string | Uint8Array, options: ConvertOptions, gate: boolean): ConversionResult {
  const root = withXmlDocument(xml, (doc) => toElementTree(doc), options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  const source = adapterOf(root);
  const target = SYNTAXES[options.to ?? (source.syntax === 'cii' ? 'ubl' : 'cii')];
  if (target.syntax === source.syntax) {
    throw new InputError('The body has 1 problem.', [{ path: 'to', message: `the document is already ${source.label}: ask for the other syntax (${source.syntax === 'cii' ? 'ubl' : 'cii'})` }]);
  }
  if (gate) {
    const verdict = judgeXml(xml, options, 'en16931');
    if (!verdict.valid) throw NotConvertibleError.invalid(source.label, verdict.errors, verdict.xsdErrors);
  }

  const { invoice, locations } = source.read(root);
  const written = target.write(invoice);
  const back = target.read(treeOf(written.xml)).invoice;
  const unmapped = [...untraced(source, root, invoice, locations), ...notCarried(source, target, invoice, back, written.unmapped, locations)];
  return {
    xml: written.xml,
    syntax: target.syntax,
    from: source.syntax,
    ...(written.documentType === undefined ? {} : { documentType: written.documentType }),
    invoiceNumber: invoice.number,
    validation: judgeXml(written.xml, options, options.rules),
    unmapped,
    invoice,
  };
}

/** Content of the source the model does not hold (./trace.ts). */
function untraced(source: SyntaxAdapter, root: CiiElement, invoice: Invoice, locations: ReadonlyMap<string, string>): UnmappedItem[] {
  const rewritten = treeOf(source.write(invoice).xml);
  // Where the reader took a value the model holds (a location recorded for a term it then left empty does not count).
  const present = flattenModel(invoice);
  const read = new Set<string>();
  for (const [path, location] of locations) if (present.has(path)) read.add(location);
  return untracedFacts(root, rewritten, read).map((f) => {
    const terms = termsAt(source.syntax, f.key);
    return {
      term: terms.length === 1 ? terms[0]! : null,
      ...(terms.length > 1 ? { terms: [...terms] } : {}),
      location: f.location,
      value: shown(f.text),
      reason:
        terms.length === 0
          ? `No EN 16931 business term holds this ${source.label} element, so the semantic model, and the other syntax, cannot carry it.`
          : `The ${source.label} reader did not take this value into the semantic model, so the other syntax cannot carry it.`,
    };
  });
}

/** Terms of the model the target does not carry: its writer's report, and what does not come back when it is read again. */
function notCarried(
  source: SyntaxAdapter,
  target: SyntaxAdapter,
  invoice: Invoice,
  back: Invoice,
  reported: ReadonlyArray<{ term: string; path: string; reason: string }>,
  locations: ReadonlyMap<string, string>,
): UnmappedItem[] {
  const out: UnmappedItem[] = [];
  const seen = new Set<string>();
  const valueAt = new Map(modelDifferences(invoice, back).map((d) => [d.path, d]));
  for (const r of reported) {
    seen.add(r.path);
    const location = locations.get(r.path);
    out.push({ term: r.term, path: r.path, ...(location === undefined ? {} : { location }), value: shown(valueAt.get(r.path)?.value ?? ''), reason: r.reason });
  }
  for (const d of valueAt.values()) {
    if (seen.has(d.path)) continue;
    const location = locations.get(d.path);
    out.push({
      term: d.term ?? null,
      path: d.path,
      ...(location === undefined ? {} : { location }),
      value: shown(d.value),
      reason:
        d.other === undefined
          ? `The ${target.label} binding has no place for this ${source.label} value (${knownReason(target.syntax, d.term) ?? 'it is not in the converted document'}).`
          : `The ${target.label} document carries it as "${shown(d.other)}".`,
    });
  }
  return out;
}

/** Why a target cannot carry a term, where the binding says so. */
function knownReason(target: SyntaxName, term: string | undefined): string | undefined {
  if (target === 'cii' && (term === 'BT-25' || term === 'BT-26')) return 'CII D16B holds one preceding invoice reference, BG-3: ram:InvoiceReferencedDocument is 0..1';
  return undefined;
}

/** A conversion as the API answers it: everything but the model. */
export type PublicConversion = Omit<ConversionResult, 'invoice'>;

/** Drops the model (whose decimals neither cross threads nor belong in an answer). */
export function publicConversion(r: ConversionResult): PublicConversion {
  const { invoice: _model, ...rest } = r;
  return rest;
}
