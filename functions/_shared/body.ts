/**
 * Body checks at the boundary: a valibot-backed parser from lib/input turns
 * the JSON body into typed input or a 400 with field paths.
 */
import { asksFor, parseRuleRequest, RULES_MESSAGE, type RuleRequest } from '../../lib/rules/rule-sets.js';
import { SYNTAX_NAMES, isSyntaxName, type SyntaxName } from '../../lib/convert/syntax.js';
import { EncodingError, InputError, type FieldIssue } from '../../lib/errors.js';
import { parsePartialInvoiceInput, type PartialInvoiceInput } from '../../lib/input/partial.js';
import { describeReceived } from '../../lib/input/codes.js';
import { findUnpairedSurrogate } from '../../lib/input/utf8.js';
import { MAX_IDENTIFIER_LENGTH } from '../../lib/input/limits.js';
import { syntaxForRules } from '../../lib/input/cius.js';

/** A parser as lib/input exports them. */
export type BodyParser<T> = (body: unknown) => { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Parses `body` or throws a 400 `BAD_REQUEST` listing every problem with its path. */
export function parseBody<T>(parser: BodyParser<T>, body: unknown): T {
  const result = parser(body);
  if (result.ok) return result.value;
  const n = result.issues.length;
  throw new InputError(`The request body has ${n} problem${n === 1 ? '' : 's'}.`, result.issues);
}

/** A 400 `BAD_REQUEST` for one problem of the body, at `path`. */
export function bodyProblem(path: string, message: string): InputError {
  return new InputError('The body has 1 problem.', [{ path, message }]);
}

/** Issues found in a nested value, their paths put under `prefix` (an issue of the value itself is at `prefix`). */
export function underPath(prefix: string, issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.map((i) => ({ ...i, path: i.path ? `${prefix}.${i.path}` : prefix }));
}

/**
 * The XML of a `{"xml": "..."}` body, or undefined when the body is something else.
 * @throws InputError when `xml` is present but not a non-empty string.
 * @throws EncodingError (400, reason "encoding", path `xml`) when it holds an unpaired surrogate.
 */
export function xmlField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('xml' in body)) return undefined;
  const xml = (body as { xml: unknown }).xml;
  if (typeof xml !== 'string' || xml.trim() === '') throw bodyProblem('xml', 'must be a non-empty string holding an XML invoice (CII or UBL 2.1)');
  // JSON can write a lone surrogate ("\ud800"); XML text cannot hold one, and encoding it would put U+FFFD in its place.
  const lone = findUnpairedSurrogate(xml);
  if (lone !== undefined) {
    throw new EncodingError('The body has 1 problem.', {
      path: 'xml',
      message: `holds an unpaired surrogate ${lone.codeUnit} at character ${lone.index + 1}: not a Unicode character, so not XML text`,
    });
  }
  return xml;
}

/** The CII XML of a request that accepts XML: the raw XML body, or `{"xml": "..."}`; undefined for any other body. */
export function requestXml(req: { body: unknown; xml?: string | Uint8Array | undefined }): string | Uint8Array | undefined {
  return req.xml ?? xmlField(req.body);
}

/**
 * The body of POST /api/v2/pdf: the v2 invoice under `invoiceData` (parsed leniently: an absent mandatory term is a
 * 422 finding, lib/input/partial.ts) and the PDF under `pdfBase64`.
 */
export function parsePdfBody(body: unknown): { ok: true; value: { invoice: PartialInvoiceInput; pdf: Uint8Array } } | { ok: false; issues: FieldIssue[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, issues: [{ path: '', message: 'must be an object {invoiceData, pdfBase64}' }] };
  const { invoiceData, pdfBase64 } = body as { invoiceData?: unknown; pdfBase64?: unknown };
  const issues: FieldIssue[] = [];
  const parsed = parsePartialInvoiceInput(invoiceData);
  if (invoiceData === undefined) issues.push({ path: 'invoiceData', message: 'is required' });
  else if (!parsed.ok) issues.push(...underPath('invoiceData', parsed.issues));
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

/** Media types v1 convert reads. */
export const CONVERT_MEDIA_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/jpg': 'JPEG image',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (xlsx)',
  'application/vnd.ms-excel': 'Excel (xls)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (docx)',
};

/** The body of POST /api/v1/convert. */
export function parseConvertBody(body: unknown):
  | {
      ok: true;
      value: { bytes: Uint8Array; mimeType: string; fileName?: string; profile: 'basic' | 'comfort' | 'extended'; businessProcess?: string; rules?: RuleRequest; syntax?: 'ubl'; async: boolean };
    }
  | { ok: false; issues: FieldIssue[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, issues: [{ path: '', message: 'must be an object' }] };
  const b = body as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const given = (['pdfBase64', 'imageBase64', 'documentBase64'] as const).filter((k) => b[k] !== undefined && b[k] !== null);
  if (given.length !== 1) {
    return { ok: false, issues: [{ path: given.length ? given.join(',') : 'pdfBase64', message: 'send exactly one of pdfBase64, imageBase64 (with mimeType) or documentBase64 (with mimeType)' }] };
  }
  const field = given[0]!;
  let mimeType = typeof b.mimeType === 'string' ? b.mimeType.trim().toLowerCase().replace(/;.*$/, '') : undefined;
  if (field === 'pdfBase64') mimeType ??= 'application/pdf';
  if (mimeType === undefined) issues.push({ path: 'mimeType', message: `is required with ${field}` });
  else if (!(mimeType in CONVERT_MEDIA_TYPES)) issues.push({ path: 'mimeType', message: `must be one of ${Object.keys(CONVERT_MEDIA_TYPES).join(', ')}; got ${describeReceived(b.mimeType)}` });
  else if (field === 'pdfBase64' && mimeType !== 'application/pdf') issues.push({ path: 'mimeType', message: 'must be application/pdf with pdfBase64' });
  else if (field === 'imageBase64' && !mimeType.startsWith('image/')) issues.push({ path: 'mimeType', message: 'must be image/png or image/jpeg with imageBase64' });
  const bytes = decodeBase64(b[field], field, issues);
  if (b.fileName !== undefined && typeof b.fileName !== 'string') issues.push({ path: 'fileName', message: 'must be a string' });
  if (b.autoValidate !== undefined && typeof b.autoValidate !== 'boolean') issues.push({ path: 'autoValidate', message: 'must be a boolean' });
  if (b.async !== undefined && b.async !== null && typeof b.async !== 'boolean') issues.push({ path: 'async', message: 'must be a boolean' });
  let profile: 'basic' | 'comfort' | 'extended' = 'comfort';
  if (b.profile !== undefined && b.profile !== null) {
    const p = typeof b.profile === 'string' ? b.profile.toLowerCase() : '';
    if (p === 'basic' || p === 'comfort' || p === 'extended') profile = p;
    else issues.push({ path: 'profile', message: `must be one of basic, comfort, extended; got ${describeReceived(b.profile)}` });
  }
  let businessProcess: string | undefined;
  if (b.businessProcess !== undefined && b.businessProcess !== null) {
    if (typeof b.businessProcess !== 'string' || b.businessProcess.trim() === '') issues.push({ path: 'businessProcess', message: 'must be a non-empty string (BT-23), e.g. "B1"' });
    else if (b.businessProcess.length > MAX_IDENTIFIER_LENGTH) issues.push({ path: 'businessProcess', message: `must be at most ${MAX_IDENTIFIER_LENGTH} characters long (it has ${b.businessProcess.length})` });
    else businessProcess = b.businessProcess.trim();
  }
  let rules: RuleRequest | undefined;
  if (b.rules !== undefined && b.rules !== null) {
    rules = parseRuleRequest(b.rules);
    if (rules === undefined) issues.push({ path: 'rules', message: `${RULES_MESSAGE}; got ${describeReceived(b.rules)}` });
  }
  let syntax: SyntaxName = 'cii';
  let explicitSyntax: SyntaxName | undefined;
  if (b.syntax !== undefined && b.syntax !== null) {
    if (isSyntaxName(b.syntax)) syntax = explicitSyntax = b.syntax;
    else issues.push({ path: 'syntax', message: `must be one of ${SYNTAX_NAMES.join(', ')}` });
  }
  // `rules: peppol` writes UBL (Peppol BIS Billing is UBL only), as on /api/v2/xml (lib/input/cius.ts).
  try {
    syntax = syntaxForRules(rules, explicitSyntax);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    issues.push(...(e.details as FieldIssue[]));
  }
  // An XRechnung is written at the EN 16931 level (comfort), with its own specification identifier (BT-24).
  if (syntax === 'cii' && profile !== 'comfort' && rules !== undefined && asksFor(rules, 'xrechnung')) issues.push({ path: 'profile', message: `an XRechnung is written at the EN 16931 level: leave profile out or send comfort with rules xrechnung (not ${profile})` });
  // The Factur-X profiles are CII's: UBL is written in EN 16931 (comfort), the only level EN 16931-3-2 binds.
  if (syntax === 'ubl' && profile !== 'comfort') issues.push({ path: 'profile', message: `${profile} is a Factur-X (CII) profile: with syntax ubl the invoice is written in EN 16931 (comfort); leave profile out or send comfort` });
  if (issues.length > 0 || bytes === undefined || mimeType === undefined) return { ok: false, issues };
  return {
    ok: true,
    value: {
      bytes,
      mimeType: mimeType === 'image/jpg' ? 'image/jpeg' : mimeType,
      ...(typeof b.fileName === 'string' ? { fileName: b.fileName } : {}),
      profile,
      ...(businessProcess !== undefined ? { businessProcess } : {}),
      ...(rules !== undefined ? { rules } : {}),
      ...(syntax === 'ubl' ? { syntax } : {}),
      async: b.async === true,
    },
  };
}

/**
 * The rule sets a request asks for (`rules`: auto, en16931, fr, xrechnung, peppol, or a list of them,
 * lib/rules/rule-sets.ts): `"rules"` of a JSON body (a value or an array), else the query parameter `?rules=`
 * (raw XML bodies, /api/v2/render; comma-separated for several); undefined when neither is given (auto).
 * @throws InputError (400) for any other value.
 */
export function requestRules(req: { body: unknown; event: { queryStringParameters?: Record<string, string | undefined> | null } }): RuleRequest | undefined {
  const body = req.body;
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { rules?: unknown }).rules : undefined;
  if (fromBody !== undefined && fromBody !== null) {
    const rules = parseRuleRequest(fromBody);
    if (rules === undefined) throw bodyProblem('rules', `${RULES_MESSAGE}; got ${describeReceived(fromBody)}`);
    return rules;
  }
  const fromQuery = req.event.queryStringParameters?.['rules'];
  if (fromQuery === undefined || fromQuery === null) return undefined;
  const rules = parseRuleRequest(fromQuery);
  if (rules === undefined) throw bodyProblem('query.rules', `${RULES_MESSAGE}; got ${describeReceived(fromQuery)}`);
  return rules;
}

/**
 * A syntax choice of a request (`cii` or `ubl`): the JSON body's field `field` (`syntax`, or `to` for the conversion),
 * else the query parameter of the same name; undefined when neither is given.
 * @throws InputError (400) for any other value, at `field` or `query.<field>`.
 */
export function requestSyntax(
  req: { body: unknown; event: { queryStringParameters?: Record<string, string | undefined> | null } },
  field = 'syntax',
): SyntaxName | undefined {
  const body = req.body;
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;
  if (fromBody !== undefined && fromBody !== null) {
    if (!isSyntaxName(fromBody)) throw bodyProblem(field, `must be one of ${SYNTAX_NAMES.join(', ')}`);
    return fromBody;
  }
  const fromQuery = req.event.queryStringParameters?.[field];
  if (fromQuery === undefined || fromQuery === null) return undefined;
  if (!isSyntaxName(fromQuery)) throw bodyProblem(`query.${field}`, `must be one of ${SYNTAX_NAMES.join(', ')}`);
  return fromQuery;
}
