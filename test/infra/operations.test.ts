/**
 * Operations (issue 14, point 4), on the synthesized template: alarms to the
 * SNS topic named by context, a dashboard, reserved concurrency for v1 and
 * the authorizer, a stage throttle on every open method.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { resolveDeployConfig } from '../../infra/config.js';
import { API_5XX_RATE_THRESHOLD, P99_SHARE_OF_TIMEOUT } from '../../infra/operations.js';
import { isV1Path, settingsFor } from '../../infra/route-settings.js';
import { AUTHORIZER_RESERVED_CONCURRENCY, FacturXStack } from '../../infra/stack.js';

type Resource = { Type: string; Properties: Record<string, unknown> };

const CONTEXT: Record<string, unknown> = { alarmTopicName: 'facturx-oncall', alarmEmail: 'ops@example.com', openRateLimit: '40', openBurstLimit: '80' };

function synth(context: Record<string, unknown> = CONTEXT) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const config = resolveDeployConfig((k) => context[k], {});
  const stack = new FacturXStack(app, 'Ops', { env: { region: 'eu-west-3', account: '123456789012' }, config, routes: ROUTES });
  return { stack, template: Template.fromStack(stack) };
}

const V1 = ROUTES.filter((r) => isV1Path(r.path));
const OPEN = ROUTES.filter((r) => !isV1Path(r.path));

describe('operations', () => {
  let stack: FacturXStack;
  let template: Template;
  let resources: Record<string, Resource>;
  const idOf = (c: { node: { defaultChild?: unknown } } | undefined) => stack.getLogicalId(c!.node.defaultChild as never);
  const alarms = () => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
  const alarmOn = (metricName: string, dimension: { Name: string; Value: unknown }) =>
    alarms().filter((a) => a.Properties.MetricName === metricName && JSON.stringify(a.Properties.Dimensions ?? []).includes(JSON.stringify(dimension.Value)));

  beforeAll(() => {
    ({ stack, template } = synth());
    resources = template.toJSON().Resources as Record<string, Resource>;
    expect(V1.length).toBeGreaterThan(0);
  });

  it('has an SNS topic named by context, TLS only, with the e-mail subscription, and every alarm notifies it on alarm and on recovery', () => {
    template.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'facturx-oncall' });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    const topicRef = { Ref: idOf(stack.operations.topic) };
    expect(alarms().length).toBeGreaterThan(10);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions).toEqual([topicRef]);
      expect(a.Properties.OKActions).toEqual([topicRef]);
      expect(a.Properties.TreatMissingData).toBe('notBreaching');
    }
    const policy = Object.values(template.findResources('AWS::SNS::TopicPolicy'))[0] as Resource;
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('aws:SecureTransport');
  });

  it('names the topic after the stack when no context is given', () => {
    const { template: t } = synth({});
    t.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'Ops-alarms' });
    t.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('alarms on the API 5xx rate of the stage', () => {
    const [a] = alarms().filter((x) => x.Properties.MetricName === '5XXError');
    expect(a?.Properties).toMatchObject({ Namespace: 'AWS/ApiGateway', Statistic: 'Average', Threshold: API_5XX_RATE_THRESHOLD, ComparisonOperator: 'GreaterThanThreshold', Period: 300 });
    expect(JSON.stringify(a?.Properties.Dimensions)).toContain('"Name":"Stage"');
  });

  it('alarms on the p99 duration of every function against its own timeout, on throttles of every function, and on errors of v1 functions', () => {
    for (const route of ROUTES) {
      const fnRef = { Ref: idOf(stack.functions.get(route.name)) };
      const p99 = alarmOn('Duration', { Name: 'FunctionName', Value: fnRef });
      expect(p99, route.name).toHaveLength(1);
      expect(p99[0]?.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: Math.round(settingsFor(route).timeoutSeconds * 1000 * P99_SHARE_OF_TIMEOUT) });
      expect(alarmOn('Throttles', { Name: 'FunctionName', Value: fnRef }), route.name).toHaveLength(1);
      expect(alarmOn('Errors', { Name: 'FunctionName', Value: fnRef }), route.name).toHaveLength(isV1Path(route.path) ? 1 : 0);
    }
  });

  it('alarms on authorizer errors and throttles', () => {
    const fnRef = { Ref: idOf(stack.authorizerFunction) };
    expect(alarmOn('Errors', { Name: 'FunctionName', Value: fnRef })).toHaveLength(1);
    expect(alarmOn('Throttles', { Name: 'FunctionName', Value: fnRef })).toHaveLength(1);
  });

  it('alarms on DynamoDB system errors and throttled requests of both tables', () => {
    for (const table of [stack.creditsTable, stack.idempotencyTable!]) {
      const ref = JSON.stringify({ Ref: idOf(table) });
      const onTable = alarms().filter((a) => JSON.stringify(a.Properties.Metrics ?? []).includes(ref));
      const names = onTable.flatMap((a) => (a.Properties.Metrics as Array<{ MetricStat?: { Metric: { MetricName: string } } }>).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])));
      expect(new Set(names)).toEqual(new Set(['SystemErrors', 'ThrottledRequests']));
      expect(onTable).toHaveLength(2);
    }
  });

  it('has a dashboard showing the alarms', () => {
    const [dash] = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    const body = JSON.stringify(dash?.Properties.DashboardBody);
    expect(dash?.Properties.DashboardName).toBe('Ops-operations');
    for (const title of ['API requests and errors', 'Function duration p99 (ms)', 'Function errors and throttles', 'DynamoDB Credits: system errors', 'Alarms']) expect(body).toContain(title);
  });

  it('reserves concurrency for the v1 functions and the authorizer, and for nothing else', () => {
    for (const route of ROUTES) {
      const fn = resources[idOf(stack.functions.get(route.name))]!;
      const expected = settingsFor(route).reservedConcurrency;
      if (isV1Path(route.path)) expect(expected, route.name).toBeGreaterThan(0);
      expect(fn.Properties.ReservedConcurrentExecutions, route.name).toBe(expected);
    }
    expect(resources[idOf(stack.authorizerFunction)]!.Properties.ReservedConcurrentExecutions).toBe(AUTHORIZER_RESERVED_CONCURRENCY);
  });

  it('throttles every open method at the stage (rate and burst from context), and no v1 method (their throttle is per key)', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGateway::Stage')) as Resource[];
    const settings = stage!.Properties.MethodSettings as Array<{ ResourcePath: string; HttpMethod: string; ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number }>;
    const throttled = settings.filter((m) => m.ThrottlingRateLimit !== undefined);
    // API Gateway's method settings escape the path's slashes as ~1 after a leading slash.
    const path = (p: string) => `/${p.replace(/\//g, '~1')}`;
    expect(throttled.map((m) => `${m.HttpMethod} ${m.ResourcePath}`).sort()).toEqual(OPEN.map((r) => `${r.method} ${path(r.path)}`).sort());
    for (const m of throttled) expect(m).toMatchObject({ ThrottlingRateLimit: 40, ThrottlingBurstLimit: 80 });
    for (const r of V1) expect(settings.some((m) => m.ResourcePath === path(r.path))).toBe(false);
  });

  it('refuses a malformed alarm e-mail or throttle', () => {
    expect(() => resolveDeployConfig((k) => ({ alarmEmail: 'not-an-address' })[k], {})).toThrow(/alarmEmail/);
    expect(() => resolveDeployConfig((k) => ({ openRateLimit: '-1' })[k], {})).toThrow(/openRateLimit/);
    expect(() => resolveDeployConfig((k) => ({ openBurstLimit: '2.5' })[k], {})).toThrow(/openBurstLimit/);
  });
});
