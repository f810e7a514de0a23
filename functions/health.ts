/** GET /api/health: liveness, service version and rule-set version. */
import { RULE_SET_VERSION } from '../lib/rules/engine.js';
import { getEndpoint, jsonResult } from './_shared/http.js';
import { SERVICE_VERSION } from './_shared/version.js';

export const handler = getEndpoint(() =>
  jsonResult(200, { success: true, data: { status: 'ok', version: SERVICE_VERSION, ruleSet: RULE_SET_VERSION } }),
);
