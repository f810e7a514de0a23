/**
 * AWS Signature Version 4 for the authorizer's few GET calls to the API
 * Gateway management API (the Lambda runtime gives credentials in its
 * environment). Small on purpose: GET with a query string, no body streaming.
 */
import { createHash, createHmac } from 'node:crypto';

/** Temporary or long-term AWS credentials. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A request to sign. */
export interface UnsignedRequest {
  method: string;
  /** e.g. `apigateway.eu-west-3.amazonaws.com`. */
  host: string;
  /** Raw (not yet encoded) path, e.g. `/usageplans/abc/keys`. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  region: string;
  service: string;
}

/** RFC 3986 encoding, as SigV4 requires (`!'()*` encoded too). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** `20250101T120000Z` */
function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The encoded path, as both the URL and the canonical request use it. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeRfc3986).join('/');
}

/** The canonical query string (sorted by name, then value). */
export function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * Signs `req` at `now` and returns every header to send (host, x-amz-date,
 * x-amz-security-token when there is a session token, authorization, and the
 * caller's headers).
 */
export function signRequest(req: UnsignedRequest, credentials: AwsCredentials, now: Date = new Date()): Record<string, string> {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host = req.host;
  headers['x-amz-date'] = stamp;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${(headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    encodePath(req.path),
    canonicalQuery(req.query),
    canonicalHeaders,
    signedHeaders,
    sha256Hex(req.body ?? ''),
  ].join('\n');

  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, req.region), req.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
