/**
 * The one route table: every endpoint, its Lambda entry file, and a lazy
 * loader of its handler. The local server serves it; the CDK stack builds
 * one function per entry from it.
 */
import type { ApiHandler } from './_shared/http.js';

/** One endpoint. */
export interface Route {
  method: 'GET' | 'POST';
  /** Path as API Gateway sees it, e.g. `/api/v2/xml`. */
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
    summary: 'Validate invoice JSON against EN 16931 without producing XML.',
    load: async () => (await import('./v2-validate.js')).handler,
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
