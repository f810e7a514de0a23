/**
 * The v1 API-key authorizer (DECISIONS.md, Auth): the key comes in
 * `X-API-Key: <key>` or `Authorization: Bearer <key>`. The authorizer returns
 * it as `usageIdentifierKey` (the REST API's apiKeySource is AUTHORIZER), so
 * API Gateway still validates it against the usage plans and meters quota and
 * throttling per key; the key id and plan go to the integration in the
 * authorizer context (`{keyId, plan}`, what lib/keys/dynamo-credit-store.ts
 * reads). No key, two different keys, or a key no plan holds: `Unauthorized`
 * (API Gateway answers 401, in our envelope). When the plans cannot be read
 * at all, any other error: API Gateway answers 500 (AUTHORIZER_FAILURE).
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { KeyDirectoryUnavailableError, type KeyDirectory } from './key-directory.js';

/** The exact error message API Gateway turns into a 401 (gateway response UNAUTHORIZED). */
export const UNAUTHORIZED = 'Unauthorized';

/** API key values: printable ASCII without spaces (API Gateway requires at least 20 characters). */
const KEY_SHAPE = /^[\x21-\x7e]{20,256}$/;
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Why no key could be taken from the request. */
export type KeyProblem = 'missing' | 'malformed' | 'conflicting';

/** The key a request carries, or why it carries none. */
export type KeyExtraction = { key: string } | { problem: KeyProblem };

/** The minimal logger the authorizer needs (Powertools Logger fits). */
export interface AuthorizerLogger {
  info(message: string, ...extra: Array<Record<string, unknown>>): void;
  warn(message: string, ...extra: Array<Record<string, unknown>>): void;
  error(message: string, ...extra: Array<Record<string, unknown>>): void;
}

function header(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) {
    if (k.toLowerCase() === lower && typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  for (const [k, values] of Object.entries(event.multiValueHeaders ?? {})) {
    const v = values?.find((x) => typeof x === 'string' && x.trim() !== '');
    if (k.toLowerCase() === lower && v !== undefined) return v.trim();
  }
  return undefined;
}

/** Takes the API key from `X-API-Key` or `Authorization: Bearer`; both present must agree. */
export function extractApiKey(event: APIGatewayRequestAuthorizerEvent): KeyExtraction {
  const fromHeader = header(event, 'x-api-key');
  const authorization = header(event, 'authorization');
  const bearer = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (authorization !== undefined && bearer === undefined && fromHeader === undefined) return { problem: 'malformed' };
  if (fromHeader !== undefined && bearer !== undefined && fromHeader !== bearer) return { problem: 'conflicting' };
  const key = fromHeader ?? bearer;
  if (key === undefined) return { problem: 'missing' };
  return KEY_SHAPE.test(key) ? { key } : { problem: 'malformed' };
}

function allow(event: APIGatewayRequestAuthorizerEvent, principalId: string, key: string, context: Record<string, string | number>): APIGatewayAuthorizerResult {
  return {
    principalId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context,
    usageIdentifierKey: key,
  };
}

/** Builds the authorizer handler over a key directory. */
export function createAuthorizer(directory: KeyDirectory, logger: AuthorizerLogger) {
  return async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
    const found = extractApiKey(event);
    if ('problem' in found) {
      logger.info('API key refused', { reason: found.problem });
      throw new Error(UNAUTHORIZED);
    }
    let record;
    try {
      record = await directory.lookup(found.key);
    } catch (err) {
      if (err instanceof KeyDirectoryUnavailableError) {
        // Not the caller's fault: API Gateway answers 500 (AUTHORIZER_FAILURE) in the envelope, not 401.
        logger.error('Key directory unavailable', { cause: String(err.cause ?? err.message) });
        throw new Error('Key directory unavailable', { cause: err });
      }
      throw err;
    }
    if (record === undefined) {
      logger.info('API key refused', { reason: 'unknown' });
      throw new Error(UNAUTHORIZED);
    }
    return allow(event, record.id, found.key, { keyId: record.id, plan: record.plan, monthlyQuota: record.monthlyQuota });
  };
}
