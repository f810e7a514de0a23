/**
 * Why a document is not converted (issue 23, point 4): it is neither an
 * EN 16931 CII nor a UBL 2.1 invoice, or it is not a valid EN 16931 invoice,
 * so its conversion would be no better. Answered 422 `VALIDATION_FAILED`
 * (functions/_shared/errors.ts), each detail naming the rule (the official id
 * of a broken EN 16931 rule, or `NOT-EN16931-CII` for another document)
 * and, for a finding, where it is in the document.
 */
import { ServiceError } from '../errors.js';
import type { Finding } from '../rules/types.js';

/** The document cannot be converted; see the module comment. */
export class NotConvertibleError extends ServiceError {
  constructor(message: string, details: ReadonlyArray<Record<string, unknown>>) {
    super('NOT_CONVERTIBLE', message, details);
  }

  /** A document whose root is neither a CII D16B invoice nor a UBL 2.1 Invoice or CreditNote. */
  static notAnInvoice(format: string): NotConvertibleError {
    return new NotConvertibleError(
      `This document is ${format}: only EN 16931 invoices in UN/CEFACT CII D16B (rsm:CrossIndustryInvoice) or OASIS UBL 2.1 (Invoice, CreditNote) are converted.`,
      [{ rule: 'NOT-EN16931-CII', message: `Neither a CII D16B nor a UBL 2.1 invoice: ${format}.`, format }],
    );
  }

  /** A CII or UBL document that breaks EN 16931 (or its XSD): every fatal finding, with its official id and location. */
  static invalid(syntaxLabel: string, errors: readonly Finding[], xsdErrors: readonly string[]): NotConvertibleError {
    const ids = [...new Set(errors.map((f) => f.rule))];
    const parts = [...(ids.length > 0 ? [`${errors.length} EN 16931 error${errors.length === 1 ? '' : 's'} (${ids.join(', ')})`] : []), ...(xsdErrors.length > 0 ? [`${xsdErrors.length} XSD error${xsdErrors.length === 1 ? '' : 's'}`] : [])];
    return new NotConvertibleError(
      `The ${syntaxLabel} document is not a valid EN 16931 invoice: ${parts.join(' and ')}. It is not converted: fix it first (POST /api/v2/validate lists every finding).`,
      [
        ...errors.map((f) => ({ rule: f.rule, message: f.message, path: f.path, ...(f.location === undefined ? {} : { location: f.location }) })),
        ...xsdErrors.map((message) => ({ rule: 'XSD', message })),
      ],
    );
  }
}
