/**
 * One construct holding every Lambda default once: Node.js 22 on arm64, esbuild
 * bundling with the local esbuild (no Docker), source maps, log retention.
 */
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { RetentionDays, LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { resolve } from 'node:path';

export interface ApiFunctionProps {
  /** Entry file relative to the repository root. */
  entry: string;
  memorySize?: number;
  timeout?: Duration;
  environment?: Record<string, string>;
}

const ROOT = resolve(import.meta.dirname, '..');

export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id, {
      entry: resolve(ROOT, props.entry),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: Tracing.ACTIVE,
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
      projectRoot: ROOT,
      depsLockFilePath: resolve(ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'info', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        sourceMap: true,
        minify: true,
        forceDockerBundling: false,
        mainFields: ['module', 'main'],
        banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
      },
    });
  }
}
