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
 * This module does not import the AWS SDK: it talks to a {@link CreditTable}
 * whose inputs are exactly the DynamoDB DocumentClient command inputs;
 * adapters/aws/credits/document-client-table.ts binds it to `@aws-sdk/lib-dynamodb`.
 */
import { randomBytes } from 'node:crypto';
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
  ProjectionExpression: string;
  ConsistentRead: boolean;
}

/**
 * The two DynamoDB calls the adapter makes. A failed condition must reject
 * with an error named `ConditionalCheckFailedException` (what the SDK throws).
 */
export interface CreditTable {
  update(input: CreditUpdateInput): Promise<{ Attributes?: Record<string, unknown> }>;
  get(input: CreditGetInput): Promise<{ Item?: Record<string, unknown> }>;
}

/** Options of {@link DynamoCreditStore}. */
export interface DynamoCreditStoreOptions {
  table: CreditTable;
  tableName: string;
  /** Quotas per plan (default: the spec's). The rate is API Gateway's business here. */
  limits?: KeyLimitsOptions;
  /** The clock; default: the system clock. */
  clock?: () => Date;
}

/** The item key of a key's credit counter in a period (`YYYY-MM`, UTC). */
export function creditItemKey(keyId: string, period: string): CreditItemKey {
  return { pk: `KEY#${keyId}`, sk: `MONTH#${period}` };
}

function isConditionalCheckFailed(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'ConditionalCheckFailedException';
}

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
  /** Reservations taken by this instance and not yet settled (settling twice must not decrement twice). */
  private readonly open = new Set<string>();

  constructor(options: DynamoCreditStoreOptions) {
    this.table = options.table;
    this.tableName = options.tableName;
    this.limits = resolveKeyLimits(options.limits);
    this.clock = options.clock ?? (() => new Date());
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

  /** One conditional `ADD used :one`; a failed condition means the month's quota is used up. */
  async reserveCredit(key: KeyIdentity, now: Date = this.clock()): Promise<CreditDecision> {
    const period = periodOf(now);
    const quota = this.limits.monthlyQuota[key.plan];
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
    this.open.add(id);
    return { ok: true, reservation: { id, keyId: key.id, period }, remaining: Math.max(0, quota - usedOf(out.Attributes)) };
  }

  /** Nothing to write: the credit was counted at reservation. */
  async commit(reservation: Reservation): Promise<void> {
    this.open.delete(reservation.id);
  }

  /** The compensating decrement, in the reservation's month, never below zero. */
  async release(reservation: Reservation): Promise<void> {
    if (!this.open.delete(reservation.id)) return;
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
    const out = await this.table.get({
      TableName: this.tableName,
      Key: creditItemKey(key.id, periodOf(now)),
      ProjectionExpression: 'used',
      ConsistentRead: true,
    });
    return Math.max(0, this.limits.monthlyQuota[key.plan] - usedOf(out.Item));
  }
}
