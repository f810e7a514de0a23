/**
 * The AWS adapter of {@link KeyStore}. On AWS, API Gateway does the gate work
 * in front of the functions: an authorizer checks the API key and passes
 * `{ keyId, plan }` in its context, and the usage plans enforce the per-minute
 * rate and the monthly quota. The functions keep the exact credit counter in
 * DynamoDB, one item per key and month:
 *
 * | pk            | sk                | used                        |
 * |---------------|-------------------|-----------------------------|
 * | `KEY#<keyId>` | `MONTH#<YYYY-MM>` | credits taken (number)      |
 *
 * A reservation is one conditional UpdateItem (`ADD used :one` if
 * `attribute_not_exists(used) OR used < :quota`): atomic across every Lambda
 * instance, and ConditionalCheckFailedException means the quota is used up.
 * Commit does nothing more; release is a compensating decrement that never
 * goes below zero. The month is the UTC calendar month of the request.
 *
 * Idempotency-Key (./idempotency.ts) uses a second table, one item per API key
 * and Idempotency-Key, removed by DynamoDB TTL on `expiresAt` (epoch seconds;
 * TTL deletion is lazy, so every read checks `expiresAt` too):
 *
 * | pk            | sk             | phase               | other attributes                                                        |
 * |---------------|----------------|---------------------|-------------------------------------------------------------------------|
 * | `KEY#<keyId>` | `IDEM#<key>`   | `pending` / `done`  | fingerprint, claimToken (pending), expiresAt, statusCode, answer (gzip), answerBytes, completedAt |
 *
 * - claim: PutItem if `attribute_not_exists(pk) OR expiresAt <= :now`; a
 *   pending item expires after the lease ({@link DEFAULT_LEASE_SECONDS}, longer
 *   than any function may run), so a claim whose function died is taken over;
 *   a failed condition is answered from a consistent GetItem (replay, in
 *   progress, reused);
 * - the credit of an idempotent conversion is not taken at reservation (a
 *   consistent read refuses an exhausted quota early) but at commit, in one
 *   TransactWriteItems with the answer: `ADD used :one` under the quota
 *   condition, and the item set to `done` with its gzip'ed answer and an
 *   `expiresAt` 24 h on, under `claimToken = :token`. Both or neither: a
 *   function that dies before the commit charged nothing, one that dies after
 *   it left an answer a retry gets back. A quota used up meanwhile cancels the
 *   transaction (429, nothing charged); a transaction conflict is retried;
 * - an answer whose gzip is over {@link DEFAULT_MAX_STORED_ANSWER_BYTES} (the
 *   item limit is 400 KB) is recorded done without its body;
 * - a failure deletes the pending item (only with our token), so a retry runs again.
 *
 * This module does not import the AWS SDK: it talks to a {@link CreditTable}
 * whose inputs are exactly the DynamoDB DocumentClient command inputs;
 * adapters/aws/credits/document-client-table.ts binds it to `@aws-sdk/lib-dynamodb`.
 */
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import {
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  type CommitDecision,
  type IdempotencyClaim,
  type IdempotencyDecision,
  type IdempotencyRequest,
  type StoredAnswer,
} from './idempotency.js';
import {
  isPlan,
  periodOf,
  resolveKeyLimits,
  type CreditDecision,
  type KeyIdentity,
  type KeyLimits,
  type KeyLimitsOptions,
  type KeyStore,
  type PresentedCredentials,
  type RateDecision,
  type Reservation,
} from './store.js';

/** Primary key of a credit item. */
export interface CreditItemKey {
  pk: string;
  sk: string;
}

/** An UpdateItem input, as the DocumentClient's UpdateCommand takes it. */
export interface CreditUpdateInput {
  TableName: string;
  Key: CreditItemKey;
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, number>;
  ReturnValues: 'UPDATED_NEW' | 'NONE';
}

/** A GetItem input, as the DocumentClient's GetCommand takes it. */
export interface CreditGetInput {
  TableName: string;
  Key: CreditItemKey;
  /** Absent: the whole item. */
  ProjectionExpression?: string;
  ConsistentRead: boolean;
}

/** Attribute names and values of a condition or update expression (DocumentClient values: strings, numbers, Uint8Array). */
interface ExpressionParts {
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** A conditional PutItem input, as the DocumentClient's PutCommand takes it. */
export interface ItemPutInput extends ExpressionParts {
  TableName: string;
  Item: CreditItemKey & Record<string, unknown>;
  ConditionExpression: string;
}

/** A conditional DeleteItem input, as the DocumentClient's DeleteCommand takes it. */
export interface ItemDeleteInput extends ExpressionParts {
  TableName: string;
  Key: CreditItemKey;
  ConditionExpression: string;
}

/** One conditional update inside a transaction. */
export interface TransactUpdate {
  Update: {
    TableName: string;
    Key: CreditItemKey;
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
}

/** A TransactWriteItems input, as the DocumentClient's TransactWriteCommand takes it. */
export interface TransactWriteInput {
  TransactItems: TransactUpdate[];
  /** Makes a retried request (by the SDK, after a network error) apply at most once. */
  ClientRequestToken: string;
}

/**
 * The DynamoDB calls the adapter makes. A failed condition must reject with
 * an error named `ConditionalCheckFailedException`, a cancelled transaction
 * with one named `TransactionCanceledException` carrying `CancellationReasons`
 * (what the SDK throws).
 */
export interface CreditTable {
  update(input: CreditUpdateInput): Promise<{ Attributes?: Record<string, unknown> }>;
  get(input: CreditGetInput): Promise<{ Item?: Record<string, unknown> }>;
  put(input: ItemPutInput): Promise<unknown>;
  delete(input: ItemDeleteInput): Promise<unknown>;
  transactWrite(input: TransactWriteInput): Promise<unknown>;
}

/** How long a pending claim holds an Idempotency-Key: longer than any v1 function may run (29 s, the API Gateway limit). */
export const DEFAULT_LEASE_SECONDS = 60;

/** Largest gzip'ed answer stored in an item (DynamoDB items are at most 400 KB). */
export const DEFAULT_MAX_STORED_ANSWER_BYTES = 350_000;

/** Options of {@link DynamoCreditStore}. */
export interface DynamoCreditStoreOptions {
  table: CreditTable;
  tableName: string;
  /** Quotas per plan (default: the spec's). The rate is API Gateway's business here. */
  limits?: KeyLimitsOptions;
  /** The clock; default: the system clock. */
  clock?: () => Date;
  /** The table of Idempotency-Key items (TTL on `expiresAt`); without it, idempotent requests fail. */
  idempotencyTableName?: string | undefined;
  /** Seconds a pending claim holds its key. Default {@link DEFAULT_LEASE_SECONDS}. */
  leaseSeconds?: number;
  /** Largest gzip'ed answer kept. Default {@link DEFAULT_MAX_STORED_ANSWER_BYTES}. */
  maxStoredAnswerBytes?: number;
}

/** The item key of a key's credit counter in a period (`YYYY-MM`, UTC). */
export function creditItemKey(keyId: string, period: string): CreditItemKey {
  return { pk: `KEY#${keyId}`, sk: `MONTH#${period}` };
}

/** The item key of an Idempotency-Key of an API key. */
export function idempotencyItemKey(keyId: string, idempotencyKey: string): CreditItemKey {
  return { pk: `KEY#${keyId}`, sk: `IDEM#${idempotencyKey}` };
}

function isConditionalCheckFailed(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'ConditionalCheckFailedException';
}

/** The cancellation codes of a cancelled transaction (one per item, `None` for the ones that were fine), or undefined for any other error. */
function cancellationCodes(err: unknown): Array<string | undefined> | undefined {
  if (typeof err !== 'object' || err === null || (err as { name?: unknown }).name !== 'TransactionCanceledException') return undefined;
  const reasons = (err as { CancellationReasons?: unknown }).CancellationReasons;
  return Array.isArray(reasons) ? reasons.map((r) => (typeof r === 'object' && r !== null ? (r as { Code?: string }).Code : undefined)) : [];
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const TRANSACTION_ATTEMPTS = 3;

/** Names of the idempotency item's attributes in expressions. */
const IDEM_NAMES = {
  pk: '#pk',
  phase: '#phase',
  fingerprint: '#fingerprint',
  claimToken: '#claimToken',
  expiresAt: '#expiresAt',
  statusCode: '#statusCode',
  answer: '#answer',
  answerBytes: '#answerBytes',
  completedAt: '#completedAt',
} as const;

function names(...attributes: Array<keyof typeof IDEM_NAMES>): Record<string, string> {
  return Object.fromEntries(attributes.map((a) => [IDEM_NAMES[a], a]));
}

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

function usedOf(record: Record<string, unknown> | undefined): number {
  const used = record?.['used'];
  return typeof used === 'number' && Number.isFinite(used) ? used : 0;
}

/** Credits counted in DynamoDB; authentication and rate come from API Gateway. */
export class DynamoCreditStore implements KeyStore {
  /** The limits in force (only the quotas matter here). */
  readonly limits: KeyLimits;
  private readonly table: CreditTable;
  private readonly tableName: string;
  private readonly clock: () => Date;
  private readonly idempotencyTableName: string | undefined;
  private readonly leaseSeconds: number;
  private readonly maxStoredAnswerBytes: number;
  /**
   * Reservations taken by this instance and not yet settled (settling twice
   * must not decrement twice). `deferred`: taken for an idempotent
   * conversion, counted only by its commit.
   */
  private readonly open = new Map<string, { deferred: boolean; quota: number }>();

  constructor(options: DynamoCreditStoreOptions) {
    this.table = options.table;
    this.tableName = options.tableName;
    this.limits = resolveKeyLimits(options.limits);
    this.clock = options.clock ?? (() => new Date());
    this.idempotencyTableName = options.idempotencyTableName?.trim() || undefined;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
    this.maxStoredAnswerBytes = options.maxStoredAnswerBytes ?? DEFAULT_MAX_STORED_ANSWER_BYTES;
    if (!Number.isSafeInteger(this.leaseSeconds) || this.leaseSeconds < 1) throw new RangeError('leaseSeconds must be a positive integer.');
    if (!Number.isSafeInteger(this.maxStoredAnswerBytes) || this.maxStoredAnswerBytes < 1) throw new RangeError('maxStoredAnswerBytes must be a positive integer.');
  }

  /**
   * The key as the API Gateway authorizer described it: context
   * `{ keyId, plan }` (strings). The authorizer has already rejected unknown
   * and revoked keys; an absent or malformed context gives undefined (401).
   */
  async authenticate(credentials: PresentedCredentials): Promise<KeyIdentity | undefined> {
    const id = credentials.authorizer?.['keyId'];
    const plan = credentials.authorizer?.['plan'];
    if (typeof id !== 'string' || id.trim() === '' || !isPlan(plan)) return undefined;
    return { id: id.trim(), plan };
  }

  /** Always allowed: the usage plan's throttle answers 429 before the function runs. */
  async takeRate(_keyId: string, _now?: Date): Promise<RateDecision> {
    return { ok: true };
  }

  /**
   * One conditional `ADD used :one`; a failed condition means the month's
   * quota is used up. Under an idempotency claim: a consistent read only (the
   * credit is counted by {@link commitWithAnswer}, with the answer).
   */
  async reserveCredit(key: KeyIdentity, now: Date = this.clock(), claim?: IdempotencyClaim): Promise<CreditDecision> {
    const period = periodOf(now);
    const quota = this.limits.monthlyQuota[key.plan];
    if (claim !== undefined) {
      const used = await this.usedIn(key.id, period);
      if (used >= quota) return { ok: false, reason: 'quota', remaining: 0, quota, period };
      const id = `res_${randomBytes(12).toString('hex')}`;
      this.open.set(id, { deferred: true, quota });
      return { ok: true, reservation: { id, keyId: key.id, period }, remaining: quota - used - 1 };
    }
    let out: { Attributes?: Record<string, unknown> };
    try {
      out = await this.table.update({
        TableName: this.tableName,
        Key: creditItemKey(key.id, period),
        UpdateExpression: 'ADD used :one',
        ConditionExpression: 'attribute_not_exists(used) OR used < :quota',
        ExpressionAttributeValues: { ':one': 1, ':quota': quota },
        ReturnValues: 'UPDATED_NEW',
      });
    } catch (err) {
      if (isConditionalCheckFailed(err)) return { ok: false, reason: 'quota', remaining: 0, quota, period };
      throw err;
    }
    const id = `res_${randomBytes(12).toString('hex')}`;
    this.open.set(id, { deferred: false, quota });
    return { ok: true, reservation: { id, keyId: key.id, period }, remaining: Math.max(0, quota - usedOf(out.Attributes)) };
  }

  /** Nothing to write: the credit was counted at reservation. (A reservation taken under a claim is committed by commitWithAnswer.) */
  async commit(reservation: Reservation): Promise<void> {
    if (this.open.get(reservation.id)?.deferred) {
      throw new Error('A credit reserved for an idempotent conversion is committed with commitWithAnswer.');
    }
    this.open.delete(reservation.id);
  }

  /** The compensating decrement, in the reservation's month, never below zero (nothing to give back for a deferred credit). */
  async release(reservation: Reservation): Promise<void> {
    const open = this.open.get(reservation.id);
    if (open === undefined) return;
    this.open.delete(reservation.id);
    if (open.deferred) return;
    try {
      await this.table.update({
        TableName: this.tableName,
        Key: creditItemKey(reservation.keyId, reservation.period),
        UpdateExpression: 'ADD used :minusOne',
        ConditionExpression: 'used > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        ReturnValues: 'NONE',
      });
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  /** Quota minus the month's counter (strongly consistent read). */
  async remaining(key: KeyIdentity, now: Date = this.clock()): Promise<number> {
    return Math.max(0, this.limits.monthlyQuota[key.plan] - (await this.usedIn(key.id, periodOf(now))));
  }

  /**
   * Claims (key id, Idempotency-Key) with a conditional PutItem of a pending
   * item; when the condition fails, a consistent read says why (done: replay
   * or unavailable; pending: in progress; another fingerprint: reused). An
   * item found expired (TTL deletes lazily) or gone meanwhile is claimed again.
   */
  async claimIdempotency(key: KeyIdentity, request: IdempotencyRequest, now: Date = this.clock()): Promise<IdempotencyDecision> {
    const tableName = this.requireIdempotencyTable();
    const itemKey = idempotencyItemKey(key.id, request.key);
    const nowSec = epochSeconds(now);
    for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
      const token = randomBytes(12).toString('hex');
      try {
        await this.table.put({
          TableName: tableName,
          Item: { ...itemKey, phase: 'pending', fingerprint: request.fingerprint, claimToken: token, expiresAt: nowSec + this.leaseSeconds },
          ConditionExpression: `attribute_not_exists(${IDEM_NAMES.pk}) OR ${IDEM_NAMES.expiresAt} <= :now`,
          ExpressionAttributeNames: names('pk', 'expiresAt'),
          ExpressionAttributeValues: { ':now': nowSec },
        });
        return { state: 'claimed', claim: { keyId: key.id, key: request.key, fingerprint: request.fingerprint, token } };
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
      const { Item: item } = await this.table.get({ TableName: tableName, Key: itemKey, ConsistentRead: true });
      const expiresAt = typeof item?.['expiresAt'] === 'number' ? item['expiresAt'] : 0;
      if (item === undefined || expiresAt <= nowSec) continue;
      if (item['fingerprint'] !== request.fingerprint) return { state: 'mismatch' };
      if (item['phase'] !== 'done') return { state: 'in-progress', retryAfterSeconds: Math.max(1, Math.min(IN_PROGRESS_RETRY_AFTER_SECONDS, expiresAt - nowSec)) };
      const stored = item['answer'];
      if (!(stored instanceof Uint8Array)) return { state: 'unavailable' };
      const body = (await gunzipAsync(stored)).toString('utf8');
      return { state: 'replay', answer: { status: Number(item['statusCode']), body } };
    }
    // The item kept changing under us: another request of this key is at work.
    return { state: 'in-progress', retryAfterSeconds: IN_PROGRESS_RETRY_AFTER_SECONDS };
  }

  /**
   * One TransactWriteItems: the credit (`ADD used :one` under the quota
   * condition) and the item set to done with its answer (under our claim
   * token). A cancelled transaction charged and stored nothing: the claim
   * check failing means another attempt took the key over, the counter check
   * failing that the quota ran out meanwhile; conflicts are retried.
   */
  async commitWithAnswer(reservation: Reservation, claim: IdempotencyClaim, answer: StoredAnswer, now: Date = this.clock()): Promise<CommitDecision> {
    const tableName = this.requireIdempotencyTable();
    const open = this.open.get(reservation.id);
    if (open === undefined) throw new Error(`Reservation ${reservation.id} is not open.`);
    const packed = await gzipAsync(Buffer.from(answer.body, 'utf8'));
    const keep = packed.length <= this.maxStoredAnswerBytes;
    const items: TransactUpdate[] = [];
    if (open.deferred) {
      items.push({
        Update: {
          TableName: this.tableName,
          Key: creditItemKey(reservation.keyId, reservation.period),
          UpdateExpression: 'ADD used :one',
          ConditionExpression: 'attribute_not_exists(used) OR used < :quota',
          ExpressionAttributeValues: { ':one': 1, ':quota': open.quota },
        },
      });
    }
    items.push({
      Update: {
        TableName: tableName,
        Key: idempotencyItemKey(claim.keyId, claim.key),
        UpdateExpression:
          `SET ${IDEM_NAMES.phase} = :done, ${IDEM_NAMES.statusCode} = :status, ${IDEM_NAMES.answerBytes} = :bytes, ` +
          `${IDEM_NAMES.completedAt} = :completedAt, ${IDEM_NAMES.expiresAt} = :expiresAt` +
          `${keep ? `, ${IDEM_NAMES.answer} = :answer` : ''} REMOVE ${IDEM_NAMES.claimToken}`,
        ConditionExpression: `${IDEM_NAMES.claimToken} = :token`,
        ExpressionAttributeNames: names('phase', 'statusCode', 'answerBytes', 'completedAt', 'expiresAt', 'claimToken', ...(keep ? (['answer'] as const) : [])),
        ExpressionAttributeValues: {
          ':done': 'done',
          ':status': answer.status,
          ':bytes': Buffer.byteLength(answer.body, 'utf8'),
          ':completedAt': now.toISOString(),
          ':expiresAt': epochSeconds(now) + Math.ceil(IDEMPOTENCY_TTL_MS / 1000),
          ':token': claim.token,
          ...(keep ? { ':answer': new Uint8Array(packed) } : {}),
        },
      },
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.table.transactWrite({ TransactItems: items, ClientRequestToken: `${claim.token}-${attempt}` });
        this.open.delete(reservation.id);
        return { ok: true };
      } catch (err) {
        const codes = cancellationCodes(err);
        if (codes === undefined) throw err;
        const claimCode = codes[items.length - 1];
        const counterCode = open.deferred ? codes[0] : undefined;
        if (claimCode === 'ConditionalCheckFailed') {
          await this.release(reservation);
          return { ok: false, reason: 'claim-lost' };
        }
        if (counterCode === 'ConditionalCheckFailed') {
          this.open.delete(reservation.id);
          return { ok: false, reason: 'quota', quota: open.quota, period: reservation.period };
        }
        if (attempt >= TRANSACTION_ATTEMPTS || !codes.includes('TransactionConflict')) throw err;
        await sleep(20 * 2 ** attempt);
      }
    }
  }

  /** Deletes the pending item if it is still ours (a DeleteItem under our claim token). */
  async releaseClaim(claim: IdempotencyClaim): Promise<void> {
    try {
      await this.table.delete({
        TableName: this.requireIdempotencyTable(),
        Key: idempotencyItemKey(claim.keyId, claim.key),
        ConditionExpression: `${IDEM_NAMES.claimToken} = :token`,
        ExpressionAttributeNames: names('claimToken'),
        ExpressionAttributeValues: { ':token': claim.token },
      });
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  /** The month's counter (strongly consistent read). */
  private async usedIn(keyId: string, period: string): Promise<number> {
    const out = await this.table.get({
      TableName: this.tableName,
      Key: creditItemKey(keyId, period),
      ProjectionExpression: 'used',
      ConsistentRead: true,
    });
    return usedOf(out.Item);
  }

  private requireIdempotencyTable(): string {
    if (this.idempotencyTableName === undefined) throw new Error('Idempotency-Key needs the idempotency table (IDEMPOTENCY_TABLE), which is not configured.');
    return this.idempotencyTableName;
  }
}
