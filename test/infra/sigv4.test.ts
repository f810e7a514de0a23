/**
 * The authorizer's SigV4 signer, checked against the AWS SDK's own signer
 * (@smithy/signature-v4, installed with the SDK clients) on the same requests.
 */
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, encodeRfc3986, signRequest, type AwsCredentials, type UnsignedRequest } from '../../infra/authorizer/sigv4.js';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (d: SourceData): string | Buffer =>
  typeof d === 'string' ? d : d instanceof ArrayBuffer ? Buffer.from(d) : Buffer.from(d.buffer, d.byteOffset, d.byteLength);

/** node:crypto as the SDK's hash constructor. */
class NodeSha256 {
  private readonly h: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.h.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.h.digest());
  }
}

async function sdkAuthorization(req: UnsignedRequest, credentials: AwsCredentials, when: Date): Promise<string> {
  const signer = new SignatureV4({ credentials, region: req.region, service: req.service, sha256: NodeSha256, applyChecksum: false, uriEscapePath: true });
  const signed = await signer.sign(
    { method: req.method, protocol: 'https:', hostname: req.host, path: req.path, query: req.query ?? {}, headers: { host: req.host, ...req.headers }, body: req.body },
    { signingDate: when },
  );
  return signed.headers.authorization ?? signed.headers.Authorization ?? '';
}

const WHEN = new Date('2025-06-30T12:34:56Z');
const REQUESTS: Array<[string, UnsignedRequest, AwsCredentials]> = [
  [
    'usage plan keys, first page, session credentials',
    { method: 'GET', host: 'apigateway.eu-west-3.amazonaws.com', path: '/usageplans/a1b2c3/keys', query: { limit: '500' }, headers: { accept: 'application/json' }, region: 'eu-west-3', service: 'apigateway' },
    { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE==' },
  ],
  [
    'next page with a position needing encoding, long-term credentials',
    { method: 'GET', host: 'apigateway.eu-central-1.amazonaws.com', path: '/usageplans', query: { position: 'a b/c+d=', limit: '500' }, headers: { accept: 'application/json' }, region: 'eu-central-1', service: 'apigateway' },
    { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/with+chars' },
  ],
];

describe('signRequest', () => {
  it.each(REQUESTS)('signs like the AWS SDK: %s', async (_label, req, credentials) => {
    const ours = signRequest(req, credentials, WHEN);
    expect(ours.authorization).toBe(await sdkAuthorization(req, credentials, WHEN));
    expect(ours['x-amz-date']).toBe('20250630T123456Z');
  });

  it('changes the signature when the secret, the path or the date changes', () => {
    const [, req, creds] = REQUESTS[0] as [string, UnsignedRequest, AwsCredentials];
    const base = signRequest(req, creds, WHEN).authorization;
    expect(signRequest(req, { ...creds, secretAccessKey: 'other' }, WHEN).authorization).not.toBe(base);
    expect(signRequest({ ...req, path: '/usageplans/zzz/keys' }, creds, WHEN).authorization).not.toBe(base);
    expect(signRequest(req, creds, new Date('2025-06-30T12:34:57Z')).authorization).not.toBe(base);
  });
});

describe('encoding', () => {
  it('encodes per RFC 3986 and sorts the query', () => {
    expect(encodeRfc3986("a b!'()*~-_.")).toBe('a%20b%21%27%28%29%2A~-_.');
    expect(canonicalQuery({ position: 'x/y', limit: '500' })).toBe('limit=500&position=x%2Fy');
  });
});
