/**
 * Body checks at the boundary: a valibot-backed parser from lib/input turns
 * the JSON body into typed input or a 400 with field paths.
 */
import { InputError, type FieldIssue } from '../../lib/errors.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';

/** A parser as lib/input exports them. */
export type BodyParser<T> = (body: unknown) => { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Parses `body` or throws a 400 `BAD_REQUEST` listing every problem with its path. */
export function parseBody<T>(parser: BodyParser<T>, body: unknown): T {
  const result = parser(body);
  if (result.ok) return result.value;
  const n = result.issues.length;
  throw new InputError(`The request body has ${n} problem${n === 1 ? '' : 's'}.`, result.issues);
}

/**
 * The XML of a `{"xml": "..."}` body, or undefined when the body is something else.
 * @throws InputError when `xml` is present but not a non-empty string.
 */
export function xmlField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('xml' in body)) return undefined;
  const xml = (body as { xml: unknown }).xml;
  if (typeof xml !== 'string' || xml.trim() === '') {
    throw new InputError('The body has 1 problem.', [{ path: 'xml', message: 'must be a non-empty string holding a CII XML invoice' }]);
  }
  return xml;
}

/** The body of POST /api/v2/pdf: the v2 invoice under `invoiceData` and the PDF under `pdfBase64`. */
export function parsePdfBody(body: unknown): { ok: true; value: { invoice: InvoiceInput; pdf: Uint8Array } } | { ok: false; issues: FieldIssue[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, issues: [{ path: '', message: 'must be an object {invoiceData, pdfBase64}' }] };
  const { invoiceData, pdfBase64 } = body as { invoiceData?: unknown; pdfBase64?: unknown };
  const issues: FieldIssue[] = [];
  const parsed = parseInvoiceInput(invoiceData);
  if (invoiceData === undefined) issues.push({ path: 'invoiceData', message: 'is required' });
  else if (!parsed.ok) issues.push(...parsed.issues.map((i) => ({ path: i.path ? `invoiceData.${i.path}` : 'invoiceData', message: i.message })));
  const pdf = decodeBase64(pdfBase64, 'pdfBase64', issues);
  if (issues.length > 0 || !parsed.ok || pdf === undefined) return { ok: false, issues };
  return { ok: true, value: { invoice: parsed.value, pdf } };
}

/** Strict base64 (standard or URL-safe alphabet, optional padding, whitespace ignored; a `data:` URL prefix is accepted). */
export function decodeBase64(value: unknown, path: string, issues: FieldIssue[]): Uint8Array | undefined {
  if (value === undefined || value === null) {
    issues.push({ path, message: 'is required' });
    return undefined;
  }
  if (typeof value !== 'string') {
    issues.push({ path, message: 'must be a base64 string' });
    return undefined;
  }
  const text = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (text === '' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.length % 4 === 1) {
    issues.push({ path, message: 'is not valid base64' });
    return undefined;
  }
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
