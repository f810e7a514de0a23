/**
 * Structured logging (JSON lines) with Powertools for AWS Lambda: service
 * name, cold start, function name and request id, and the API Gateway request
 * id as correlation id (set by `withLogging` in ./http.ts). Never logs request
 * bodies or API keys. Level: LOG_LEVEL or POWERTOOLS_LOG_LEVEL (debug, info,
 * warn, error, silent), default info.
 */
import { Logger } from '@aws-lambda-powertools/logger';

const level = (process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'info').toUpperCase();

/** The shared logger. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'facturx',
  logLevel: (['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL', 'TRACE'].includes(level) ? level : 'INFO') as 'INFO',
});
