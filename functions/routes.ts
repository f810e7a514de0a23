/**
 * The one route table: every endpoint, its Lambda entry file, and a lazy
 * loader of its handler. The local server serves it; the CDK stack builds
 * one function per entry from it.
 */
import type { ApiHandler } from './_shared/http.js';

/** One endpoint. */
export interface Route {
  method: 'GET' | 'POST';
  /** Path as API Gateway sees it, e.g. `/api/v2/xml`; `{name}` is a path parameter (`/api/v1/jobs/{jobId}`). */
  path: string;
  /** Short name, used for the Lambda function id. */
  name: string;
  /** Entry file, relative to the repository root. */
  entry: string;
  /** One line for the docs. */
  summary: string;
  /** Loads the handler (lazily, so the server starts fast). */
  load: () => Promise<ApiHandler>;
}

export const ROUTES: readonly Route[] = [
  {
    method: 'POST', path: '/api/v2/xml', name: 'v2-xml', entry: 'functions/v2-xml.ts',
    summary: 'Invoice JSON to validated Factur-X EN 16931 CII XML.',
    load: async () => (await import('./v2-xml.js')).handler,
  },
  {
    method: 'POST', path: '/api/v2/validate', name: 'v2-validate', entry: 'functions/v2-validate.ts',
    summary: 'Validate invoice JSON, or CII / UBL 2.1 XML, against EN 16931 without producing XML.',
    load: async () => (await import('./v2-validate.js')).handler,
  },
  {
    method: 'POST', path: '/api/v2/pdf', name: 'v2-pdf', entry: 'functions/v2-pdf.ts',
    summary: 'Embed the validated Factur-X XML into a client PDF: a PDF/A-3b Factur-X file.',
    load: async () => (await import('./v2-pdf.js')).handler,
  },
  {
    method: 'POST', path: '/api/v2/render', name: 'v2-render', entry: 'functions/v2-render.ts',
    summary: 'Render a CII or UBL XML invoice as a readable PDF (Factur-X PDF/A-3 when the XML is valid EN 16931 CII).',
    load: async () => (await import('./v2-render.js')).handler,
  },
  {
    method: 'POST', path: '/api/v2/convert', name: 'v2-convert', entry: 'functions/v2-convert.ts',
    summary: 'Convert an EN 16931 invoice between CII and UBL 2.1, reporting what the other syntax cannot carry.',
    load: async () => (await import('./v2-convert.js')).handler,
  },
  {
    method: 'POST', path: '/api/v1/convert', name: 'v1-convert', entry: 'functions/v1-convert.ts',
    summary: 'v1 (API key): a PDF, image, Excel or Word invoice -> extracted data, Factur-X XML in the asked profile, validation.',
    load: async () => (await import('./v1-convert.js')).handler,
  },
  {
    method: 'GET', path: '/api/v1/jobs/{jobId}', name: 'v1-jobs', entry: 'functions/v1-jobs.ts',
    summary: 'v1 (API key): the state of an asynchronous conversion; once succeeded, the answer a synchronous convert gives.',
    load: async () => (await import('./v1-jobs.js')).handler,
  },
  {
    method: 'POST', path: '/api/v1/validate', name: 'v1-validate', entry: 'functions/v1-validate.ts',
    summary: 'v1 (API key): validate invoice data (v2 or flat v1 names) or a CII / UBL XML; validation with score.',
    load: async () => (await import('./v1-validate.js')).handler,
  },
  {
    method: 'GET', path: '/api/health', name: 'health', entry: 'functions/health.ts',
    summary: 'Liveness and version.',
    load: async () => (await import('./health.js')).handler,
  },
  {
    method: 'GET', path: '/api/openapi.json', name: 'openapi', entry: 'functions/openapi.ts',
    summary: 'The OpenAPI 3.1 document of this API.',
    load: async () => (await import('./openapi.js')).handler,
  },
  {
    method: 'GET', path: '/api/docs', name: 'docs', entry: 'functions/docs.ts',
    summary: 'A readable page describing every endpoint.',
    load: async () => (await import('./docs.js')).handler,
  },
];
