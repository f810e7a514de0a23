/**
 * One construct holding every Lambda default once: Node.js 22 on arm64,
 * esbuild bundling with the local esbuild (no Docker), ESM with source maps,
 * X-Ray tracing, a log group with retention, Powertools structured-logging
 * settings with the API Gateway REST correlation id, and, when given, the
 * core layer (lib/ is then imported from the layer, not bundled).
 */
import { AssetHashType, BundlingOutput, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { localBundling } from './bundling/local-bundler.js';
import { REPO_ROOT } from './config.js';
import { stagedDir, type CoreLayer } from './core-layer.js';

/** JMESPath of the correlation id in API Gateway REST events (Powertools `correlationPaths.API_GATEWAY_REST`). */
export const CORRELATION_ID_PATH = 'requestContext.requestId';

/** Log retention of every function. */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * The isolation pool's settings on Lambda (functions/_shared/isolate.ts): one
 * invocation at a time per instance, so one worker; its heap and the process's
 * growth while a document is read are shares of the function's memory, so a
 * hostile document is answered 422 before Lambda kills the instance.
 */
export function isolationEnvironment(memoryMb: number): Record<string, string> {
  return {
    ISOLATE_WORKERS: '1',
    ISOLATE_MEMORY_MB: String(Math.max(64, Math.floor(memoryMb * 0.4))),
    ISOLATE_RSS_BUDGET_MB: String(Math.max(64, Math.floor(memoryMb * 0.5))),
  };
}

/** Properties of {@link ApiFunction}. */
export interface ApiFunctionProps {
  /** Entry file, relative to the repository root (or absolute). */
  entry: string;
  /** Memory in MB; default 1024. */
  memorySize?: number;
  /** Timeout; default 15 s. */
  timeout?: Duration;
  /** Extra environment variables (override the defaults). */
  environment?: Record<string, string>;
  /** The core layer: lib/ imports are served from it and SCHEMA_DIR points into it. */
  coreLayer?: CoreLayer;
  /** POWERTOOLS_SERVICE_NAME; default `facturx-api`. */
  serviceName?: string;
  /** POWERTOOLS_LOG_LEVEL; default INFO. */
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Run with `--enable-source-maps` (costs cold-start time: Node parses the maps at import); default false. The maps ship either way. */
  sourceMaps?: boolean;
  description?: string;
  /** Reserved concurrency (instances kept for this function, and its ceiling); default: the account's shared pool. */
  reservedConcurrentExecutions?: number | undefined;
}

/** A Lambda function with the service's defaults. */
export class ApiFunction extends LambdaFunction {
  /** Absolute entry file. */
  readonly entry: string;
  /** True when lib/ comes from the core layer. */
  readonly usesCoreLayer: boolean;
  /** The environment variables as given (tokens such as the table name unresolved). */
  readonly runtimeEnvironment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const entry = isAbsolute(props.entry) ? props.entry : resolve(REPO_ROOT, props.entry);
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const level = props.logLevel ?? 'INFO';
    const environment: Record<string, string> = {
      ...(props.sourceMaps === true ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
      POWERTOOLS_SERVICE_NAME: props.serviceName ?? 'facturx-api',
      POWERTOOLS_LOG_LEVEL: level,
      POWERTOOLS_LOGGER_LOG_EVENT: 'false',
      // Powertools has no environment variable for it: the authorizer reads it (infra/authorizer/config.ts); the API handlers set the request id themselves (functions/_shared/http.ts).
      POWERTOOLS_CORRELATION_ID_PATH: CORRELATION_ID_PATH,
      // Read by functions/_shared/logger.ts.
      LOG_LEVEL: level.toLowerCase(),
      ...(props.coreLayer?.schemaDir === undefined ? {} : { SCHEMA_DIR: props.coreLayer.schemaDir }),
      ...isolationEnvironment(props.memorySize ?? 1024),
      ...props.environment,
    };
    super(scope, id, {
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: Tracing.ACTIVE,
      logGroup,
      ...(props.description === undefined ? {} : { description: props.description }),
      ...(props.reservedConcurrentExecutions === undefined ? {} : { reservedConcurrentExecutions: props.reservedConcurrentExecutions }),
      layers: props.coreLayer === undefined ? [] : [props.coreLayer.layer],
      code: Code.fromAsset(dirname(entry), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          ...localBundling({ kind: 'function', entry, ...(props.coreLayer === undefined ? {} : { coreLibDir: props.coreLayer.libDir }) }),
          outputType: BundlingOutput.NOT_ARCHIVED,
        },
      }),
      environment,
    });
    this.entry = entry;
    this.usesCoreLayer = props.coreLayer !== undefined;
    this.runtimeEnvironment = Object.freeze({ ...environment });
  }

  /** The bundled asset folder (index.mjs, index.mjs.map), or undefined when bundling was skipped for this stack. */
  get bundleDir(): string | undefined {
    return stagedDir(this);
  }
}
