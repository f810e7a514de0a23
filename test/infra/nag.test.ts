/**
 * cdk-nag AwsSolutions on the stack (issue 14, point 4): no finding left
 * unsuppressed, each suppression with its reason (infra/nag.ts), and the
 * checks do catch a finding (a bucket with nothing set is reported).
 */
import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { resolveDeployConfig } from '../../infra/config.js';
import { API_SUPPRESSIONS, FUNCTION_SUPPRESSIONS, IDEMPOTENCY_TABLE_SUPPRESSIONS, JOBS_SUPPRESSIONS } from '../../infra/nag.js';
import { FacturXStack } from '../../infra/stack.js';

function checked(extra?: (stack: FacturXStack) => void) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new FacturXStack(app, 'Nag', { env: { region: 'eu-west-3', account: '123456789012' }, config: resolveDeployConfig(() => undefined, {}), routes: ROUTES });
  extra?.(stack);
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  app.synth();
  const annotations = Annotations.fromStack(stack);
  const findings = (kind: 'findError' | 'findWarning') => annotations[kind]('*', Match.stringLikeRegexp('AwsSolutions-')).map((m) => `${m.id}: ${String(m.entry.data).split(':')[0]}`);
  return { errors: findings('findError'), warnings: findings('findWarning') };
}

describe('cdk-nag AwsSolutions', () => {
  it('leaves no error and no warning on the stack', () => {
    const { errors, warnings } = checked();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  }, 120_000);

  it('reports what is not suppressed: a bare bucket added to the stack is flagged', () => {
    const { errors } = checked((stack) => new Bucket(stack, 'Unreviewed'));
    expect(errors.some((e) => e.startsWith('/Nag/Unreviewed/Resource: AwsSolutions-S1'))).toBe(true);
    expect(errors.every((e) => e.startsWith('/Nag/Unreviewed/'))).toBe(true);
  }, 120_000);

  it('gives every suppression a reason of its own', () => {
    const all = [...FUNCTION_SUPPRESSIONS, ...API_SUPPRESSIONS, ...IDEMPOTENCY_TABLE_SUPPRESSIONS, ...JOBS_SUPPRESSIONS.bucket, ...JOBS_SUPPRESSIONS.table, ...JOBS_SUPPRESSIONS.functions];
    for (const s of all) expect(s.reason.length, s.id).toBeGreaterThan(60);
    expect(new Set(all.map((s) => s.reason)).size).toBe(all.length);
  });
});
