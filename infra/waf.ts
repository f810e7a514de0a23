/**
 * The v2 technical rate limit without API keys (DECISIONS.md, Limits: 60
 * requests a minute per client address): an AWS WAF v2 web ACL (REGIONAL)
 * on the API stage with a rate-based rule counting per source IP over a
 * 60-second window and answering 429 RATE_LIMITED in the envelope.
 *
 * AWS WAF's lowest allowed limit is 10 requests per window (it was 100 with
 * the fixed 5-minute window before 2024), so 60 per 60 s is set as is. WAF
 * checks rates every few seconds, not per request: a client can get somewhat
 * past 60 before being blocked (docs/DEPLOY.md).
 *
 * v1 paths are metered per key by the usage plans; the WAF only puts a
 * higher per-IP ceiling on them, which keeps floods of made-up keys away from
 * the authorizer.
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import { V1_PREFIX } from './route-settings.js';

/** Properties of {@link RateLimitAcl}. */
export interface RateLimitAclProps {
  /** The stage to protect. */
  stage: Stage;
  /** Requests per client IP and window on every path except v1; default 60. */
  perIpLimit?: number;
  /** Requests per client IP and window on v1 paths; default 300. */
  v1PerIpLimit?: number;
  /** Window in seconds (60, 120, 300 or 600); default 60. */
  windowSeconds?: 60 | 120 | 300 | 600;
}

/** The custom response body key of the 429 answer. */
export const RATE_LIMITED_BODY_KEY = 'RateLimited';

/** The 429 body, in the envelope. */
export const RATE_LIMITED_BODY = JSON.stringify({
  success: false,
  error: { code: 'RATE_LIMITED', message: 'Too many requests: at most 60 a minute per client address. Retry after a minute.' },
});

/** The web ACL and its association with the stage. */
export class RateLimitAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: RateLimitAclProps) {
    super(scope, id);
    const window = props.windowSeconds ?? 60;
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: name,
      sampledRequestsEnabled: true,
    });
    // Decoded and normalised first, so /api/%761/ or /api/x/../v1/ count as what API Gateway routes them to.
    const isV1: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'CONTAINS',
        searchString: V1_PREFIX,
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'NORMALIZE_PATH' },
        ],
      },
    };
    const block: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: RATE_LIMITED_BODY_KEY,
          responseHeaders: [
            { name: 'Retry-After', value: String(window) },
            { name: 'Cache-Control', value: 'no-store' },
          ],
        },
      },
    };
    const rateRule = (name: string, priority: number, limit: number, scopeDown: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: block,
      statement: { rateBasedStatement: { limit, evaluationWindowSec: window, aggregateKeyType: 'IP', scopeDownStatement: scopeDown } },
      visibilityConfig: visibility(name),
    });

    this.acl = new CfnWebACL(this, 'Acl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: 'Factur-X API: per-client-address rate limits',
      customResponseBodies: { [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY } },
      rules: [
        rateRule('rate-per-ip', 0, props.perIpLimit ?? 60, { notStatement: { statement: isV1 } }),
        rateRule('v1-rate-per-ip-ceiling', 1, props.v1PerIpLimit ?? 300, isV1),
      ],
      visibilityConfig: visibility('facturx-api-acl'),
    });
    const association = new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: this.acl.attrArn,
    });
    association.node.addDependency(props.stage);
  }
}
