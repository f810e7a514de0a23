/**
 * Domain errors of the XML layer.
 *
 * Every failure to read untrusted XML surfaces as one of these two classes, each
 * with a stable `code`, so the HTTP edge can map them without looking at
 * libxml2's wording. The libxml2 error, when there is one, travels as `cause`.
 * Both are ServiceErrors (lib/errors.ts): the edge answers them with 400.
 */
import { ServiceError } from '../errors.js';

/** Where in the input a syntax error was found (1-based), when libxml2 knows. */
export interface XmlErrorLocation {
  line?: number;
  column?: number;
}

/**
 * The input is not well-formed UTF-8 XML 1.0: not XML at all, truncated, a
 * character XML forbids, invalid UTF-8 bytes, or an encoding other than UTF-8
 * declared (Factur-X 1.0 requires the CII XML to be UTF-8).
 */
export class XmlSyntaxError extends ServiceError {
  /** Stable error code for the HTTP mapping. */
  declare readonly code: 'XML_SYNTAX';
  /** 1-based line of the first error, when known. */
  readonly line: number | undefined;
  /** 1-based column of the first error, when known. */
  readonly column: number | undefined;

  constructor(message: string, options: XmlErrorLocation & { cause?: unknown } = {}) {
    super(
      'XML_SYNTAX',
      message,
      options.line === undefined ? undefined : [{ line: options.line, ...(options.column === undefined ? {} : { column: options.column }), message }],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'XmlSyntaxError';
    this.line = options.line;
    this.column = options.column;
  }
}

/** Why an input was refused by {@link XmlSecurityError}. */
export type XmlSecurityReason = 'size' | 'dtd' | 'entity' | 'depth';

/**
 * The input uses a construct we refuse outright for safety: a document type
 * declaration (EN 16931 CII never has one; refusing it rules out XXE and entity
 * expansion attacks), entity expansion beyond libxml2's amplification limit,
 * nesting beyond libxml2's depth limit, or a size over the cap.
 */
export class XmlSecurityError extends ServiceError {
  /** Stable error code for the HTTP mapping. */
  declare readonly code: 'XML_FORBIDDEN';
  /** Which protection refused the input. */
  readonly reason: XmlSecurityReason;

  constructor(reason: XmlSecurityReason, message: string, options: { cause?: unknown } = {}) {
    super('XML_FORBIDDEN', message, undefined, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'XmlSecurityError';
    this.reason = reason;
  }
}
