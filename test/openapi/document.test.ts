/**
 * The OpenAPI 3.1 document (functions/_shared/openapi.ts): valid against the official OpenAPI 3.1 schema (as
 * published by the OpenAPI Initiative, shipped in @seriousme/openapi-schema-validator: no network), complete (every
 * route of functions/routes.ts documented with its method; no operation without a route), and true to the code
 * (error statuses as functions/_shared/errors.ts answers them, security as the stack deploys it).
 *
 * A new endpoint fails here until its operation is added to functions/_shared/openapi/paths.ts.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_BY_CODE } from '../../functions/_shared/errors.js';
import { buildOpenApi } from '../../functions/_shared/openapi.js';
import { ERROR_CODES } from '../../functions/_shared/openapi/errors.js';
import { operations, TAGS } from '../../functions/_shared/openapi/paths.js';
import { ROUTES } from '../../functions/routes.js';
import { isV1Path } from '../../infra/route-settings.js';

type Json = Record<string, any>;

const root = resolve(import.meta.dirname, '..', '..');
const doc = buildOpenApi() as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document as `METHOD path`. */
function documented(): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) out.set(`${method.toUpperCase()} ${path}`, item[method]);
  }
  return out;
}

/** The value a local `#/...` reference points at. */
function deref(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at: Json, key: string) => at?.[key], doc);
}

describe('the OpenAPI document', () => {
  it('is valid against the official OpenAPI 3.1 JSON schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is not valid against it when broken (the check can fail)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/api/v2/xml'].post.responses = { '200': { content: {} } };
    broken.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary', url: 'https://example.invalid/' };
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('documents every route of functions/routes.ts with its method, and no operation without a route', () => {
    const ops = documented();
    const undocumented = ROUTES.filter((r) => !ops.has(`${r.method} ${r.path}`)).map(
      (r) => `${r.method} ${r.path}: add its operation to functions/_shared/openapi/paths.ts`,
    );
    expect(undocumented).toEqual([]);
    const routeKeys = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect([...ops.keys()].filter((k) => !routeKeys.has(k))).toEqual([]);
    expect(Object.keys(operations()).filter((k) => !routeKeys.has(k)), 'operations in paths.ts without a route').toEqual([]);
  });

  it('gives each operation a unique operationId, the route summary, one area tag, a 2xx answer and 4xx/5xx answers in the envelope', () => {
    const tags = new Set<string>(TAGS.map((t) => t.name));
    const ids = new Set<string>();
    for (const route of ROUTES) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const where = `${route.method} ${route.path}`;
      expect(ids.has(op.operationId), where).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, where).toBe(route.summary);
      expect(op.tags, where).toHaveLength(1);
      expect(tags.has(op.tags[0]), where).toBe(true);
      const statuses = Object.keys(op.responses);
      expect(statuses.some((s) => /^2\d\d$/.test(s)), where).toBe(true);
      expect(statuses.some((s) => /^4\d\d$/.test(s)), where).toBe(true);
      for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s))) {
        const schema = op.responses[status].content['application/json'].schema;
        expect(schema.$ref, `${where} ${status}`).toBe('#/components/schemas/Error');
        for (const code of schema.properties.error.properties.code.enum) expect(ERROR_CODES[code]?.status, `${where} ${status} ${code}`).toBe(Number(status));
      }
    }
  });

  it('says which operations need the API key: v1 (as the stack deploys them), and `security: []` on every open one', () => {
    for (const route of ROUTES) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      if (isV1Path(route.path)) {
        expect(op.security, route.path).toEqual([{ ApiKeyHeader: [] }, { BearerKey: [] }]);
        expect(op.responses['401'], route.path).toBeDefined();
      } else expect(op.security, route.path).toEqual([]);
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['ApiKeyHeader', 'BearerKey']);
  });

  it('prefills an example for every request body media type', () => {
    for (const [key, op] of documented()) {
      if (!op.requestBody) {
        expect(key.startsWith('GET '), key).toBe(true);
        continue;
      }
      for (const [type, media] of Object.entries(op.requestBody.content as Record<string, Json>)) {
        const examples = Object.values((media.examples ?? {}) as Record<string, Json>).map(deref);
        expect(examples.length, `${key} ${type}`).toBeGreaterThan(0);
        for (const example of examples) expect(example.value, `${key} ${type}`).toBeDefined();
      }
    }
  });

  it('documents the raw XML bodies with their media types and `?rules=` where the handlers read them', () => {
    for (const path of ['/api/v2/validate', '/api/v2/render', '/api/v1/validate']) {
      const op = doc.paths[path].post;
      expect(Object.keys(op.requestBody.content).sort(), path).toEqual(['application/json', 'application/xml', 'text/xml']);
      expect(op.parameters.find((p: Json) => p.name === 'rules'), path).toMatchObject({ in: 'query', schema: { pattern: expect.stringContaining('auto|en16931|fr|xrechnung|peppol') } });
    }
    expect(Object.keys(doc.paths['/api/v2/xml'].post.requestBody.content)).toEqual(['application/json']);
  });

  it('documents the headers of the binary and asynchronous answers', () => {
    const headersOf = (path: string, method: string, status: string) => Object.keys(doc.paths[path][method].responses[status].headers ?? {}).sort();
    expect(headersOf('/api/v2/pdf', 'post', '200')).toEqual(['Content-Disposition', 'X-Conversion-Method', 'X-Invoice-Number', 'X-Processing-Time-Ms']);
    expect(headersOf('/api/v2/render', 'post', '200')).toEqual(['Content-Disposition', 'X-Conversion-Unmapped', 'X-Facturx', 'X-Invoice-Number', 'X-Processing-Time-Ms', 'X-Validation']);
    expect(Object.keys(doc.paths['/api/v2/pdf'].post.responses['200'].content)).toEqual(['application/pdf']);
    expect(headersOf('/api/v1/convert', 'post', '202')).toEqual(['Idempotent-Replayed', 'Location', 'Retry-After']);
    expect(headersOf('/api/v1/jobs/{jobId}', 'get', '200')).toEqual(['Retry-After', 'X-Job-Status']);
    for (const [key, op] of documented()) {
      if (op.responses['429']) expect(Object.keys(op.responses['429'].headers ?? {}), key).toContain('Retry-After');
    }
    expect(doc.paths['/api/v1/convert'].post.parameters.map((p: Json) => p.name)).toEqual(['Idempotency-Key']);
  });

  it('lists every error code the service answers, with the status functions/_shared/errors.ts gives it', () => {
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) expect(ERROR_CODES[code]?.status, code).toBe(status);
    // The only code the handlers' mapping does not know: the local server's own timeout (server/app.ts).
    expect(Object.keys(ERROR_CODES).filter((c) => !(c in STATUS_BY_CODE))).toEqual(['REQUEST_TIMEOUT']);
    expect(readFileSync(resolve(root, 'server', 'app.ts'), 'utf8')).toContain("'REQUEST_TIMEOUT'");
    expect(doc.components.schemas.ErrorBody.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
  });

  it('takes the invoice body from the valibot schema the handlers parse with', () => {
    const invoice = doc.components.schemas.InvoiceInput;
    expect(invoice.required).toEqual(expect.arrayContaining(['invoiceNumber', 'invoiceDate', 'seller', 'buyer', 'items']));
    expect(invoice.properties.documentType.anyOf[0].anyOf.map((o: Json) => o.type)).toEqual(['string', 'number']);
    const vatRate = invoice.properties.items.items.properties.vatRate;
    expect(vatRate.anyOf.map((o: Json) => o.type)).toEqual(['number', 'string']);
    // The flat v1 names point into it.
    expect(deref(doc.components.schemas.FlatV1Invoice.properties.supplierName)).toBe(invoice.properties.seller.properties.name);
    expect(deref(doc.components.schemas.FlatV1Invoice.properties.totalHT)).toEqual(expect.objectContaining({ anyOf: expect.any(Array) }));
  });

  it('points "Try it out" at the server it comes from, and names the licence of the product', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '..' })]);
    expect(new URL(doc.servers[0].url, 'https://api.example.eu/prod/api/openapi.json').href).toBe('https://api.example.eu/prod/');
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Json;
    expect(pkg.license).toBe('UNLICENSED');
    expect(existsSync(resolve(root, 'LICENSE'))).toBe(true);
    expect(readFileSync(resolve(root, 'LICENSE'), 'utf8')).toContain('All rights reserved.');
  });
});
