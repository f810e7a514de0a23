/**
 * The two syntaxes as a conversion sees them: how to tell a document of each
 * from its root, judge it, read it into the one semantic model (with the
 * location each term came from), write a model in it, and judge what was
 * written. CII: lib/cii (reader, writer) and lib/validate-xml.ts; UBL:
 * lib/ubl (reader, writer).
 */
import { CII_ROOT } from '../cii/detect.js';
import { readCii } from '../cii/reader/read.js';
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { writeCii } from '../cii/writer.js';
import type { Invoice } from '../model/invoice.js';
import type { RuleRequest } from '../rules/rule-sets.js';
import type { Finding } from '../rules/types.js';
import { isUblRoot, readUbl } from '../ubl/read.js';
import { writeUblWithReport, type UblDocumentType, type UnmappedTerm } from '../ubl/writer.js';
import { publicXmlValidation, validateInvoiceXml } from '../validate-xml.js';
import { withXmlDocument } from '../xml/parse.js';
import type { InvoiceSyntax } from './syntax.js';

/** Options every step takes. */
export interface SyntaxOptions {
  /** The service's schema folder (XSD validation); without it the XSD step is skipped and said so. */
  schemaDir?: string | undefined;
  /** Rule sets for the verdict on the converted document (default auto: BR-FR for a French seller). */
  rules?: RuleRequest | undefined;
}

/** A verdict on one document of either syntax. */
export interface DocumentVerdict {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  /** XSD messages; empty when the XSD accepts the document or did not run. */
  xsdErrors: string[];
  /** Whether an XSD ran, and why not. */
  xsd: { ran: boolean; valid: boolean | null; skipped?: string };
  /** The rule sets that ran. */
  ruleSets: string[];
  /** One sentence. */
  summary: string;
}

/** What a syntax writer gives. */
export interface WrittenDocument {
  xml: string;
  documentType?: UblDocumentType;
  /** Terms of the model the writer could not carry, with their model paths and why. */
  unmapped: UnmappedTerm[];
}

/** One syntax, as a conversion uses it. */
export interface SyntaxAdapter {
  syntax: InvoiceSyntax;
  /** Its name in messages: `CII`, `UBL`. */
  label: string;
  isRoot(root: CiiElement): boolean;
  /** The EN 16931 verdict on a document of this syntax (its rules and XSD), to decide whether it is converted. */
  check(xml: string | Uint8Array, root: CiiElement, options: SyntaxOptions): DocumentVerdict;
  /** The model of a document, and the locations (XPath-like) its terms were read from, by model path. */
  read(root: CiiElement): { invoice: Invoice; locations: ReadonlyMap<string, string> };
  write(inv: Invoice): WrittenDocument;
  /** The verdict on a document we wrote (the rules `options.rules` selects). */
  judge(xml: string, back: Invoice, options: SyntaxOptions): DocumentVerdict;
}

/** The verdict of lib/validate-xml.ts on a document of either syntax (its rules, the families `rules` selects, its XSD). */
function xmlVerdict(xml: string | Uint8Array, options: SyntaxOptions, rules: RuleRequest | undefined): DocumentVerdict {
  const r = validateInvoiceXml(xml, { ...(options.schemaDir ? { schemaDir: options.schemaDir } : {}), ...(rules ? { rules } : {}) });
  const p = publicXmlValidation(r);
  return {
    valid: r.valid,
    errors: r.errors,
    warnings: r.warnings,
    xsdErrors: r.xsd.reports[0]?.valid === false ? r.xsd.reports[0].errors.map((e) => e.message) : [],
    xsd: { ran: r.xsd.ran, valid: r.xsd.valid, ...(r.xsd.skipped ? { skipped: r.xsd.skipped } : {}) },
    ruleSets: r.ruleSets,
    summary: p.summary,
  };
}

/** UN/CEFACT CII D16B (Factur-X EN 16931 profile when written). */
export const CII: SyntaxAdapter = {
  syntax: 'cii',
  label: 'CII',
  isRoot: (root) => root.name === CII_ROOT,
  check: (xml, _root, options) => xmlVerdict(xml, options, 'en16931'),
  read: (root) => {
    const r = readCii(root);
    return { invoice: r.invoice, locations: r.locations };
  },
  write: (inv) => ({ xml: writeCii(inv), unmapped: [] }),
  judge: (xml, _back, options) => xmlVerdict(xml, options, options.rules),
};

/** OASIS UBL 2.1 Invoice and CreditNote. */
export const UBL: SyntaxAdapter = {
  syntax: 'ubl',
  label: 'UBL',
  isRoot: (root) => isUblRoot(root.name),
  check: (xml, _root, options) => xmlVerdict(xml, options, 'en16931'),
  read: (root) => {
    const r = readUbl(root);
    return { invoice: r.invoice, locations: r.locations };
  },
  write: (inv) => writeUblWithReport(inv),
  judge: (xml, _back, options) => xmlVerdict(xml, options, options.rules),
};

/** The adapter of a syntax. */
export const SYNTAXES: Readonly<Record<InvoiceSyntax, SyntaxAdapter>> = { cii: CII, ubl: UBL };

/** Parses a document we wrote into its element tree. */
export function treeOf(xml: string): CiiElement {
  return withXmlDocument(xml, (doc) => toElementTree(doc));
}
