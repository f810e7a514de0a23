/**
 * The service stack: a Regional REST API with one Lambda per route of
 * functions/routes.ts (settings from route-settings.ts), the shared core
 * layer, v1 usage plans behind a Lambda REQUEST authorizer, the credit
 * counters table, the Idempotency-Key table of v1 convert, gateway responses
 * in the envelope, and the WAF rate limit.
 * Region: EU only (DECISIONS.md, Region).
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, Token, type StackProps } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  CfnAuthorizer,
  ContentHandling,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  RestApi,
  UsagePlan,
  type MethodOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES } from '../functions/routes.js';
import { ApiFunction, LOG_RETENTION } from './api-function.js';
import { resolveDeployConfig, type DeployConfig } from './config.js';
import { CoreLayer } from './core-layer.js';
import { assertEuRegion, EU_REGIONS } from './eu-regions.js';
import { addGatewayResponses } from './gateway-responses.js';
import { AsyncJobs, JOB_WORKER_ENTRY, JOB_WORKER_TIMEOUT, WORKER_TEXTRACT_ACTIONS } from './jobs.js';
import { suppressAcceptedFindings } from './nag.js';
import { Operations } from './operations.js';
import { PLANS, PLAN_THROTTLE, type PlanName } from './plans.js';
import { isV1Path, settingsFor, type RouteLike, type RouteSettings } from './route-settings.js';
import { RateLimitAcl } from './waf.js';

/** Media types API Gateway passes as binary (PDF in and out; images and uploads for v1). */
export const BINARY_MEDIA_TYPES: readonly string[] = Object.freeze(['application/pdf', 'multipart/*', 'image/*', 'application/octet-stream']);

/** Name of the API stage. */
export const STAGE_NAME = 'prod';

/**
 * Reserved concurrency of the key authorizer: every v1 request runs it first,
 * so it gets instances of its own like the v1 functions (route-settings.ts).
 */
export const AUTHORIZER_RESERVED_CONCURRENCY = 10;

/** Textract actions the extraction function calls (adapters/aws/extract: AnalyzeExpense only), and nothing else of Textract. */
export const TEXTRACT_ACTIONS: readonly string[] = Object.freeze(['textract:AnalyzeExpense']);

/** Bedrock action behind both InvokeModel and Converse. */
export const BEDROCK_ACTIONS: readonly string[] = Object.freeze(['bedrock:InvokeModel']);

/** Credit-counter actions of the v1 functions (UpdateItem also covers the counter update inside v1 convert's transaction). */
export const CREDITS_ACTIONS: readonly string[] = Object.freeze(['dynamodb:GetItem', 'dynamodb:UpdateItem']);

/**
 * Idempotency-Key actions of v1 convert, on its own table only: claim
 * (PutItem), read a repeat (GetItem), store the answer (UpdateItem, in the
 * transaction), drop a failed claim (DeleteItem). TransactWriteItems has no
 * IAM action of its own: it is authorised by these per-item actions.
 */
export const IDEMPOTENCY_ACTIONS: readonly string[] = Object.freeze(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']);

/** The TTL attribute of the Idempotency-Key table (epoch seconds), as lib/keys/dynamo-credit-store.ts writes it. */
export const IDEMPOTENCY_TTL_ATTRIBUTE = 'expiresAt';

/** Name of the API Gateway usage plan of `plan` in stack `stackName`, e.g. `FacturXService-starter` (unique per stack). */
export function usagePlanName(stackName: string, plan: PlanName): string {
  return `${stackName}-${plan}`;
}

/** Properties of {@link FacturXStack}. */
export interface FacturXStackProps extends StackProps {
  /** Deployment configuration; default: read from context and environment (config.ts). */
  config?: DeployConfig;
  /** The routes; default functions/routes.ts ROUTES. */
  routes?: readonly RouteLike[];
}

/** The deployed service. */
export class FacturXStack extends Stack {
  readonly api: RestApi;
  readonly coreLayer: CoreLayer;
  readonly creditsTable: Table;
  /** The Idempotency-Key answers of v1 convert; undefined while no route asks for idempotency. */
  readonly idempotencyTable: Table | undefined;
  /** The v1 key authorizer's function; undefined while no route requires a key. */
  authorizerFunction: ApiFunction | undefined;
  /** Route name -> its function. */
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** Route name -> the settings it was deployed with. */
  readonly settings: ReadonlyMap<string, RouteSettings>;
  readonly usagePlans: ReadonlyMap<PlanName, UsagePlan>;
  /** Alarms, their SNS topic and the dashboard. */
  readonly operations: Operations;
  /** Asynchronous jobs (bucket, table, queues, worker); undefined while no route submits or reads jobs. */
  readonly jobs: AsyncJobs | undefined;

  constructor(scope: Construct, id: string, props: FacturXStackProps = {}) {
    super(scope, id, props);
    if (Token.isUnresolved(this.region)) throw new Error('FacturXStack needs an explicit EU region (env.region); it is never environment-agnostic.');
    assertEuRegion(this.region);
    const config = props.config ?? resolveDeployConfig((k) => this.node.tryGetContext(k), process.env);
    const routes = props.routes ?? ROUTES;
    const withJobs = routes.some((r) => settingsFor(r).jobs !== undefined);

    this.coreLayer = new CoreLayer(this, 'Core', {
      schemaSourceDir: config.schemaSourceDir,
      consumers: [...routes.map((r) => r.entry), ...(withJobs ? [JOB_WORKER_ENTRY] : [])],
    });

    this.creditsTable = new Table(this, 'Credits', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      // Customer credit counters: billing data outlives a stack deletion.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    // Open (non-v1) methods: one throttle per method for all clients together (config.ts, openMethodThrottle).
    const openMethodOptions = Object.fromEntries(
      routes
        .filter((r) => !isV1Path(r.path))
        .map((r) => [`${r.path}/${r.method}`, { throttlingRateLimit: config.openMethodThrottle.rateLimit, throttlingBurstLimit: config.openMethodThrottle.burstLimit }]),
    );
    this.api = new RestApi(this, 'Api', {
      restApiName: 'facturx-api',
      description: 'Factur-X / EN 16931 e-invoicing API (v1 with API keys, v2 open)',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      binaryMediaTypes: [...BINARY_MEDIA_TYPES],
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      cloudWatchRole: true,
      deployOptions: {
        stageName: STAGE_NAME,
        tracingEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        methodOptions: openMethodOptions,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: AccessLogField.contextRequestId(),
            time: AccessLogField.contextRequestTime(),
            ip: AccessLogField.contextIdentitySourceIp(),
            method: AccessLogField.contextHttpMethod(),
            resource: AccessLogField.contextResourcePath(),
            status: AccessLogField.contextStatus(),
            responseLength: AccessLogField.contextResponseLength(),
            latencyMs: AccessLogField.contextResponseLatency(),
            integrationLatencyMs: AccessLogField.contextIntegrationLatency(),
            apiKeyId: AccessLogField.contextIdentityApiKeyId(),
            plan: AccessLogField.contextAuthorizer('plan'),
            errorType: AccessLogField.contextErrorResponseType(),
            authorizerError: AccessLogField.contextAuthorizerError(),
            wafStatus: AccessLogField.contextWafResponseCode(),
            xrayTraceId: AccessLogField.contextXrayTraceId(),
            userAgent: AccessLogField.contextIdentityUserAgent(),
          }),
        ),
      },
    });

    const usagePlans = new Map<PlanName, UsagePlan>();
    for (const plan of PLANS) {
      usagePlans.set(
        plan.name,
        new UsagePlan(this, `Plan-${plan.name}`, {
          name: usagePlanName(this.stackName, plan.name),
          // No quota on purpose: credits are conversions, counted by the functions in the credits table (the one
          // source of truth); a request quota would count validations and failures and lock a key out first.
          description: `v1 plan ${plan.name}: ${plan.monthlyQuota} conversions a month (credits table), 60 requests a minute`,
          throttle: { ...PLAN_THROTTLE },
          apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
        }),
      );
    }
    this.usagePlans = usagePlans;
    const planned = routes.map((route) => ({ route, settings: settingsFor(route) }));
    const authorizer = planned.some((p) => p.settings.auth) ? this.createAuthorizer(config, [...usagePlans.values()]) : undefined;
    this.idempotencyTable = planned.some((p) => p.settings.idempotency) ? this.createIdempotencyTable() : undefined;
    this.jobs = withJobs ? this.createJobs(config) : undefined;

    const functions = new Map<string, ApiFunction>();
    const settingsByName = new Map<string, RouteSettings>();
    for (const { route, settings: s } of planned) {
      const environment: Record<string, string> = {};
      if (s.auth) {
        environment.CREDITS_TABLE = this.creditsTable.tableName;
        // Read by functions/_shared/key-store.ts; infra/plans.ts stays the one source of the figures.
        for (const p of PLANS) environment[`QUOTA_${p.name.toUpperCase()}`] = String(p.monthlyQuota);
        environment.RATE_LIMIT_PER_MINUTE = '60';
      }
      if (s.idempotency && this.idempotencyTable) environment.IDEMPOTENCY_TABLE = this.idempotencyTable.tableName;
      if (s.jobs !== undefined && this.jobs) Object.assign(environment, this.jobs.environment({ queue: s.jobs === 'submit' }));
      if (s.extraction) {
        environment.EXTRACTOR = 'aws';
        environment.BEDROCK_MODEL_ID = config.bedrockModelId;
      }
      const fn = new ApiFunction(this, `Fn-${route.name}`, {
        entry: route.entry,
        memorySize: s.memoryMb,
        timeout: Duration.seconds(s.timeoutSeconds),
        coreLayer: this.coreLayer,
        serviceName: config.serviceName,
        logLevel: config.logLevel,
        sourceMaps: config.sourceMaps,
        description: `${route.method} ${route.path}`,
        environment,
        reservedConcurrentExecutions: s.reservedConcurrency,
        runtimeFiles: s.runtimeFiles,
      });
      if (s.auth) {
        fn.addToRolePolicy(new PolicyStatement({ sid: 'CreditCounters', effect: Effect.ALLOW, actions: [...CREDITS_ACTIONS], resources: [this.creditsTable.tableArn] }));
      }
      if (s.idempotency && this.idempotencyTable) {
        fn.addToRolePolicy(new PolicyStatement({ sid: 'IdempotencyRecords', effect: Effect.ALLOW, actions: [...IDEMPOTENCY_ACTIONS], resources: [this.idempotencyTable.tableArn] }));
      }
      if (s.extraction) this.grantExtraction(fn, config.bedrockModelId);
      if (s.jobs === 'submit') this.jobs?.grantSubmit(fn);
      if (s.jobs === 'read') this.jobs?.grantRead(fn);

      const integration = new LambdaIntegration(fn, {
        proxy: true,
        allowTestInvoke: false,
        // Binary request bodies (PDF) reach the function base64-encoded.
        ...(s.binary ? { contentHandling: ContentHandling.CONVERT_TO_TEXT } : {}),
      });
      const options: MethodOptions = s.auth && authorizer !== undefined ? { authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true } : {};
      this.api.root.resourceForPath(route.path).addMethod(route.method, integration, options);
      functions.set(route.name, fn);
      settingsByName.set(route.name, s);
    }
    this.functions = functions;
    this.settings = settingsByName;

    addGatewayResponses(this.api);
    const waf = new RateLimitAcl(this, 'RateLimit', { stage: this.api.deploymentStage, v1PerIpLimit: config.wafV1IpLimit });

    this.operations = new Operations(this, 'Operations', {
      topicName: config.alarmTopicName ?? `${this.stackName}-alarms`,
      alarmEmail: config.alarmEmail,
      stage: this.api.deploymentStage,
      functions: [
        ...planned.map(({ route, settings: st }) => ({ name: route.name, fn: functions.get(route.name)!, timeoutSeconds: st.timeoutSeconds, v1: st.auth })),
        ...(this.jobs ? [{ name: 'v1-job-worker', fn: this.jobs.worker, timeoutSeconds: JOB_WORKER_TIMEOUT.toSeconds(), v1: true }] : []),
      ],
      authorizer: this.authorizerFunction,
      tables: [
        { name: 'Credits', table: this.creditsTable },
        ...(this.idempotencyTable ? [{ name: 'Idempotency', table: this.idempotencyTable }] : []),
        ...(this.jobs ? [{ name: 'Jobs', table: this.jobs.table }] : []),
      ],
      jobDeadLetters: this.jobs?.deadLetterQueue,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL (append api/v2/xml, api/v1/convert, ...)' });
    for (const [name, plan] of usagePlans) new CfnOutput(this, `UsagePlanId-${name}`, { value: plan.usagePlanId, description: `Usage plan ${name}` });
    new CfnOutput(this, 'CreditsTableName', { value: this.creditsTable.tableName });
    if (this.idempotencyTable) new CfnOutput(this, 'IdempotencyTableName', { value: this.idempotencyTable.tableName });
    if (this.jobs) {
      new CfnOutput(this, 'JobsTableName', { value: this.jobs.table.tableName });
      new CfnOutput(this, 'JobsBucketName', { value: this.jobs.bucket.bucketName, description: 'Documents and answers of asynchronous jobs (objects expire after a day)' });
      new CfnOutput(this, 'JobsDeadLetterQueueUrl', { value: this.jobs.deadLetterQueue.queueUrl, description: 'Job messages that failed every delivery (alarm JobDeadLetters)' });
    }
    new CfnOutput(this, 'CoreLayerArn', { value: this.coreLayer.layer.layerVersionArn });
    new CfnOutput(this, 'WebAclArn', { value: waf.acl.attrArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.operations.topic.topicArn, description: 'SNS topic of the CloudWatch alarms (subscribe on-call here)' });
    new CfnOutput(this, 'DashboardName', { value: this.operations.dashboard.dashboardName });
    // Last: the suppressions apply to the constructs that exist now (cdk-nag, infra/nag.ts).
    suppressAcceptedFindings(this, this.api, this.idempotencyTable, this.jobs);
  }

  /**
   * The Idempotency-Key table of v1 convert: its own table rather than items
   * in the credits table, because its lifecycle is the opposite one. Items
   * hold customers' converted invoices for 24 h: DynamoDB TTL on `expiresAt`
   * deletes them, no point-in-time recovery keeps copies for 35 days, and the
   * table goes with the stack (the credits table is billing data: PITR,
   * retained). The function's IAM statement then names this table alone.
   */
  private createIdempotencyTable(): Table {
    return new Table(this, 'Idempotency', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: IDEMPOTENCY_TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /**
   * Asynchronous jobs (infra/jobs.ts): the worker meters credits like v1
   * convert (commit or release of the credit taken at submission) and
   * extracts like it, with Textract's asynchronous analysis on top.
   */
  private createJobs(config: DeployConfig): AsyncJobs {
    const jobs = new AsyncJobs(this, 'Jobs', {
      coreLayer: this.coreLayer,
      serviceName: config.serviceName,
      logLevel: config.logLevel,
      sourceMaps: config.sourceMaps,
      environment: {
        CREDITS_TABLE: this.creditsTable.tableName,
        ...Object.fromEntries(PLANS.map((p) => [`QUOTA_${p.name.toUpperCase()}`, String(p.monthlyQuota)])),
        RATE_LIMIT_PER_MINUTE: '60',
        EXTRACTOR: 'aws',
        BEDROCK_MODEL_ID: config.bedrockModelId,
      },
    });
    jobs.worker.addToRolePolicy(new PolicyStatement({ sid: 'CreditCounters', effect: Effect.ALLOW, actions: [...CREDITS_ACTIONS], resources: [this.creditsTable.tableArn] }));
    this.grantExtraction(jobs.worker, config.bedrockModelId, WORKER_TEXTRACT_ACTIONS);
    return jobs;
  }

  /**
   * The Lambda REQUEST authorizer of v1 routes (infra/authorizer), allowed to
   * read what it reads and nothing more: the list of usage plans (to find ours
   * by name; it holds names and ids, no key) and the keys of this stack's
   * plans only.
   */
  private createAuthorizer(config: DeployConfig, plans: readonly UsagePlan[]): RequestAuthorizer {
    const fn = new ApiFunction(this, 'Authorizer', {
      entry: 'infra/authorizer/index.ts',
      memorySize: 256,
      timeout: Duration.seconds(5),
      serviceName: `${config.serviceName}-authorizer`,
      logLevel: config.logLevel,
      sourceMaps: config.sourceMaps,
      description: 'v1 API key authorizer (X-API-Key or Authorization: Bearer)',
      reservedConcurrentExecutions: AUTHORIZER_RESERVED_CONCURRENCY,
      environment: {
        // Plan names, not ids: an id would make the authorizer depend on the stage it guards (a cycle).
        USAGE_PLANS: JSON.stringify(PLANS.map((p) => ({ name: p.name, usagePlanName: usagePlanName(this.stackName, p.name), monthlyQuota: p.monthlyQuota }))),
      },
    });
    // A policy of its own rather than the role's default policy: the function does not wait for it, so it may
    // name the plan ids (plan -> stage -> deployment -> method -> authorizer -> function would otherwise be a cycle).
    new Policy(this, 'AuthorizerReadsPlanKeys', {
      roles: [fn.role!],
      statements: [
        new PolicyStatement({
          sid: 'ReadUsagePlanKeys',
          effect: Effect.ALLOW,
          actions: ['apigateway:GET'],
          resources: [
            `arn:${this.partition}:apigateway:${this.region}::/usageplans`,
            ...plans.map((p) => `arn:${this.partition}:apigateway:${this.region}::/usageplans/${p.usagePlanId}/keys`),
          ],
        }),
      ],
    });
    const authorizer = new RequestAuthorizer(this, 'KeyAuthorizer', {
      handler: fn,
      authorizerName: 'facturx-api-key',
      // Two alternative headers: an identity source would require both, so no caching and no identity source.
      identitySources: [],
      resultsCacheTtl: Duration.seconds(0),
    });
    (authorizer.node.defaultChild as CfnAuthorizer).addPropertyDeletionOverride('IdentitySource');
    this.authorizerFunction = fn;
    return authorizer;
  }

  /**
   * Textract (AnalyzeExpense) in this region, and Bedrock
   * InvokeModel (also used by Converse) on the EU inference profile and its
   * foundation model in EU regions only, only through that profile.
   */
  private grantExtraction(fn: ApiFunction, modelId: string, textractActions: readonly string[] = TEXTRACT_ACTIONS): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'Textract',
        effect: Effect.ALLOW,
        actions: [...textractActions],
        // Textract has no resource-level permissions; the region condition keeps documents in this region.
        resources: ['*'],
        conditions: { StringEquals: { 'aws:RequestedRegion': this.region } },
      }),
    );
    const profileArn = `arn:${this.partition}:bedrock:${this.region}:${this.account}:inference-profile/${modelId}`;
    const foundationModel = modelId.replace(/^eu\./, '');
    fn.addToRolePolicy(new PolicyStatement({ sid: 'BedrockEuProfile', effect: Effect.ALLOW, actions: [...BEDROCK_ACTIONS], resources: [profileArn] }));
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'BedrockEuFoundationModel',
        effect: Effect.ALLOW,
        actions: [...BEDROCK_ACTIONS],
        resources: EU_REGIONS.map((r) => `arn:${this.partition}:bedrock:${r}::foundation-model/${foundationModel}`),
        conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      }),
    );
  }
}
