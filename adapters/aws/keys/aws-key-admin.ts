/**
 * Customer keys on AWS (`npm run keys -- create|list|revoke --aws`): the
 * {@link KeyAdmin} of the deployed stack. A key is three things:
 *
 *  1. an API Gateway API key (its value is `fx_live_<32 base62>`, generated
 *     here, shown once; tagged `facturx:stack=<stack>` so the listing finds
 *     the stack's keys and nothing else of the account);
 *  2. a usage-plan key on the plan `<stack>-<plan>` (what the authorizer reads,
 *     infra/authorizer/key-directory.ts, and what API Gateway throttles by);
 *  3. a record in the credits table, `pk = KEY#<key id>`, `sk = PROFILE`
 *     (plan, label, createdAt, revokedAt): the billing record, which outlives
 *     the key. The month counters beside it (`sk = MONTH#YYYY-MM`) are what
 *     the listing reports as used.
 *
 * Create undoes what it did when a later step fails. Revoke detaches the key
 * from its plan, disables it (API Gateway then refuses it at once; the
 * authorizer's cache forgets it within 5 minutes) and records the date; the
 * key is kept, disabled, for the record.
 */
import {
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlanKeysCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
  type APIGatewayClient,
  type ApiKey,
} from '@aws-sdk/client-api-gateway';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { generateApiKey } from '../../../lib/keys/api-key.js';
import { DEFAULT_KEY_LIMITS, isPlan, periodOf, PLANS, type CreatedKey, type KeyAdmin, type KeyRecord, type KeyUsage, type Plan } from '../../../lib/keys/store.js';

/** The tag that marks the keys of one stack. */
export const STACK_TAG = 'facturx:stack';

/** Sort key of a key's record in the credits table. */
export const PROFILE_SK = 'PROFILE';

/** Options of {@link AwsKeyAdmin}. */
export interface AwsKeyAdminOptions {
  apiGateway: APIGatewayClient;
  dynamo: DynamoDBDocumentClient;
  /** The CloudFormation stack name (usage plans are named `<stack>-<plan>`, infra/stack.ts usagePlanName). */
  stackName: string;
  /** The credits table (stack output `CreditsTableName`). */
  creditsTable: string;
  /** Monthly credits per plan; default the plans' (lib/keys/store.ts). */
  monthlyQuota?: Readonly<Record<Plan, number>>;
  clock?: () => Date;
  /** Key value generator (tests). */
  generateKey?: () => string;
}

/** A usage plan of the stack could not be found (the stack is not deployed in this region, or another stack name). */
export class UsagePlanNotFoundError extends Error {
  readonly code = 'USAGE_PLAN_NOT_FOUND';
  constructor(readonly usagePlanName: string) {
    super(`No usage plan named ${usagePlanName}: is the stack deployed in this region, under this name (--stack)?`);
    this.name = 'UsagePlanNotFoundError';
  }
}

/** Keys of the deployed stack, through API Gateway and the credits table. */
export class AwsKeyAdmin implements KeyAdmin {
  private readonly quota: Readonly<Record<Plan, number>>;
  private readonly clock: () => Date;
  private readonly generateKey: () => string;
  private planIds: Promise<Map<Plan, string>> | undefined;

  constructor(private readonly options: AwsKeyAdminOptions) {
    this.quota = options.monthlyQuota ?? DEFAULT_KEY_LIMITS.monthlyQuota;
    this.clock = options.clock ?? (() => new Date());
    this.generateKey = options.generateKey ?? generateApiKey;
  }

  /** {@inheritDoc KeyAdmin.createKey} */
  async createKey(plan: Plan, label?: string): Promise<CreatedKey> {
    const planId = (await this.usagePlanIds()).get(plan)!;
    const key = this.generateKey();
    const createdAt = this.clock().toISOString();
    const { apiGateway, dynamo, stackName, creditsTable } = this.options;
    const created = await apiGateway.send(
      new CreateApiKeyCommand({
        name: `${stackName}-${label ?? plan}-${createdAt.replace(/[^0-9]/g, '').slice(0, 14)}`,
        description: label ?? `Customer key (${plan})`,
        enabled: true,
        value: key,
        tags: { [STACK_TAG]: stackName, 'facturx:plan': plan },
      }),
    );
    const id = created.id;
    if (id === undefined) throw new Error('CreateApiKey answered without a key id.');
    let attached = false;
    try {
      await apiGateway.send(new CreateUsagePlanKeyCommand({ usagePlanId: planId, keyId: id, keyType: 'API_KEY' }));
      attached = true;
      await dynamo.send(
        new PutCommand({
          TableName: creditsTable,
          Item: { pk: `KEY#${id}`, sk: PROFILE_SK, plan, createdAt, ...(label === undefined ? {} : { label }) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      // Leave nothing half-made: a key on a plan without its record, or a key on no plan.
      if (attached) await apiGateway.send(new DeleteUsagePlanKeyCommand({ usagePlanId: planId, keyId: id })).catch(() => undefined);
      await apiGateway.send(new DeleteApiKeyCommand({ apiKey: id })).catch(() => undefined);
      throw err;
    }
    return { key, record: { id, plan, createdAt, ...(label === undefined ? {} : { label }) } };
  }

  /** {@inheritDoc KeyAdmin.listKeys} */
  async listKeys(now: Date = this.clock()): Promise<KeyUsage[]> {
    const period = periodOf(now);
    const keys = (await this.stackKeys()).sort((a, b) => String(a.createdDate?.toISOString() ?? '').localeCompare(String(b.createdDate?.toISOString() ?? '')));
    const onPlan = await this.planOfKeys();
    const out: KeyUsage[] = [];
    for (const k of keys) {
      const id = k.id!;
      const profile = await this.get(id, PROFILE_SK);
      const plan = onPlan.get(id) ?? (isPlan(profile?.plan) ? profile.plan : isPlan(k.tags?.['facturx:plan']) ? k.tags['facturx:plan'] : undefined);
      if (plan === undefined) continue;
      const used = Number((await this.get(id, `MONTH#${period}`))?.used ?? 0);
      const label = typeof profile?.label === 'string' ? profile.label : undefined;
      const revokedAt = typeof profile?.revokedAt === 'string' ? profile.revokedAt : !onPlan.has(id) || k.enabled === false ? (k.lastUpdatedDate?.toISOString() ?? '?') : undefined;
      out.push({
        id,
        plan,
        createdAt: typeof profile?.createdAt === 'string' ? profile.createdAt : (k.createdDate?.toISOString() ?? '?'),
        ...(label === undefined ? {} : { label }),
        ...(revokedAt === undefined ? {} : { revokedAt }),
        period,
        used,
        quota: this.quota[plan],
      });
    }
    return out;
  }

  /** {@inheritDoc KeyAdmin.revokeKey} */
  async revokeKey(id: string): Promise<KeyRecord | undefined> {
    const key = (await this.stackKeys()).find((k) => k.id === id);
    if (key === undefined) return undefined;
    const { apiGateway, dynamo, creditsTable } = this.options;
    const onPlan = await this.planOfKeys();
    const plan = onPlan.get(id);
    if (plan !== undefined) {
      await apiGateway.send(new DeleteUsagePlanKeyCommand({ usagePlanId: (await this.usagePlanIds()).get(plan)!, keyId: id }));
    }
    if (key.enabled !== false) {
      await apiGateway.send(new UpdateApiKeyCommand({ apiKey: id, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }));
    }
    // The first revocation date stays (if_not_exists), as locally.
    const out = await dynamo.send(
      new UpdateCommand({
        TableName: creditsTable,
        Key: { pk: `KEY#${id}`, sk: PROFILE_SK },
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ExpressionAttributeValues: { ':now': this.clock().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = out.Attributes ?? {};
    const recordPlan = isPlan(item.plan) ? item.plan : (plan ?? (isPlan(key.tags?.['facturx:plan']) ? key.tags['facturx:plan'] : 'free'));
    return {
      id,
      plan: recordPlan,
      createdAt: typeof item.createdAt === 'string' ? item.createdAt : (key.createdDate?.toISOString() ?? '?'),
      ...(typeof item.label === 'string' ? { label: item.label } : {}),
      revokedAt: String(item.revokedAt),
    };
  }

  /** Plan -> usage plan id, found by name once. */
  private usagePlanIds(): Promise<Map<Plan, string>> {
    this.planIds ??= (async () => {
      const byName = new Map<string, string>();
      let position: string | undefined;
      do {
        const page = await this.options.apiGateway.send(new GetUsagePlansCommand({ limit: 500, ...(position ? { position } : {}) }));
        for (const p of page.items ?? []) if (p.name && p.id) byName.set(p.name, p.id);
        position = page.position;
      } while (position);
      const ids = new Map<Plan, string>();
      for (const plan of PLANS) {
        const name = `${this.options.stackName}-${plan}`;
        const id = byName.get(name);
        if (id === undefined) throw new UsagePlanNotFoundError(name);
        ids.set(plan, id);
      }
      return ids;
    })();
    return this.planIds;
  }

  /** Key id -> the plan it is attached to. */
  private async planOfKeys(): Promise<Map<string, Plan>> {
    const out = new Map<string, Plan>();
    for (const [plan, usagePlanId] of await this.usagePlanIds()) {
      let position: string | undefined;
      do {
        const page = await this.options.apiGateway.send(new GetUsagePlanKeysCommand({ usagePlanId, limit: 500, ...(position ? { position } : {}) }));
        for (const k of page.items ?? []) if (k.id) out.set(k.id, plan);
        position = page.position;
      } while (position);
    }
    return out;
  }

  /** The API keys tagged for this stack (never their values). */
  private async stackKeys(): Promise<ApiKey[]> {
    const out: ApiKey[] = [];
    let position: string | undefined;
    do {
      const page = await this.options.apiGateway.send(new GetApiKeysCommand({ limit: 500, includeValues: false, ...(position ? { position } : {}) }));
      for (const k of page.items ?? []) if (k.id && k.tags?.[STACK_TAG] === this.options.stackName) out.push(k);
      position = page.position;
    } while (position);
    return out;
  }

  private async get(id: string, sk: string): Promise<Record<string, unknown> | undefined> {
    const out = await this.options.dynamo.send(new GetCommand({ TableName: this.options.creditsTable, Key: { pk: `KEY#${id}`, sk }, ConsistentRead: true }));
    return out.Item;
  }
}
