/**
 * Environment configuration, read once at cold start and validated.
 *  - SCHEMA_DIR: folder with `cii-d16b-uncoupled/` and `facturx-1.09/` (XSD
 *    validation of incoming XML). Default: `schemas/` beside the bundle when it
 *    exists, else the repository's own `schemas/` (`npm start`, the CLI; a bare
 *    clone has them, nothing is read from `../shared`). The Lambda functions
 *    get SCHEMA_DIR=/opt/schemas from the stack. When none exists, XSD
 *    validation is skipped and every report says so.
 *  - EXTRACTOR (local | aws), AWS_REGION (a deployment region of lib/eu-regions.ts), BEDROCK_MODEL_ID (an eu.*
 *    inference profile), EXTRACTION_TIMEOUT_MS, CREDITS_TABLE (DynamoDB table
 *    of the v1 credit counters; unset = the local key store), IDEMPOTENCY_TABLE
 *    (DynamoDB table of v1 convert's Idempotency-Key answers, beside CREDITS_TABLE).
 *  - Asynchronous jobs on AWS (unset = the local store in DATA_DIR and an in-process queue): JOBS_TABLE
 *    (DynamoDB, TTL), JOBS_BUCKET (S3, documents and answers), JOBS_QUEUE_URL (SQS, read by the worker);
 *    JOB_EXTRACTION_TIMEOUT_MS (default 240000: the worker's extraction deadline).
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REGION, DEPLOYMENT_REGIONS } from '../../lib/eu-regions.js';

function firstExisting(candidates: readonly string[]): string | undefined {
  return candidates.find((c) => existsSync(resolve(c, 'cii-d16b-uncoupled')));
}

function defaultSchemaDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return firstExisting([
    resolve(here, 'schemas'),
    // functions/_shared -> the repository root.
    resolve(here, '..', '..', 'schemas'),
  ]);
}


/** Reads and checks the environment; throws at cold start (a deployment error), never per request. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const extractor = (env.EXTRACTOR ?? 'local').toLowerCase();
  if (extractor !== 'local' && extractor !== 'aws') throw new Error(`EXTRACTOR must be "local" or "aws", got "${env.EXTRACTOR}".`);
  const region = env.AWS_REGION ?? DEFAULT_REGION;
  if (extractor === 'aws' && !DEPLOYMENT_REGIONS.includes(region)) {
    throw new Error(`AWS_REGION "${region}" is not one of the EU regions we run in, with Textract AnalyzeExpense and an EU Bedrock profile (${DEPLOYMENT_REGIONS.join(', ')}).`);
  }
  const bedrockModelId = env.BEDROCK_MODEL_ID?.trim() || undefined;
  if (bedrockModelId && !bedrockModelId.startsWith('eu.')) throw new Error(`BEDROCK_MODEL_ID must be an EU cross-region inference profile (eu.*), got "${bedrockModelId}".`);
  // A synchronous extraction is also cut at the request's deadline (lib/v1/sync-deadline.ts, 20 s from the start).
  const timeout = Number(env.EXTRACTION_TIMEOUT_MS ?? 20_000);
  if (!Number.isInteger(timeout) || timeout < 1000) throw new Error(`EXTRACTION_TIMEOUT_MS must be an integer >= 1000, got "${env.EXTRACTION_TIMEOUT_MS}".`);
  const jobTimeout = Number(env.JOB_EXTRACTION_TIMEOUT_MS ?? 240_000);
  if (!Number.isInteger(jobTimeout) || jobTimeout < 1000) throw new Error(`JOB_EXTRACTION_TIMEOUT_MS must be an integer >= 1000, got "${env.JOB_EXTRACTION_TIMEOUT_MS}".`);
  return Object.freeze({
    schemaDir: env.SCHEMA_DIR ? resolve(env.SCHEMA_DIR) : defaultSchemaDir(),
    extractor: extractor as 'local' | 'aws',
    region,
    bedrockModelId,
    extractionTimeoutMs: timeout,
    jobExtractionTimeoutMs: jobTimeout,
    // The bucket Textract reads job documents from (functions/_shared/jobs.ts reads JOBS_TABLE and JOBS_QUEUE_URL itself).
    jobsBucket: env.JOBS_BUCKET?.trim() || undefined,
    creditsTable: env.CREDITS_TABLE?.trim() || undefined,
    idempotencyTable: env.IDEMPOTENCY_TABLE?.trim() || undefined,
  });
}

/** The configuration every handler shares, read once. */
export const config = readConfig();
