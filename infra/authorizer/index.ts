/**
 * Lambda entry of the v1 REQUEST authorizer (authorize.ts). Configuration is
 * read once at cold start and validated (config.ts); credentials are the
 * execution role's, from the environment Lambda sets. Logs are Powertools
 * structured JSON with the API Gateway request id as correlation id.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { createAuthorizer } from './authorize.js';
import { readAuthorizerConfig } from './config.js';
import { ApiGatewayUsagePlanKeys, CachedKeyDirectory } from './key-directory.js';
import type { AwsCredentials } from './sigv4.js';

const config = Object.freeze(readAuthorizerConfig(process.env));

function credentials(): AwsCredentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment.');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

const logger = new Logger();
const directory = new CachedKeyDirectory(config.plans, new ApiGatewayUsagePlanKeys(config.region, credentials));
const authorize = createAuthorizer(directory, logger);

function valueAt(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** The authorizer handler. */
export async function handler(event: APIGatewayRequestAuthorizerEvent, context: Context): Promise<APIGatewayAuthorizerResult> {
  logger.addContext(context);
  logger.setCorrelationId(valueAt(event, config.correlationIdPath));
  return authorize(event);
}
