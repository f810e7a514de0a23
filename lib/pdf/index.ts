/**
 * The PDF core of the service (spec: "PDF-embedding endpoint" and
 * `POST /api/v2/render`; DECISIONS.md: PDF file names, X-Conversion-Method):
 * - {@link embedFacturX}: a client PDF + an EN 16931 CII XML -> a Factur-X PDF/A-3b file;
 * - {@link extractInvoiceXml}: the invoice XML out of a Factur-X / ZUGFeRD / XRechnung PDF;
 * - {@link checkFacturXPdf}: a checker for Factur-X PDF/A-3 files;
 * - {@link renderInvoicePdf}: a readable invoice PDF from the semantic model, Factur-X when given the XML;
 * - {@link preflightPdf}: a PDF measured against the resource limits (lib/limits.ts) before another tool reads it.
 * Errors are the domain errors of ./errors.ts.
 */
export { checkFacturXPdf, type CheckOptions, type CheckProblem, type FacturXCheckResult } from './check.js';
export {
  embedFacturX,
  PRODUCER,
  type ConversionMethod,
  type EmbedFacturXOptions,
  type EmbedFacturXResult,
} from './embed.js';
export {
  FacturXXmlError,
  PdfEncryptedError,
  PdfInvalidError,
  PdfNotConvertibleError,
  PdfTooLargeError,
  type PdfConformanceIssue,
} from './errors.js';
export { extractInvoiceXml, type ExtractedInvoiceXml } from './extract.js';
export { detectGhostscript, findGhostscript, ghostscriptRewriter, type GhostscriptOptions, type PdfRewriter } from './ghostscript.js';
export { DEFAULT_MAX_PDF_BYTES } from './load.js';
export { afRelationshipFor, FACTURX_PROFILES, type FacturXProfile } from './profile.js';
export { setRenderFontFiles } from './render/fonts.js';
export type { Lang } from './render/format.js';
export { chooseLanguage } from './render/i18n.js';
export { renderInvoicePdf, type RenderInvoiceOptions } from './render/render.js';
export { preflightPdf, type PageSize, type PdfPreflight, type PreflightOptions } from './preflight.js';
