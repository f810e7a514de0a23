/**
 * Targeted checks of the synthesized template (bundling skipped: the bundles
 * themselves are checked in core-layer.test.ts). The stack is built from
 * functions/routes.ts plus the routes the product will add (v1 convert and
 * validate, v2 pdf) and one route the settings table does not know, so the
 * v1, binary and default paths are exercised whatever ROUTES holds today.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { resolveDeployConfig, type DeployConfig } from '../../infra/config.js';
import { EU_REGIONS } from '../../infra/eu-regions.js';
import { parseUsagePlans } from '../../infra/authorizer/config.js';
import { PLANS } from '../../infra/plans.js';
import { settingsFor, type RouteLike } from '../../infra/route-settings.js';
import { BINARY_MEDIA_TYPES, FacturXStack } from '../../infra/stack.js';
import { RATE_LIMITED_BODY_KEY } from '../../infra/waf.js';

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: unknown };
type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

/** Routes the product announces (DECISIONS.md, Paths) and one the settings table has never heard of. */
const UPCOMING: RouteLike[] = [
  { method: 'POST', path: '/api/v1/convert', name: 'v1-convert', entry: 'functions/health.ts' },
  { method: 'POST', path: '/api/v1/validate', name: 'v1-validate', entry: 'functions/health.ts' },
  { method: 'POST', path: '/api/v2/pdf', name: 'v2-pdf', entry: 'functions/health.ts' },
  { method: 'POST', path: '/api/v2/brand-new', name: 'brand-new', entry: 'functions/health.ts' },
];
const ROUTES_UNDER_TEST: RouteLike[] = [
  ...ROUTES,
  ...UPCOMING.filter((u) => !ROUTES.some((r) => r.name === u.name || (r.path === u.path && r.method === u.method))),
];
const routeNamed = (name: string): RouteLike => {
  const r = ROUTES_UNDER_TEST.find((x) => x.name === name);
  if (r === undefined) throw new Error(`no route ${name}`);
  return r;
};

const SKIP_BUNDLING = { 'aws:cdk:bundling-stacks': [] as string[] };

function testConfig(overrides: Partial<DeployConfig> = {}): DeployConfig {
  return { ...resolveDeployConfig(() => undefined, {}), ...overrides };
}

function synth(routes: readonly RouteLike[], config: DeployConfig, region = 'eu-west-3'): { stack: FacturXStack; template: Template } {
  const app = new App({ context: SKIP_BUNDLING });
  const stack = new FacturXStack(app, 'Test', { env: { region, account: '123456789012' }, config, routes });
  return { stack, template: Template.fromStack(stack) };
}

function resources(template: Template, type: string): Array<[string, Resource]> {
  return Object.entries(template.findResources(type)) as Array<[string, Resource]>;
}

function logicalIdOf(stack: Stack, construct: { node: { defaultChild?: unknown } } | undefined): string {
  const child = construct?.node.defaultChild;
  if (child === undefined) throw new Error('no default child');
  return stack.getLogicalId(child as never);
}

/** Policy statements attached to the role of the function with logical id `fnId`. */
function statementsOf(template: Template, fnId: string): Statement[] {
  const fn = template.toJSON().Resources[fnId] as Resource;
  const roleRef = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleRef))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('CDK stack', () => {
  let stack: FacturXStack;
  let template: Template;
  let json: { Resources: Record<string, Resource>; Outputs: Record<string, unknown> };
  const fnId = (name: string): string => logicalIdOf(stack, stack.functions.get(name));
  const creditsId = (): string => logicalIdOf(stack, stack.creditsTable);
  const idempotencyId = (): string => logicalIdOf(stack, stack.idempotencyTable);

  beforeAll(() => {
    ({ stack, template } = synth(ROUTES_UNDER_TEST, testConfig()));
    json = template.toJSON() as typeof json;
  });

  describe('functions', () => {
    it('builds one Node.js 24 arm64 function per route, plus the authorizer and the job worker, each traced', () => {
      expect(stack.jobs).toBeDefined();
      template.resourceCountIs('AWS::Lambda::Function', ROUTES_UNDER_TEST.length + 2);
      template.allResourcesProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
      expect([...stack.functions.keys()].sort()).toEqual(ROUTES_UNDER_TEST.map((r) => r.name).sort());
    });

    it('gives each function the memory and timeout of its route settings (defaults for unknown names)', () => {
      for (const route of ROUTES_UNDER_TEST) {
        const props = json.Resources[fnId(route.name)]?.Properties;
        const s = settingsFor(route);
        expect(props?.MemorySize, route.name).toBe(s.memoryMb);
        expect(props?.Timeout, route.name).toBe(s.timeoutSeconds);
      }
      expect(json.Resources[fnId('brand-new')]?.Properties.MemorySize).toBe(1024);
      expect(json.Resources[fnId('v1-convert')]?.Properties.MemorySize).toBe(2048);
    });

    it('attaches the core layer to every route function, not to the authorizer', () => {
      const [[layerId]] = resources(template, 'AWS::Lambda::LayerVersion') as [[string, Resource]];
      template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
      template.hasResourceProperties('AWS::Lambda::LayerVersion', { CompatibleRuntimes: ['nodejs24.x'], CompatibleArchitectures: ['arm64'] });
      for (const route of ROUTES_UNDER_TEST) {
        expect(json.Resources[fnId(route.name)]?.Properties.Layers, route.name).toEqual([{ Ref: layerId }]);
      }
      const authorizer = json.Resources[logicalIdOf(stack, stack.authorizerFunction)];
      expect(authorizer?.Properties.Layers).toBeUndefined();
    });

    it('sets Powertools logging, the REST correlation id path and SCHEMA_DIR in the layer', () => {
      for (const route of ROUTES_UNDER_TEST) {
        const env = (json.Resources[fnId(route.name)]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(env, route.name).toMatchObject({
          POWERTOOLS_SERVICE_NAME: 'facturx-api',
          POWERTOOLS_LOG_LEVEL: 'INFO',
          POWERTOOLS_CORRELATION_ID_PATH: 'requestContext.requestId',
          SCHEMA_DIR: '/opt/schemas',
        });
        // Source maps cost cold-start time (Node parses them at import): off unless the sourceMaps context asks for them.
        expect(env, route.name).not.toHaveProperty('NODE_OPTIONS');
      }
    });

    it('runs one isolation worker per function, its heap and the growth allowed while reading a document within the function memory', () => {
      for (const route of ROUTES_UNDER_TEST) {
        const props = json.Resources[fnId(route.name)]?.Properties as { MemorySize: number; Environment: { Variables: Record<string, string> } };
        const env = props.Environment.Variables;
        expect(env.ISOLATE_WORKERS, route.name).toBe('1');
        expect(Number(env.ISOLATE_MEMORY_MB), route.name).toBeLessThan(props.MemorySize / 2);
        expect(Number(env.ISOLATE_MEMORY_MB) + Number(env.ISOLATE_RSS_BUDGET_MB), route.name).toBeLessThan(props.MemorySize);
      }
    });

    it('gives each function its own log group with retention', () => {
      const groups = new Map(resources(template, 'AWS::Logs::LogGroup'));
      for (const route of ROUTES_UNDER_TEST) {
        const ref = (json.Resources[fnId(route.name)]?.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
        expect(groups.get(ref)?.Properties.RetentionInDays, route.name).toBe(30);
      }
    });

    it('passes CREDITS_TABLE and the plan quotas to v1 functions only, EXTRACTOR and BEDROCK_MODEL_ID to the extraction function only', () => {
      const tableId = creditsId();
      for (const route of ROUTES_UNDER_TEST) {
        const env = (json.Resources[fnId(route.name)]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        const s = settingsFor(route);
        if (s.auth) {
          expect(env.CREDITS_TABLE, route.name).toEqual({ Ref: tableId });
          expect(env, route.name).toMatchObject(Object.fromEntries(PLANS.map((p) => [`QUOTA_${p.name.toUpperCase()}`, String(p.monthlyQuota)])));
        } else {
          expect(env.CREDITS_TABLE, route.name).toBeUndefined();
        }
        if (s.extraction) expect(env, route.name).toMatchObject({ EXTRACTOR: 'aws', BEDROCK_MODEL_ID: 'eu.amazon.nova-lite-v1:0' });
        else expect(env.EXTRACTOR, route.name).toBeUndefined();
      }
    });

    it('passes IDEMPOTENCY_TABLE to v1 convert only', () => {
      const withIt = ROUTES_UNDER_TEST.filter((route) => {
        const env = (json.Resources[fnId(route.name)]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        if (env.IDEMPOTENCY_TABLE !== undefined) expect(env.IDEMPOTENCY_TABLE, route.name).toEqual({ Ref: idempotencyId() });
        return env.IDEMPOTENCY_TABLE !== undefined;
      });
      expect(withIt.map((r) => r.name)).toEqual(['v1-convert']);
    });
  });

  describe('REST API', () => {
    it('is Regional, with binary media types and API keys taken from the authorizer', () => {
      template.hasResourceProperties('AWS::ApiGateway::RestApi', {
        EndpointConfiguration: { Types: ['REGIONAL'] },
        BinaryMediaTypes: Match.arrayWith(['application/pdf', 'multipart/*', 'image/*', 'application/octet-stream']),
        ApiKeySourceType: 'AUTHORIZER',
      });
      expect([...BINARY_MEDIA_TYPES]).toContain('application/pdf');
    });

    it('has a stage with X-Ray tracing and JSON access logs to a log group with retention', () => {
      const [[, stage]] = resources(template, 'AWS::ApiGateway::Stage') as [[string, Resource]];
      expect(stage.Properties.TracingEnabled).toBe(true);
      const setting = stage.Properties.AccessLogSetting as { DestinationArn: { 'Fn::GetAtt': [string, string] }; Format: string };
      const log = JSON.parse(setting.Format) as Record<string, string>;
      expect(log).toMatchObject({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', status: '$context.status', apiKeyId: '$context.identity.apiKeyId' });
      const group = json.Resources[setting.DestinationArn['Fn::GetAtt'][0]];
      expect(group?.Type).toBe('AWS::Logs::LogGroup');
      expect(group?.Properties.RetentionInDays).toBe(30);
    });

    it('exposes each route with the method of functions/routes.ts, through a Lambda proxy integration', () => {
      const methods = resources(template, 'AWS::ApiGateway::Method').map(([, m]) => m.Properties);
      expect(methods.map((m) => m.HttpMethod).sort()).toEqual(ROUTES_UNDER_TEST.map((r) => r.method).sort());
      for (const m of methods) expect((m.Integration as { Type: string }).Type).toBe('AWS_PROXY');
    });

    it('puts v1 routes behind the authorizer with an API key required, and leaves v2 open', () => {
      const [[authorizerId]] = resources(template, 'AWS::ApiGateway::Authorizer') as [[string, Resource]];
      const methods = resources(template, 'AWS::ApiGateway::Method').map(([, m]) => m.Properties);
      const v1 = methods.filter((m) => (m.AuthorizationType as string) === 'CUSTOM');
      expect(v1).toHaveLength(ROUTES_UNDER_TEST.filter((r) => r.path.startsWith('/api/v1/')).length);
      for (const m of v1) {
        expect(m.ApiKeyRequired).toBe(true);
        expect(m.AuthorizerId).toEqual({ Ref: authorizerId });
      }
      for (const m of methods.filter((x) => x.AuthorizationType !== 'CUSTOM')) {
        expect(m.AuthorizationType).toBe('NONE');
        expect(m.ApiKeyRequired).not.toBe(true);
      }
    });

    it('converts binary request bodies to text on binary routes only', () => {
      const byFn = new Map(
        resources(template, 'AWS::ApiGateway::Method').map(([, m]) => {
          const uri = JSON.stringify((m.Properties.Integration as { Uri: unknown }).Uri);
          const name = [...stack.functions.keys()].find((n) => uri.includes(`"${fnId(n)}"`));
          return [name, m.Properties.Integration as { ContentHandling?: string }];
        }),
      );
      expect(byFn.get('v2-pdf')?.ContentHandling).toBe('CONVERT_TO_TEXT');
      expect(byFn.get('v2-xml')?.ContentHandling).toBeUndefined();
    });
  });

  describe('v1 keys and plans', () => {
    it('has the REQUEST authorizer reading both headers itself: no identity source, no cache', () => {
      template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
      const [[, auth]] = resources(template, 'AWS::ApiGateway::Authorizer') as [[string, Resource]];
      expect(auth.Properties.Type).toBe('REQUEST');
      expect(auth.Properties.AuthorizerResultTtlInSeconds).toBe(0);
      expect(auth.Properties.IdentitySource).toBeUndefined();
      const uri = JSON.stringify(auth.Properties.AuthorizerUri);
      expect(uri).toContain(logicalIdOf(stack, stack.authorizerFunction));
    });

    it('has usage plans free, starter, business with the 1 rps / 60 burst throttle and no request quota (credits are counted in DynamoDB)', () => {
      const plans = resources(template, 'AWS::ApiGateway::UsagePlan').map(([, p]) => p.Properties);
      expect(plans.map((p) => p.UsagePlanName).sort()).toEqual(['Test-business', 'Test-free', 'Test-starter']);
      for (const p of plans) {
        // A usage-plan quota counts every request (validate, failures) and would lock a key out before its credits run out.
        expect(p).not.toHaveProperty('Quota');
        expect(p.Throttle).toEqual({ RateLimit: 1, BurstLimit: 60 });
        expect(p.ApiStages).toHaveLength(1);
        expect(p.Description).toMatch(/conversions a month/);
      }
    });

    it('creates no customer key (keys are issued with `npm run keys -- create --aws`) and outputs the plan ids', () => {
      template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
      template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 0);
      expect(Object.keys(json.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'UsagePlanIdfree', 'UsagePlanIdstarter', 'UsagePlanIdbusiness', 'CreditsTableName']));
    });

    it('gives the authorizer the usage plan names and quotas in USAGE_PLANS', () => {
      const env = (json.Resources[logicalIdOf(stack, stack.authorizerFunction)]?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const plans = parseUsagePlans(env.USAGE_PLANS as string);
      const names = resources(template, 'AWS::ApiGateway::UsagePlan').map(([, p]) => p.Properties.UsagePlanName);
      expect(plans.map((p) => p.usagePlanName).sort()).toEqual([...names].sort());
      expect(plans.map((p) => [p.name, p.monthlyQuota])).toEqual(PLANS.map((p) => [p.name, p.monthlyQuota]));
    });

    it('has the credit counters table: pk/sk strings, on-demand, point-in-time recovery, retained, no TTL', () => {
      // Credits, Idempotency-Key answers, jobs.
      template.resourceCountIs('AWS::DynamoDB::Table', 3);
      const credits = json.Resources[creditsId()] as Resource & { DeletionPolicy?: string };
      expect(credits.Properties).toMatchObject({
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: expect.arrayContaining([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
      expect(credits.Properties.TimeToLiveSpecification).toBeUndefined();
      expect(credits.DeletionPolicy).toBe('Retain');
    });

    it('has the Idempotency-Key table: pk/sk strings, on-demand, TTL on expiresAt, encrypted, no PITR copies, deleted with the stack', () => {
      const idem = json.Resources[idempotencyId()] as Resource & { DeletionPolicy?: string };
      expect(idem.Type).toBe('AWS::DynamoDB::Table');
      expect(idem.Properties).toMatchObject({
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
        SSESpecification: { SSEEnabled: true },
      });
      expect(idem.DeletionPolicy).toBe('Delete');
      expect(json.Outputs).toHaveProperty('IdempotencyTableName');
    });
  });

  describe('gateway responses', () => {
    const cases: Array<[string, string, string]> = [
      ['UNAUTHORIZED', '401', 'UNAUTHORIZED'],
      ['ACCESS_DENIED', '401', 'UNAUTHORIZED'],
      ['INVALID_API_KEY', '401', 'UNAUTHORIZED'],
      ['QUOTA_EXCEEDED', '429', 'QUOTA_EXCEEDED'],
      ['THROTTLED', '429', 'RATE_LIMITED'],
      ['REQUEST_TOO_LARGE', '413', 'PAYLOAD_TOO_LARGE'],
      ['MISSING_AUTHENTICATION_TOKEN', '404', 'NOT_FOUND'],
    ];
    const responseOf = (type: string): Record<string, unknown> | undefined =>
      resources(template, 'AWS::ApiGateway::GatewayResponse').find(([, r]) => r.Properties.ResponseType === type)?.[1].Properties;
    /** The body API Gateway would send, with VTL references replaced by a sample value. */
    const bodyOf = (type: string): unknown => {
      const tpl = (responseOf(type)?.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
      return JSON.parse(tpl.replace(/\$context\.error\.messageString/g, '"sample"'));
    };

    it.each(cases)('%s answers %s with code %s in the envelope', (type, status, code) => {
      expect(responseOf(type)?.StatusCode).toBe(status);
      expect(bodyOf(type)).toEqual({ success: false, error: { code, message: expect.any(String) } });
      expect((responseOf(type)?.ResponseParameters as Record<string, string>)['gatewayresponse.header.Content-Type']).toBe("'application/json'");
    });

    it('THROTTLED carries Retry-After', () => {
      expect((responseOf('THROTTLED')?.ResponseParameters as Record<string, string>)['gatewayresponse.header.Retry-After']).toMatch(/^'\d+'$/);
    });

    it('DEFAULT_4XX and DEFAULT_5XX keep their status and answer the envelope', () => {
      expect(responseOf('DEFAULT_4XX')?.StatusCode).toBeUndefined();
      expect(bodyOf('DEFAULT_4XX')).toEqual({ success: false, error: { code: 'BAD_REQUEST', message: 'sample' } });
      expect(bodyOf('DEFAULT_5XX')).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: expect.any(String) } });
    });
  });

  describe('WAF', () => {
    it('rate-limits each client address to 60 requests per 60 s outside v1, answering 429 in the envelope', () => {
      const [[aclId, acl]] = resources(template, 'AWS::WAFv2::WebACL') as [[string, Resource]];
      expect(acl.Properties.Scope).toBe('REGIONAL');
      const rules = acl.Properties.Rules as Array<{ Name: string; Action: { Block?: { CustomResponse: Record<string, unknown> } }; Statement: { RateBasedStatement: Record<string, unknown> } }>;
      const main = rules.find((r) => r.Name === 'rate-per-ip');
      expect(main?.Statement.RateBasedStatement).toMatchObject({ Limit: 60, EvaluationWindowSec: 60, AggregateKeyType: 'IP' });
      expect(JSON.stringify(main?.Statement.RateBasedStatement.ScopeDownStatement)).toContain('NotStatement');
      for (const rule of rules) {
        expect(rule.Action.Block?.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: RATE_LIMITED_BODY_KEY });
      }
      const body = (acl.Properties.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>)[RATE_LIMITED_BODY_KEY];
      expect(body?.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body?.Content ?? '')).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });

      const [[, assoc]] = resources(template, 'AWS::WAFv2::WebACLAssociation') as [[string, Resource]];
      expect(assoc.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      const [[stageId]] = resources(template, 'AWS::ApiGateway::Stage') as [[string, Resource]];
      const [[apiId]] = resources(template, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
      const arn = JSON.stringify(assoc.Properties.ResourceArn);
      expect(arn).toContain(`/restapis/",{"Ref":"${apiId}"},"/stages/",{"Ref":"${stageId}"}`);
    });
  });

  describe('IAM', () => {
    it('grants no wildcard action anywhere', () => {
      for (const [id, p] of resources(template, 'AWS::IAM::Policy')) {
        for (const s of (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement) {
          for (const a of actionsOf(s)) expect(a, id).not.toMatch(/\*/);
        }
      }
    });

    it('lets v1 functions GetItem/UpdateItem the credits table, v1 convert also Get/Put/Update/DeleteItem the idempotency table, job routes their job actions, and nothing else of DynamoDB; v2 functions none', () => {
      const credits = { 'Fn::GetAtt': [creditsId(), 'Arn'] };
      const idem = { 'Fn::GetAtt': [idempotencyId(), 'Arn'] };
      const jobs = { 'Fn::GetAtt': [logicalIdOf(stack, stack.jobs?.table), 'Arn'] };
      for (const route of ROUTES_UNDER_TEST) {
        const dynamo = statementsOf(template, fnId(route.name))
          .filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))
          .map((s) => ({ resource: s.Resource, actions: actionsOf(s).sort() }));
        const s = settingsFor(route);
        const expected = [
          ...(s.auth ? [{ resource: credits, actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] }] : []),
          ...(s.idempotency ? [{ resource: idem, actions: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] }] : []),
          ...(s.jobs === 'submit' ? [{ resource: jobs, actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] }] : []),
          ...(s.jobs === 'read' ? [{ resource: jobs, actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] }] : []),
        ];
        expect(dynamo, route.name).toEqual(expected);
      }
      expect(settingsFor(routeNamed('v1-convert')).idempotency).toBe(true);
      expect(settingsFor(routeNamed('v1-validate')).idempotency).toBe(false);
    });

    it('lets the extraction function call Textract AnalyzeExpense, and only it, in its region only', () => {
      const textract = statementsOf(template, fnId('v1-convert')).filter((s) => actionsOf(s).some((a) => a.startsWith('textract:')));
      expect(textract).toHaveLength(1);
      // AnalyzeExpense is the only Textract call in adapters/aws/extract; AnalyzeDocument is not granted.
      expect(actionsOf(textract[0] as Statement)).toEqual(['textract:AnalyzeExpense']);
      expect(textract[0]?.Condition).toEqual({ StringEquals: { 'aws:RequestedRegion': 'eu-west-3' } });
    });

    it('lets the extraction function invoke the EU inference profile and its foundation model in EU regions only', () => {
      const bedrock = statementsOf(template, fnId('v1-convert')).filter((s) => actionsOf(s).some((a) => a.startsWith('bedrock:')));
      expect(bedrock.flatMap(actionsOf).every((a) => a === 'bedrock:InvokeModel')).toBe(true);
      const arns = bedrock.flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource])).map((r) => JSON.stringify(r));
      expect(arns.some((a) => a.includes(':inference-profile/eu.amazon.nova-lite-v1:0'))).toBe(true);
      const models = arns.filter((a) => a.includes(':foundation-model/'));
      expect(models.length).toBe(EU_REGIONS.length);
      for (const a of models) {
        expect(a).toContain('foundation-model/amazon.nova-lite-v1:0');
        expect(EU_REGIONS.some((r) => a.includes(`:bedrock:${r}::`)), a).toBe(true);
      }
      const fmStatement = bedrock.find((s) => JSON.stringify(s.Resource).includes('foundation-model'));
      expect(JSON.stringify(fmStatement?.Condition)).toContain('bedrock:InferenceProfileArn');
    });

    it('gives Textract and Bedrock to the extraction function only', () => {
      for (const route of ROUTES_UNDER_TEST.filter((r) => !settingsFor(r).extraction)) {
        const actions = statementsOf(template, fnId(route.name)).flatMap(actionsOf);
        expect(actions.filter((a) => a.startsWith('textract:') || a.startsWith('bedrock:')), route.name).toEqual([]);
      }
    });

    it('lets the authorizer list the usage plans and read the keys of this stack\'s three plans only (GET), nothing else', () => {
      const statements = statementsOf(template, logicalIdOf(stack, stack.authorizerFunction)).filter((s) => !actionsOf(s).every((a) => a.startsWith('xray:')));
      expect(statements).toHaveLength(1);
      expect(actionsOf(statements[0] as Statement)).toEqual(['apigateway:GET']);
      const res = (statements[0]?.Resource as unknown[]).map((r) => JSON.stringify(r));
      expect(res).toHaveLength(1 + PLANS.length);
      expect(res.some((r) => r.endsWith('::/usageplans"]]}'))).toBe(true);
      // No wildcard plan: each keys ARN names one of our plans by reference.
      expect(res.some((r) => r.includes('*'))).toBe(false);
      const planIds = resources(template, 'AWS::ApiGateway::UsagePlan').map(([id]) => id);
      for (const id of planIds) expect(res.filter((r) => r.includes(`{"Ref":"${id}"}`) && r.endsWith('/keys"]]}'))).toHaveLength(1);
    });
  });

  describe('guards and defaults', () => {
    it('refuses a stack outside the EU, or without an explicit region', () => {
      const config = testConfig();
      expect(() => new FacturXStack(new App({ context: SKIP_BUNDLING }), 'Us', { env: { region: 'us-east-1' }, config, routes: ROUTES })).toThrow(/outside the European Union/);
      expect(() => new FacturXStack(new App({ context: SKIP_BUNDLING }), 'Zurich', { env: { region: 'eu-central-2' }, config, routes: ROUTES })).toThrow(/outside the European Union/);
      expect(() => new FacturXStack(new App({ context: SKIP_BUNDLING }), 'Agnostic', { config, routes: ROUTES })).toThrow(/explicit EU region/);
      expect(() => new FacturXStack(new App({ context: SKIP_BUNDLING }), 'Stockholm', { env: { region: 'eu-north-1' }, config, routes: ROUTES })).toThrow(/offers no Amazon Textract/);
      expect(() => synth(ROUTES, config, 'eu-central-1')).not.toThrow();
    });

    it('builds exactly one function per entry of functions/routes.ts when nothing is added', () => {
      const { stack: plain, template: t } = synth(ROUTES, testConfig());
      expect([...plain.functions.keys()].sort()).toEqual(ROUTES.map((r) => r.name).sort());
      const v1 = ROUTES.some((r) => r.path.startsWith('/api/v1/'));
      const jobs = ROUTES.some((r) => settingsFor(r).jobs !== undefined);
      t.resourceCountIs('AWS::Lambda::Function', ROUTES.length + (v1 ? 1 : 0) + (jobs ? 1 : 0));
      t.resourceCountIs('AWS::ApiGateway::UsagePlan', 3);
    });

    it('refuses to synthesize when the schema source folder is missing, naming it', () => {
      expect(() => synth(ROUTES, testConfig({ schemaSourceDir: '/nonexistent/schemas' }))).toThrow(/runtime file\(s\) missing:[\s\S]*schema folder \/nonexistent\/schemas/);
    });

    it('refuses a v1 route that the settings table would make public', () => {
      const route: RouteLike = { method: 'POST', path: '/api/v1/open', name: 'v1-open', entry: 'functions/health.ts' };
      expect(() => settingsFor(route, { 'v1-open': { auth: false } })).toThrow(/must require an API key/);
    });
  });
});
