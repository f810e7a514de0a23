/** Reads a sample API Gateway event from events/. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll } from 'vitest';

export function loadEvent(name: string): APIGatewayProxyEvent {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'events', name), 'utf8')) as APIGatewayProxyEvent;
}

export const context = {
  functionName: 'test', awsRequestId: 'test', getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

/**
 * For the tests of what a conversion answers, not of its time limits: the reading budgets (wall clock, 4 s to read
 * a PDF, queueing and a cold worker thread included) times `scale` while the file's tests run
 * (functions/_shared/isolate.ts, ISOLATE_TIME_SCALE). On a loaded machine a read took longer than 4 s and the test
 * got the service's own 422 `limit: "time"` instead of the conversion it checks. The limits themselves are tested at
 * their real values (test/isolate, test/hostile, v1-convert-deadline.test.ts).
 */
export function relaxReadingBudgets(scale = 5): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.ISOLATE_TIME_SCALE;
    process.env.ISOLATE_TIME_SCALE = String(scale);
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.ISOLATE_TIME_SCALE;
    else process.env.ISOLATE_TIME_SCALE = previous;
  });
}
