/**
 * Operations: CloudWatch alarms to one SNS topic (named by context
 * `alarmTopicName`), and a dashboard. What is watched and why:
 *
 * | alarm | metric | fires when |
 * |---|---|---|
 * | `Api5xxRate` | API Gateway `5XXError`, stage `prod`, average = share of requests | over 5 % in 2 of 3 five-minute periods |
 * | `<fn>-p99` | Lambda `Duration` p99, each function | over 80 % of its timeout in 2 of 3 five-minute periods |
 * | `<fn>-Throttles` | Lambda `Throttles`, each function | any in a five-minute period (reserved concurrency or the account pool exhausted) |
 * | `AuthorizerErrors` | Lambda `Errors` of the key authorizer | any (API Gateway then answers 500 to v1) |
 * | `<fn>-Errors` | Lambda `Errors` of the v1 functions | any (an error the handler did not turn into an answer) |
 * | `<table>-SystemErrors`, `<table>-Throttles` | DynamoDB `SystemErrors` / `ThrottledRequests` over the operations the functions call | any |
 * | `JobDeadLetters` | SQS `ApproximateNumberOfMessagesVisible` of the jobs' dead-letter queue, maximum | any: a job failed every delivery (its worker errors are `v1-job-worker-Errors`) |
 *
 * Missing data (no traffic) is not breaching. Each alarm notifies the topic
 * when it fires and when it recovers.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function.js';

/** The period every alarm and graph uses. */
export const ALARM_PERIOD = Duration.minutes(5);

/** Share of API requests answered 5xx above which `Api5xxRate` fires. */
export const API_5XX_RATE_THRESHOLD = 0.05;

/** p99 duration, as a share of the function's timeout, above which its latency alarm fires. */
export const P99_SHARE_OF_TIMEOUT = 0.8;

/** DynamoDB operations the functions send (lib/keys/dynamo-credit-store.ts). */
export const WATCHED_TABLE_OPERATIONS: readonly Operation[] = Object.freeze([
  Operation.GET_ITEM,
  Operation.UPDATE_ITEM,
  Operation.PUT_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
]);

/** Properties of {@link Operations}. */
export interface OperationsProps {
  /** Name of the SNS topic the alarms notify (context `alarmTopicName`). */
  topicName: string;
  /** An e-mail address subscribed to the topic (context `alarmEmail`); none by default. */
  alarmEmail?: string | undefined;
  stage: Stage;
  /** Route name -> function, with its timeout in seconds and whether it is a v1 route. */
  functions: ReadonlyArray<{ name: string; fn: ApiFunction; timeoutSeconds: number; v1: boolean }>;
  authorizer?: ApiFunction | undefined;
  tables: ReadonlyArray<{ name: string; table: Table }>;
  /** The dead-letter queue of asynchronous jobs (infra/jobs.ts), when they are deployed. */
  jobDeadLetters?: IQueue | undefined;
}

/** The alarms, their topic and the dashboard. */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { topicName: props.topicName, displayName: 'Factur-X service alarms', enforceSSL: true });
    if (props.alarmEmail !== undefined) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, evaluation: { of: number; breaching: number } = { of: 1, breaching: 1 }): Alarm => {
      const a = new Alarm(this, name, {
        alarmName: `${Stack.of(this).stackName}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: evaluation.of,
        datapointsToAlarm: evaluation.breaching,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };

    const api5xx = props.stage.metricServerError({ statistic: 'Average', period: ALARM_PERIOD });
    alarm('Api5xxRate', api5xx, API_5XX_RATE_THRESHOLD, `More than ${API_5XX_RATE_THRESHOLD * 100} % of API requests answered 5xx.`, { of: 3, breaching: 2 });

    for (const { name, fn, timeoutSeconds, v1 } of props.functions) {
      const p99 = fn.metricDuration({ statistic: 'p99', period: ALARM_PERIOD });
      alarm(`${name}-p99`, p99, Math.round(timeoutSeconds * 1000 * P99_SHARE_OF_TIMEOUT), `p99 duration of ${name} above ${P99_SHARE_OF_TIMEOUT * 100} % of its ${timeoutSeconds} s timeout.`, { of: 3, breaching: 2 });
      alarm(`${name}-Throttles`, fn.metricThrottles({ statistic: 'Sum', period: ALARM_PERIOD }), 0, `Invocations of ${name} throttled (concurrency exhausted).`);
      if (v1) alarm(`${name}-Errors`, fn.metricErrors({ statistic: 'Sum', period: ALARM_PERIOD }), 0, `${name} failed without an answer (function error).`);
    }
    if (props.authorizer !== undefined) {
      const fn = props.authorizer;
      alarm('AuthorizerErrors', fn.metricErrors({ statistic: 'Sum', period: ALARM_PERIOD }), 0, 'The key authorizer failed: v1 answers 500 (key directory unavailable or a bug).');
      alarm('Authorizer-Throttles', fn.metricThrottles({ statistic: 'Sum', period: ALARM_PERIOD }), 0, 'Invocations of the key authorizer throttled.');
    }
    for (const { name, table } of props.tables) {
      const operations = [...WATCHED_TABLE_OPERATIONS];
      alarm(`${name}-SystemErrors`, table.metricSystemErrorsForOperations({ operations, period: ALARM_PERIOD }), 0, `DynamoDB system errors on the ${name} table.`);
      alarm(`${name}-Throttles`, table.metricThrottledRequestsForOperations({ operations, period: ALARM_PERIOD }), 0, `DynamoDB throttled requests on the ${name} table.`);
    }

    if (props.jobDeadLetters !== undefined) {
      alarm(
        'JobDeadLetters',
        props.jobDeadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: ALARM_PERIOD }),
        0,
        'An asynchronous job failed every delivery and is in the dead-letter queue (its customer sees it failed or stale; docs/DEPLOY.md, "Operations").',
      );
    }

    this.dashboard = this.createDashboard(props, api5xx);
  }

  private createDashboard(props: OperationsProps, api5xx: IMetric): Dashboard {
    const stage = props.stage;
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${Stack.of(this).stackName}-operations`, defaultInterval: Duration.hours(24) });
    const byFunction = (f: (fn: ApiFunction) => IMetric) =>
      [...props.functions.map(({ name, fn }) => ({ name, fn })), ...(props.authorizer ? [{ name: 'authorizer', fn: props.authorizer }] : [])].map(({ name, fn }) =>
        withLabel(f(fn), name),
      );
    dashboard.addWidgets(
      new TextWidget({ markdown: '# Factur-X service\nAlarms notify the SNS topic `' + props.topicName + '` (docs/DEPLOY.md, "Operations").', width: 24, height: 2 }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [withLabel(stage.metricCount({ period: ALARM_PERIOD }), 'requests'), withLabel(stage.metricClientError({ period: ALARM_PERIOD }), '4xx'), withLabel(stage.metricServerError({ period: ALARM_PERIOD }), '5xx')],
        right: [withLabel(api5xx, '5xx share')],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency',
        left: [withLabel(stage.metricLatency({ statistic: 'p50', period: ALARM_PERIOD }), 'p50'), withLabel(stage.metricLatency({ statistic: 'p99', period: ALARM_PERIOD }), 'p99')],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Function duration p99 (ms)', left: byFunction((fn) => fn.metricDuration({ statistic: 'p99', period: ALARM_PERIOD })), width: 12 }),
      new GraphWidget({
        title: 'Function errors and throttles',
        left: byFunction((fn) => fn.metricErrors({ period: ALARM_PERIOD })),
        right: byFunction((fn) => fn.metricThrottles({ period: ALARM_PERIOD })),
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Concurrent executions', left: byFunction((fn) => fn.metric('ConcurrentExecutions', { statistic: 'Maximum', period: ALARM_PERIOD })), width: 12 }),
    );
    // One graph per table and metric: the per-operation math expressions would otherwise share their metric ids.
    dashboard.addWidgets(
      ...props.tables.flatMap(({ name, table }) => [
        new GraphWidget({ title: `DynamoDB ${name}: system errors`, left: [table.metricSystemErrorsForOperations({ operations: [...WATCHED_TABLE_OPERATIONS], period: ALARM_PERIOD })], width: 6 }),
        new GraphWidget({ title: `DynamoDB ${name}: throttled requests`, left: [table.metricThrottledRequestsForOperations({ operations: [...WATCHED_TABLE_OPERATIONS], period: ALARM_PERIOD })], width: 6 }),
      ]),
    );
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }));
    return dashboard;
  }
}

function withLabel(metric: IMetric, label: string): IMetric {
  if (metric instanceof Metric) return metric.with({ label });
  if (metric instanceof MathExpression) return metric.with({ label });
  return metric;
}
