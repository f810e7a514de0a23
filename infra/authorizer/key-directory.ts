/**
 * Which plan an API key belongs to. The source of truth stays API Gateway's
 * usage plans (keys are issued with `create-api-key` + `create-usage-plan-key`,
 * nothing else to register): the directory finds the service's plans by name
 * (GET /usageplans), lists each plan's keys (GET /usageplans/{id}/keys, which
 * returns key ids and values) and keeps the map in memory, refreshed every few minutes and, for a key it does not know,
 * at most once per `missRefreshMs` (so a new key works within seconds and
 * random keys cannot turn into a flood of management-API calls).
 */
import type { PlanName } from '../plans.js';
import { encodePath, canonicalQuery, signRequest, type AwsCredentials } from './sigv4.js';

/** What the authorizer learns about a key. */
export interface KeyRecord {
  /** API Gateway key id (never the key itself). */
  id: string;
  plan: PlanName;
  /** Monthly quota of the plan. */
  monthlyQuota: number;
}

/** Looks keys up. */
export interface KeyDirectory {
  /** The record of `key`, or undefined when no plan holds it. Throws KeyDirectoryUnavailableError when it cannot tell. */
  lookup(key: string): Promise<KeyRecord | undefined>;
}

/** The directory could not be read (management API unreachable or refused). */
export class KeyDirectoryUnavailableError extends Error {
  readonly code = 'KEY_DIRECTORY_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeyDirectoryUnavailableError';
  }
}

/**
 * A usage plan the directory covers, known by its name: the stack cannot hand
 * the plan id to the authorizer (plan -> stage -> deployment -> method ->
 * authorizer would be a cycle).
 */
export interface PlanRef {
  name: PlanName;
  /** Name of the API Gateway usage plan, e.g. `FacturXService-starter`. */
  usagePlanName: string;
  monthlyQuota: number;
}

/** A usage plan as API Gateway lists it. */
export interface UsagePlanSummary {
  id: string;
  name: string;
}

/** A key as a usage plan lists it. */
export interface PlanKey {
  id: string;
  value: string;
}

/** Lists usage plans and their keys. */
export interface UsagePlanKeysSource {
  listUsagePlans(): Promise<UsagePlanSummary[]>;
  listKeys(usagePlanId: string): Promise<PlanKey[]>;
}

/** Options of {@link CachedKeyDirectory}. */
export interface CachedKeyDirectoryOptions {
  /** Age after which the map is reloaded before use; default 5 minutes. */
  ttlMs?: number;
  /** Least time between two reloads caused by unknown keys; default 30 s. */
  missRefreshMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** An in-memory map of key value -> record, loaded from the usage plans. */
export class CachedKeyDirectory implements KeyDirectory {
  /** The cause of the last failed load, undefined after a success (for logs). */
  lastError: unknown;
  private map: Map<string, KeyRecord> | undefined;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private inflight: Promise<void> | undefined;
  private readonly ttlMs: number;
  private readonly missRefreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly plans: readonly PlanRef[],
    private readonly source: UsagePlanKeysSource,
    options: CachedKeyDirectoryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 300_000;
    this.missRefreshMs = options.missRefreshMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** {@inheritDoc KeyDirectory.lookup} */
  async lookup(key: string): Promise<KeyRecord | undefined> {
    const stale = this.map === undefined || this.now() - this.loadedAt >= this.ttlMs;
    if (stale && this.mayReload()) await this.reload();
    if (this.map === undefined) throw new KeyDirectoryUnavailableError('The usage plan keys are not loaded (last attempt failed).', { cause: this.lastError });
    const hit = this.map.get(key);
    if (hit !== undefined || !this.mayReload()) return hit;
    await this.reload();
    return this.map.get(key);
  }

  /** True unless a load was attempted less than `missRefreshMs` ago. */
  private mayReload(): boolean {
    return this.now() - this.lastAttemptAt >= this.missRefreshMs;
  }

  /** Reloads the map (one load at a time); a failed reload keeps the previous map. */
  private async reload(): Promise<void> {
    this.inflight ??= this.load().finally(() => {
      this.inflight = undefined;
    });
    await this.inflight;
  }

  private async load(): Promise<void> {
    this.lastAttemptAt = this.now();
    try {
      const next = new Map<string, KeyRecord>();
      const ids = new Map<string, string>();
      for (const p of await this.source.listUsagePlans()) ids.set(p.name, p.id);
      for (const plan of this.plans) {
        const id = ids.get(plan.usagePlanName);
        if (id === undefined) throw new Error(`Usage plan ${plan.usagePlanName} not found.`);
        for (const k of await this.source.listKeys(id)) {
          next.set(k.value, { id: k.id, plan: plan.name, monthlyQuota: plan.monthlyQuota });
        }
      }
      this.map = next;
      this.loadedAt = this.now();
      this.lastError = undefined;
    } catch (cause) {
      this.lastError = cause;
    }
  }
}

/** The HTTP call the source makes (global fetch by default). */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/** A page of a management-API list (`Accept: application/json` answer). */
interface ListPage {
  item?: Array<Record<string, unknown>>;
  position?: string;
}

/** Lists usage plans and their keys through the API Gateway management API, signed with SigV4. */
export class ApiGatewayUsagePlanKeys implements UsagePlanKeysSource {
  constructor(
    private readonly region: string,
    private readonly credentials: () => AwsCredentials,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  /** {@inheritDoc UsagePlanKeysSource.listUsagePlans} */
  async listUsagePlans(): Promise<UsagePlanSummary[]> {
    const items = await this.listAll('/usageplans');
    return items.flatMap((i) => (typeof i.id === 'string' && typeof i.name === 'string' ? [{ id: i.id, name: i.name }] : []));
  }

  /** {@inheritDoc UsagePlanKeysSource.listKeys} */
  async listKeys(usagePlanId: string): Promise<PlanKey[]> {
    const items = await this.listAll(`/usageplans/${usagePlanId}/keys`);
    return items.flatMap((i) => (typeof i.id === 'string' && typeof i.value === 'string' ? [{ id: i.id, value: i.value }] : []));
  }

  /** Every item of a paginated GET. */
  private async listAll(path: string): Promise<Array<Record<string, unknown>>> {
    const host = `apigateway.${this.region}.amazonaws.com`;
    const items: Array<Record<string, unknown>> = [];
    let position: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const query: Record<string, string> = { limit: '500', ...(position === undefined ? {} : { position }) };
      const headers = signRequest(
        { method: 'GET', host, path, query, headers: { accept: 'application/json' }, region: this.region, service: 'apigateway' },
        this.credentials(),
      );
      const res = await this.fetchFn(`https://${host}${encodePath(path)}?${canonicalQuery(query)}`, { method: 'GET', headers });
      if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
      const body = (await res.json()) as ListPage;
      items.push(...(body.item ?? []));
      if (typeof body.position !== 'string' || body.position === '') return items;
      position = body.position;
    }
    throw new Error(`GET ${path}: too many pages`);
  }
}
