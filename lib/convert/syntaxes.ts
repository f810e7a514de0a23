/**
 * The two syntaxes as a conversion sees them: how to tell a document of each
 * from its root, read it into the one semantic model (with the location each
 * term came from) and write a model in it (CII: lib/cii, UBL: lib/ubl); and
 * the one verdict on a document of either (lib/validate-xml.ts, what
 * POST /api/v2/validate answers), {@link judgeXml}.
 */
import { CII_ROOT } from '../cii/detect.js';
import { readCii } from '../cii/reader/read.js';
import type { InvoiceProfile } from '../ubl/profile.js';
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { writeCii } from '../cii/writer.js';
import type { Invoice } from '../model/invoice.js';
import type { RuleRequest } from '../rules/rule-sets.js';
import type { Finding } from '../rules/types.js';
import { isUblRoot, readUbl } from '../ubl/read.js';
import { writeUblWithReport, type UblDocumentType, type UnmappedTerm } from '../ubl/writer.js';
import { publicXmlValidation, validateInvoiceXml } from '../validate-xml.js';
import { withXmlDocument } from '../xml/parse.js';
import type { SyntaxName } from './syntax.js';

/** Options every step takes. */
export interface SyntaxOptions {
  /** The service's schema folder (XSD validation); without it the XSD step is skipped and said so. */
  schemaDir?: string | undefined;
  /** Rule sets for the verdict on the converted document (default auto: BR-FR for a French seller). */
  rules?: RuleRequest | undefined;
}

/** A verdict on one document of either syntax (lib/validate-xml.ts, as the API shows it). */
export interface DocumentVerdict {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  /** The messages of the syntax XSD (CII D16B, UBL 2.1) when it refuses the document. */
  xsdErrors: string[];
  /** Whether an XSD ran, and why not. */
  xsd: { ran: boolean; valid: boolean | null; skipped?: string };
  /** The rule sets that ran. */
  ruleSets: string[];
  /** One sentence. */
  summary: string;
  /** The profile BT-24 names (lib/cii/reader/profile.ts, lib/ubl/profile.ts), and BT-24 as written. */
  profile: InvoiceProfile;
  specificationId: string;
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
  syntax: SyntaxName;
  /** Its name in messages: `CII`, `UBL`. */
  label: string;
  isRoot(root: CiiElement): boolean;
  /** The model of a document, and the locations (XPath-like) its terms were read from, by model path. */
  read(root: CiiElement): { invoice: Invoice; locations: ReadonlyMap<string, string> };
  write(inv: Invoice): WrittenDocument;
}

/**
 * The verdict on an XML invoice of either syntax: its rules and XSD
 * (lib/validate-xml.ts, what POST /api/v2/validate answers), with the rule
 * families `rules` selects (BR-FR, XRechnung, Peppol) in either syntax.
 */
export function judgeXml(xml: string | Uint8Array, options: SyntaxOptions, rules: RuleRequest | undefined): DocumentVerdict {
  const r = validateInvoiceXml(xml, { ...(options.schemaDir ? { schemaDir: options.schemaDir } : {}), ...(rules ? { rules } : {}) });
  const main = r.xsd.reports[0];
  return {
    valid: r.valid,
    errors: r.errors,
    warnings: r.warnings,
    xsdErrors: main !== undefined && !main.valid ? main.errors.map((e) => e.message) : [],
    xsd: { ran: r.xsd.ran, valid: r.xsd.valid, ...(r.xsd.skipped ? { skipped: r.xsd.skipped } : {}) },
    ruleSets: r.ruleSets,
    summary: publicXmlValidation(r).summary,
    profile: r.profile,
    specificationId: r.specificationId,
  };
}

/** UN/CEFACT CII D16B (Factur-X EN 16931 profile when written). */
export const CII: SyntaxAdapter = {
  syntax: 'cii',
  label: 'CII',
  isRoot: (root) => root.name === CII_ROOT,
  read: (root) => {
    const r = readCii(root);
    return { invoice: r.invoice, locations: r.locations };
  },
  write: (inv) => ({ xml: writeCii(inv), unmapped: [] }),
};

/** OASIS UBL 2.1 Invoice and CreditNote. */
export const UBL: SyntaxAdapter = {
  syntax: 'ubl',
  label: 'UBL',
  isRoot: (root) => isUblRoot(root.name),
  read: (root) => {
    const r = readUbl(root);
    return { invoice: r.invoice, locations: r.locations };
  },
  write: (inv) => writeUblWithReport(inv),
};

/** The adapter of a syntax. */
export const SYNTAXES: Readonly<Record<SyntaxName, SyntaxAdapter>> = { cii: CII, ubl: UBL };

/** Parses a document we wrote into its element tree. */
export function treeOf(xml: string): CiiElement {
  return withXmlDocument(xml, (doc) => toElementTree(doc));
}
