/**
 * Answers API Gateway gives by itself (before or instead of a function), in
 * the service's envelope `{"success":false,"error":{"code","message"}}`
 * (DECISIONS.md, Envelope and Error codes). API Gateway's own statuses are
 * changed where the contract says otherwise: a refused or missing v1 key is
 * 401 (API Gateway says 403), an unknown path is 404.
 */
import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';

/** One gateway response. */
export interface GatewayResponseSpec {
  type: ResponseType;
  /** Status sent; undefined keeps API Gateway's (DEFAULT_4XX / DEFAULT_5XX cover several). */
  statusCode?: string;
  code: string;
  /** A JSON string literal, or a VTL reference that yields one (`$context.error.messageString`). */
  messageJson: string;
  /** Extra headers (values as plain strings). */
  headers?: Record<string, string>;
}

const json = (s: string): string => JSON.stringify(s);

/** The gateway responses of the API. */
export const GATEWAY_RESPONSES: readonly GatewayResponseSpec[] = Object.freeze([
  { type: ResponseType.UNAUTHORIZED, statusCode: '401', code: 'UNAUTHORIZED', messageJson: json('Missing or invalid API key: send X-API-Key: <key> or Authorization: Bearer <key>.') },
  { type: ResponseType.ACCESS_DENIED, statusCode: '401', code: 'UNAUTHORIZED', messageJson: json('The API key is not allowed to call this endpoint.') },
  { type: ResponseType.API_CONFIGURATION_ERROR, statusCode: '500', code: 'INTERNAL_ERROR', messageJson: json('Internal error.') },
  { type: ResponseType.INVALID_API_KEY, statusCode: '401', code: 'UNAUTHORIZED', messageJson: json('Invalid API key.') },
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, statusCode: '404', code: 'NOT_FOUND', messageJson: json('No such endpoint; see /api/docs.') },
  { type: ResponseType.RESOURCE_NOT_FOUND, statusCode: '404', code: 'NOT_FOUND', messageJson: json('No such endpoint; see /api/docs.') },
  { type: ResponseType.QUOTA_EXCEEDED, statusCode: '429', code: 'QUOTA_EXCEEDED', messageJson: json('Monthly quota of your plan reached; it resets on the first day of next month (UTC).') },
  // Usage-plan bucket refills 1 request a second (plans.ts).
  { type: ResponseType.THROTTLED, statusCode: '429', code: 'RATE_LIMITED', messageJson: json('Too many requests: at most 60 a minute.'), headers: { 'Retry-After': '1' } },
  { type: ResponseType.REQUEST_TOO_LARGE, statusCode: '413', code: 'PAYLOAD_TOO_LARGE', messageJson: json('Request body too large: at most 6 MB.') },
  { type: ResponseType.UNSUPPORTED_MEDIA_TYPE, statusCode: '415', code: 'UNSUPPORTED_MEDIA_TYPE', messageJson: json('Unsupported Content-Type.') },
  { type: ResponseType.BAD_REQUEST_BODY, statusCode: '400', code: 'BAD_REQUEST', messageJson: '$context.error.messageString' },
  { type: ResponseType.BAD_REQUEST_PARAMETERS, statusCode: '400', code: 'BAD_REQUEST', messageJson: '$context.error.messageString' },
  { type: ResponseType.DEFAULT_4XX, code: 'BAD_REQUEST', messageJson: '$context.error.messageString' },
  { type: ResponseType.DEFAULT_5XX, code: 'INTERNAL_ERROR', messageJson: json('Internal error.') },
]);

/** The response body template of `spec` (a JSON document once API Gateway substitutes the VTL reference). */
export function envelopeTemplate(spec: Pick<GatewayResponseSpec, 'code' | 'messageJson'>): string {
  return `{"success":false,"error":{"code":${json(spec.code)},"message":${spec.messageJson}}}`;
}

/** Adds every gateway response to `api`. */
export function addGatewayResponses(api: RestApi, specs: readonly GatewayResponseSpec[] = GATEWAY_RESPONSES): void {
  for (const spec of specs) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...spec.headers };
    api.addGatewayResponse(`Gw${spec.type.responseType}`, {
      type: spec.type,
      ...(spec.statusCode === undefined ? {} : { statusCode: spec.statusCode }),
      // Header values are mapping expressions: static values in single quotes.
      responseHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, `'${v}'`])),
      templates: { 'application/json': envelopeTemplate(spec) },
    });
  }
}
