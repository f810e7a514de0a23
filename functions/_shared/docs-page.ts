/**
 * The human-readable API page (GET /api/docs), built from the OpenAPI document
 * so the two never disagree. The example response is computed by the real
 * core from the example request, not written by hand.
 */
import { generateInvoiceXml } from '../../lib/generate.js';
import { parseInvoiceInput } from '../../lib/input/schema.js';
import { ROUTES } from '../routes.js';
import example from './examples/invoice.json' with { type: 'json' };
import { buildOpenApi, IDEMPOTENCY_KEY_PARAMETER, MISSING_DATA } from './openapi.js';

type Json = Record<string, unknown>;

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The type of a schema as the table shows it, with its length limits (maxLength, maxItems). */
function typeOf(s: Json): string {
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeOf).join(' | ');
  if (s.type === 'array') return `array of ${typeOf((s.items as Json) ?? {})}${typeof s.maxItems === 'number' ? ` (max ${s.maxItems} entries)` : ''}`;
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'string' && typeof s.maxLength === 'number') return `string (max ${s.maxLength} characters)`;
  return typeof s.type === 'string' ? s.type : 'any';
}

/** Flattens a JSON schema into rows of (path, type, required, description). */
function fieldRows(schema: Json, prefix = '', required = true, rows: string[][] = []): string[][] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const req = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, sub] of Object.entries(props)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const isReq = required && req.has(name);
    rows.push([path, typeOf(sub), isReq ? 'yes' : 'no', String(sub.description ?? '')]);
    // Optional fields are `anyOf: [X, {type: null}]`; an optional object or array of objects is listed field by field too.
    const variants = Array.isArray(sub.anyOf) ? (sub.anyOf as Json[]) : [sub];
    const objectVariant = variants.find((v) => v.type === 'object');
    if (objectVariant !== undefined) fieldRows(objectVariant, path, isReq, rows);
    const arrayVariant = variants.find((v) => v.type === 'array' && (v.items as Json | undefined)?.type === 'object');
    if (arrayVariant !== undefined) fieldRows(arrayVariant.items as Json, `${path}[]`, isReq, rows);
  }
  return rows;
}

function exampleResponse(): string {
  const parsed = parseInvoiceInput(example);
  if (!parsed.ok) return JSON.stringify({ success: false, error: { code: 'BAD_REQUEST', details: parsed.issues } }, null, 2);
  try {
    const { xml, syntax, profile, validation } = generateInvoiceXml(parsed.value);
    const shortXml = xml.length > 600 ? `${xml.slice(0, 600)}\n... (${xml.length} characters)` : xml;
    return JSON.stringify({ success: true, data: { xml: shortXml, syntax, profile, validation }, meta: { processingTimeMs: 1, apiVersion: 'v2' } }, null, 2);
  } catch (err) {
    return JSON.stringify({ success: false, error: { code: (err as { code?: string }).code, details: (err as { details?: unknown }).details } }, null, 2);
  }
}

/** Escapes `text` and shows its `backquoted` parts as code. */
function inlineCode(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

let cached: string | undefined;

/** Renders the page (cached after the first call). */
export function renderDocsPage(): string {
  if (cached) return cached;
  const api = buildOpenApi();
  const schemas = (api.components as Json).schemas as Record<string, Json>;
  const rows = fieldRows(schemas.InvoiceInput ?? {});
  const table = rows
    .map(([p, t, r, d]) => `<tr><td><code>${esc(p!)}</code></td><td>${esc(t!)}</td><td>${r}</td><td>${esc(d!)}</td></tr>`)
    .join('\n');
  const endpoints = ROUTES.map((r) => `<li><code>${r.method} ${esc(r.path)}</code>: ${esc(r.summary)}</li>`).join('\n');
  const idempotency = IDEMPOTENCY_KEY_PARAMETER;
  cached = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(String((api.info as Json).title))}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#1b1b1b}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:1rem;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f0f0}
</style></head><body>
<h1>${esc(String((api.info as Json).title))}</h1>
<p>${esc(String((api.info as Json).description))} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Endpoints</h2><ul>${endpoints}</ul>
<h2>Responses</h2>
<p>Every JSON answer is <code>{"success": true, "data": ..., "meta": {"processingTimeMs", "apiVersion"}}</code> or
<code>{"success": false, "error": {"code", "message", "details"}}</code>. Codes: 400 <code>BAD_REQUEST</code> (details: <code>{path, message}</code>; text over its length limit is named by its path; a body that is not valid UTF-8 has <code>{path: "body", reason: "encoding", message, byteOffset}</code>),
413 <code>PAYLOAD_TOO_LARGE</code> (over 6 MB), 415 <code>UNSUPPORTED_MEDIA_TYPE</code>, 422 <code>VALIDATION_FAILED</code> (details: <code>{rule, message, path}</code> with the official EN 16931 rule ids),
422 <code>DOCUMENT_TOO_COMPLEX</code> (a document past a resource limit; details: <code>{reason: "limit", limit, max}</code>, e.g. <code>time</code>, <code>memory</code>, a decompressed size or a pixel count),
429 <code>RATE_LIMITED</code> (with <code>Retry-After</code>), 500 <code>INTERNAL_ERROR</code> (never with internals), 503 <code>SERVER_BUSY</code> (with <code>Retry-After</code>: every document reader was busy).</p>
<p><code>POST /api/v2/validate</code> answers 200 with <code>data{valid, errors, warnings, summary}</code> whatever the verdict. Missing data is a finding, not a 400: an absent mandatory term gets its official EN 16931 rule id (BR-02, BR-06, BR-16, BR-22, ...), with 200 <code>valid: false</code> from the validate endpoints and 422 <code>VALIDATION_FAILED</code> from <code>/api/v2/xml</code> and <code>/api/v2/pdf</code>; 400 is for what cannot be read (a wrong type, a date that is not a date).</p>
<h2>Idempotent retries (<code>POST /api/v1/convert</code>)</h2>
<p>Request header <code>${esc(idempotency.name)}</code> (optional, ${idempotency.schema.minLength}-${idempotency.schema.maxLength} visible ASCII characters, e.g. <code>${esc(idempotency.example)}</code>):
${inlineCode(idempotency.description)}</p>
<pre>curl -s http://localhost:3000/api/v1/convert -H "X-API-Key: $KEY" -H '${esc(idempotency.name)}: ${esc(idempotency.example)}' -H 'Content-Type: application/json' -d @request.json</pre>
<h2>Asynchronous conversions (<code>POST /api/v1/convert</code>, <code>GET /api/v1/jobs/{jobId}</code>)</h2>
<p>${inlineCode(String(((((api.paths as Json)['/api/v1/convert'] as Json).post as Json).responses as Record<string, Json>)['202']?.description ?? ''))}</p>
<p>${inlineCode(String(((((api.paths as Json)['/api/v1/jobs/{jobId}'] as Json).get as Json).responses as Record<string, Json>)['200']?.description ?? ''))}</p>
<pre>curl -s http://localhost:3000/api/v1/convert -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"pdfBase64": "...", "async": true}'
curl -s http://localhost:3000/api/v1/jobs/job_... -H "X-API-Key: $KEY"</pre>
<h2>UBL 2.1: writing and converting (<code>POST /api/v2/xml</code>, <code>POST /api/v2/convert</code>)</h2>
<p>${inlineCode(String(((((api.paths as Json)['/api/v2/xml'] as Json).post as Json).responses as Record<string, Json>)['200']?.description ?? ''))}
Ask for UBL with <code>"syntax": "ubl"</code> in the invoice JSON, or <code>?syntax=ubl</code>.</p>
<pre>curl -s 'http://localhost:3000/api/v2/xml?syntax=ubl' -H 'Content-Type: application/json' -d @invoice.json</pre>
<p>${inlineCode(String((((api.paths as Json)['/api/v2/convert'] as Json).post as Json).description ?? ''))}</p>
<pre>curl -s 'http://localhost:3000/api/v2/convert?to=ubl' -H 'Content-Type: application/xml' --data-binary @factur-x.xml
curl -s http://localhost:3000/api/v2/convert -H 'Content-Type: application/json' -d '{"xml": "&lt;Invoice xmlns=...", "to": "cii"}'</pre>
<h2>Invoice fields (<code>POST /api/v2/xml</code>, <code>POST /api/v2/validate</code>)</h2>
<p>${esc(MISSING_DATA)}</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr></thead><tbody>
${table}
</tbody></table>
<h2>Example request</h2>
<pre>curl -s http://localhost:3000/api/v2/xml -H 'Content-Type: application/json' -d @invoice.json</pre>
<pre>${esc(JSON.stringify(example, null, 2))}</pre>
<h2>Example response</h2>
<pre>${esc(exampleResponse())}</pre>
</body></html>`;
  return cached;
}
