/**
 * Deployment configuration, read once from CDK context (`-c key=value` or
 * cdk.json) and the environment, and validated before anything is built.
 * Everything that can break data residency (region, Bedrock model) is refused
 * here rather than discovered after a deploy.
 */
import { isAbsolute, resolve } from 'node:path';
import { assertEuRegion, DEFAULT_REGION } from './eu-regions.js';

/** The repository root (infra/..). */
export const REPO_ROOT = resolve(import.meta.dirname, '..');

/**
 * Default Bedrock model: the EU cross-region inference profile of Amazon Nova
 * Lite (routes only to EU regions). Override with `-c bedrockModelId=eu.…`.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'eu.amazon.nova-lite-v1:0';

/** Default source of the XSD schemas copied into the core layer (relative to the repository root): the repository's own copy. */
export const DEFAULT_SCHEMA_SOURCE = 'schemas';

/** The validated deployment configuration. */
export interface DeployConfig {
  region: string;
  /** EU inference profile id, e.g. `eu.amazon.nova-lite-v1:0`. */
  bedrockModelId: string;
  /** Absolute folder the XSD schemas are copied from at synth time (checked by the core layer: synth fails when a file is missing). */
  schemaSourceDir: string;
  /** Per-IP ceiling on v1 routes a minute (abuse guard in front of the authorizer). */
  wafV1IpLimit: number;
  /** Powertools log level of every function. */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** POWERTOOLS_SERVICE_NAME. */
  serviceName: string;
  /**
   * Run the functions with `--enable-source-maps` (context `sourceMaps=true`).
   * Off by default: Node reads and parses every loaded module's map at import,
   * about 60 ms of each cold start with the core layer's maps; the maps ship
   * either way, so stack traces can be mapped offline or with this switch.
   */
  sourceMaps: boolean;
  /** Name of the SNS topic the CloudWatch alarms notify (context `alarmTopicName`); default `<stack name>-alarms`. */
  alarmTopicName?: string | undefined;
  /** An e-mail address subscribed to the alarm topic (context `alarmEmail`); none by default. */
  alarmEmail?: string | undefined;
  /**
   * Stage throttle of every open (non-v1) method, shared by all clients of
   * that method (contexts `openRateLimit`, requests a second, and
   * `openBurstLimit`): a flood of v2 traffic from many addresses, which the
   * per-address WAF rule cannot stop, is refused with 429 before it reaches
   * the functions. v1 methods keep their per-key usage-plan throttle.
   */
  openMethodThrottle: { rateLimit: number; burstLimit: number };
}

/** Reads one context value (e.g. `app.node.tryGetContext`). */
export type ContextReader = (key: string) => unknown;

const BEDROCK_EU_PROFILE = /^eu\.[a-z0-9-]+\.[A-Za-z0-9._:-]+$/;
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
}

/** Throws unless `id` is an EU cross-region inference profile id (`eu.<provider>.<model>`). */
export function assertEuModelProfile(id: string): void {
  if (!BEDROCK_EU_PROFILE.test(id)) {
    throw new Error(
      `Bedrock model "${id}" is not an EU cross-region inference profile (expected "eu.<provider>.<model>", e.g. ${DEFAULT_BEDROCK_MODEL_ID}); data must stay in the EU.`,
    );
  }
}

function positiveNumber(raw: unknown, fallback: number, name: string): number {
  const t = text(raw);
  if (t === undefined) return fallback;
  const n = Number(t);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Context "${name}" must be a positive number, got ${t}.`);
  return n;
}

/**
 * Builds the configuration from context and environment. Context wins over
 * the environment: region (`region` / CDK_REGION), Bedrock model
 * (`bedrockModelId` / BEDROCK_MODEL_ID), schema source (`schemaDir` /
 * SCHEMA_SOURCE_DIR), `wafV1IpLimit`, `logLevel`, `sourceMaps`,
 * `alarmTopicName`, `alarmEmail`, `openRateLimit`, `openBurstLimit`.
 */
export function resolveDeployConfig(context: ContextReader, env: Readonly<Record<string, string | undefined>> = {}): DeployConfig {
  if (context('apiKeys') !== undefined) {
    // Customers are not deploy-time configuration: a key in context would be deleted by the next deploy that omits it.
    throw new Error('Context "apiKeys" is no longer read: issue customer keys with `npm run keys -- create --plan <plan> --aws` (docs/DEPLOY.md, "Customer API keys").');
  }
  const region = text(context('region')) ?? text(env.CDK_REGION) ?? DEFAULT_REGION;
  assertEuRegion(region);

  const bedrockModelId = text(context('bedrockModelId')) ?? text(env.BEDROCK_MODEL_ID) ?? DEFAULT_BEDROCK_MODEL_ID;
  assertEuModelProfile(bedrockModelId);

  const schemaSource = text(context('schemaDir')) ?? text(env.SCHEMA_SOURCE_DIR) ?? DEFAULT_SCHEMA_SOURCE;
  const schemaSourceDir = isAbsolute(schemaSource) ? schemaSource : resolve(REPO_ROOT, schemaSource);

  const limitRaw = text(context('wafV1IpLimit'));
  const wafV1IpLimit = limitRaw === undefined ? 300 : Number(limitRaw);
  if (!Number.isInteger(wafV1IpLimit) || wafV1IpLimit < 10) {
    throw new Error(`Context "wafV1IpLimit" must be an integer >= 10 (AWS WAF minimum), got ${limitRaw}.`);
  }

  const mapsRaw = text(context('sourceMaps'))?.toLowerCase() ?? 'false';
  if (mapsRaw !== 'true' && mapsRaw !== 'false') throw new Error(`Context "sourceMaps" must be true or false, got ${mapsRaw}.`);

  const level = (text(context('logLevel')) ?? 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}.`);

  const rate = positiveNumber(context('openRateLimit'), 50, 'openRateLimit');
  const burst = positiveNumber(context('openBurstLimit'), 100, 'openBurstLimit');
  if (!Number.isInteger(burst)) throw new Error(`Context "openBurstLimit" must be an integer, got ${burst}.`);
  const alarmEmail = text(context('alarmEmail'));
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) throw new Error(`Context "alarmEmail" must be an e-mail address, got ${alarmEmail}.`);
  const alarmTopicName = text(context('alarmTopicName'));
  if (alarmTopicName !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(alarmTopicName)) throw new Error(`Context "alarmTopicName" must be an SNS topic name (letters, digits, - and _), got ${alarmTopicName}.`);

  return {
    region,
    bedrockModelId,
    schemaSourceDir,
    wafV1IpLimit,
    logLevel: level as DeployConfig['logLevel'],
    serviceName: text(context('serviceName')) ?? 'facturx-api',
    sourceMaps: mapsRaw === 'true',
    alarmTopicName,
    alarmEmail,
    openMethodThrottle: { rateLimit: rate, burstLimit: burst },
  };
}
