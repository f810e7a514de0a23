/**
 * Which key store the v1 handlers use, chosen once per process:
 *  - on AWS (CREDITS_TABLE set): the DynamoDB credit counter behind API
 *    Gateway's usage plans and our request authorizer, with the
 *    Idempotency-Key table IDEMPOTENCY_TABLE (v1 convert only);
 *  - locally (the default): the durable local store in DATA_DIR (default
 *    `.data/` under the project), which `npm start` opens at start-up (and
 *    prints the development key once); a handler called without the server
 *    opens it lazily.
 * Limits: RATE_LIMIT_PER_MINUTE, QUOTA_FREE, QUOTA_STARTER, QUOTA_BUSINESS.
 */
import { resolve } from 'node:path';
import type { CreditTable } from '../../lib/keys/dynamo-credit-store.js';
import type { KeyLimitsOptions, KeyStore } from '../../lib/keys/store.js';

let current: Promise<KeyStore> | undefined;

function intEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}".`);
  return n;
}

/** The key limits from the environment (spec defaults for what is unset). */
export function keyLimitsFromEnv(): KeyLimitsOptions {
  const quota: KeyLimitsOptions['monthlyQuota'] = {};
  const free = intEnv('QUOTA_FREE');
  const starter = intEnv('QUOTA_STARTER');
  const business = intEnv('QUOTA_BUSINESS');
  if (free !== undefined) quota.free = free;
  if (starter !== undefined) quota.starter = starter;
  if (business !== undefined) quota.business = business;
  const rate = intEnv('RATE_LIMIT_PER_MINUTE');
  return { ...(rate === undefined ? {} : { ratePerMinute: rate }), monthlyQuota: quota };
}

/** The local data directory. */
export function dataDir(): string {
  return resolve(process.env.DATA_DIR ?? resolve(import.meta.dirname, '..', '..', '.data'));
}

/**
 * A CreditTable that loads the AWS SDK on its first call. Authentication on
 * AWS reads only the authorizer context, so a request without a valid key is
 * answered 401 even when the SDK cannot load (issue 14); a failed load is
 * retried by the next call.
 */
function lazyDocumentClientTable(): CreditTable {
  let loading: Promise<CreditTable> | undefined;
  const table = (): Promise<CreditTable> =>
    (loading ??= (async () => {
      const [{ DynamoDBClient }, { DynamoDBDocumentClient }, { documentClientTable }] = await Promise.all([
        import('@aws-sdk/client-dynamodb'),
        import('@aws-sdk/lib-dynamodb'),
        import('../../adapters/aws/credits/document-client-table.js'),
      ]);
      return documentClientTable(DynamoDBDocumentClient.from(new DynamoDBClient({})));
    })().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return {
    update: async (input) => (await table()).update(input),
    get: async (input) => (await table()).get(input),
    put: async (input) => (await table()).put(input),
    delete: async (input) => (await table()).delete(input),
    transactWrite: async (input) => (await table()).transactWrite(input),
  };
}

async function openDefault(): Promise<KeyStore> {
  // Read here rather than from ./config.ts: the key check must not depend on the rest of the configuration.
  const table = process.env.CREDITS_TABLE?.trim();
  if (table) {
    const { DynamoCreditStore } = await import('../../lib/keys/dynamo-credit-store.js');
    const idempotencyTableName = process.env.IDEMPOTENCY_TABLE?.trim() || undefined;
    return new DynamoCreditStore({ table: lazyDocumentClientTable(), tableName: table, limits: keyLimitsFromEnv(), idempotencyTableName });
  }
  const { openLocalKeyStore } = await import('../../lib/keys/local/local-key-store.js');
  const { store, developmentKey } = await openLocalKeyStore({ dataDir: dataDir(), limits: keyLimitsFromEnv() });
  if (developmentKey) process.stderr.write(`Development API key (plan free, shown once): ${developmentKey.key}\n`);
  return store;
}

/** The process's key store (opened on first use). */
export function getKeyStore(): Promise<KeyStore> {
  current ??= openDefault();
  return current;
}

/** Installs a store (the local server at start-up, tests). */
export function setKeyStore(store: KeyStore | Promise<KeyStore>): void {
  current = Promise.resolve(store);
}
