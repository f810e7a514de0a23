/** Reads a sample API Gateway event from events/. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

export function loadEvent(name: string): APIGatewayProxyEvent {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', name), 'utf8')) as APIGatewayProxyEvent;
}

export const context = {
  functionName: 'test', awsRequestId: 'test', getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;
