/**
 * Deployment configuration and per-route settings: EU-only region and Bedrock
 * profile, context over environment, defaults for routes the table does not list.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertEuModelProfile, DEFAULT_BEDROCK_MODEL_ID, REPO_ROOT, resolveDeployConfig } from '../../infra/config.js';
import { assertEuRegion, DEFAULT_REGION, DEPLOYMENT_REGIONS, EU_REGIONS } from '../../infra/eu-regions.js';
import { DEFAULT_SETTINGS, ROUTE_SETTINGS, settingsFor, type RouteLike } from '../../infra/route-settings.js';

const ctx = (values: Record<string, unknown>) => (key: string) => values[key];

describe('region guard', () => {
  it.each(['us-east-1', 'eu-west-2', 'eu-central-2', 'il-central-1', 'me-central-1', ''])('refuses %s', (region) => {
    expect(() => assertEuRegion(region)).toThrow(/outside the European Union/);
  });
  it.each(['eu-south-1', 'eu-south-2', 'eu-north-1'])('refuses %s: in the EU, but no Textract AnalyzeExpense there', (region) => {
    expect(() => assertEuRegion(region)).toThrow(/offers no Amazon Textract/);
  });
  it.each([...DEPLOYMENT_REGIONS])('accepts %s', (region) => {
    expect(() => assertEuRegion(region)).not.toThrow();
  });
  it('deploys only to EU regions, exactly Ireland, Paris and Frankfurt', () => {
    expect([...DEPLOYMENT_REGIONS].sort()).toEqual(['eu-central-1', 'eu-west-1', 'eu-west-3']);
    for (const r of DEPLOYMENT_REGIONS) expect(EU_REGIONS).toContain(r);
  });
});

describe('resolveDeployConfig', () => {
  it('defaults to eu-west-3, the EU Nova Lite profile and the repository\'s schemas/', () => {
    const config = resolveDeployConfig(ctx({}), {});
    expect(config.region).toBe(DEFAULT_REGION);
    expect(config.region).toBe('eu-west-3');
    expect(config.bedrockModelId).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(config.schemaSourceDir).toBe(resolve(REPO_ROOT, 'schemas'));
    expect(config.sourceMaps).toBe(false);
  });

  it('turns source maps on only when the sourceMaps context says true', () => {
    expect(resolveDeployConfig(ctx({ sourceMaps: 'true' }), {}).sourceMaps).toBe(true);
    expect(resolveDeployConfig(ctx({ sourceMaps: true }), {}).sourceMaps).toBe(true);
    expect(resolveDeployConfig(ctx({ sourceMaps: 'false' }), {}).sourceMaps).toBe(false);
    expect(() => resolveDeployConfig(ctx({ sourceMaps: 'yes' }), {})).toThrow(/sourceMaps/);
  });

  it('takes the region from context before CDK_REGION, and refuses non-EU regions from either', () => {
    expect(resolveDeployConfig(ctx({ region: 'eu-central-1' }), { CDK_REGION: 'eu-west-1' }).region).toBe('eu-central-1');
    expect(resolveDeployConfig(ctx({}), { CDK_REGION: 'eu-west-1' }).region).toBe('eu-west-1');
    expect(() => resolveDeployConfig(ctx({}), { CDK_REGION: 'eu-north-1' })).toThrow(/offers no Amazon Textract/);
    expect(() => resolveDeployConfig(ctx({ region: 'us-east-1' }), {})).toThrow(/outside the European Union/);
    expect(() => resolveDeployConfig(ctx({}), { CDK_REGION: 'eu-west-2' })).toThrow(/outside the European Union/);
  });

  it('accepts EU inference profiles only for Bedrock', () => {
    expect(resolveDeployConfig(ctx({ bedrockModelId: 'eu.anthropic.claude-3-haiku-20240307-v1:0' }), {}).bedrockModelId).toBe('eu.anthropic.claude-3-haiku-20240307-v1:0');
    for (const id of ['us.amazon.nova-lite-v1:0', 'global.anthropic.claude-sonnet-4-v1:0', 'amazon.nova-lite-v1:0', 'eu.']) {
      expect(() => assertEuModelProfile(id), id).toThrow(/EU cross-region inference profile/);
    }
    expect(() => resolveDeployConfig(ctx({}), { BEDROCK_MODEL_ID: 'us.amazon.nova-lite-v1:0' })).toThrow(/EU/);
  });

  it('refuses customer keys in deploy-time context, pointing to the keys command', () => {
    expect(() => resolveDeployConfig(ctx({ apiKeys: '[{"name":"acme","plan":"business"}]' }), {})).toThrow(/npm run keys -- create --plan <plan> --aws/);
    expect(() => resolveDeployConfig(ctx({ apiKeys: [] }), {})).toThrow(/no longer read/);
  });

  it('takes the schema source from context or SCHEMA_SOURCE_DIR, relative to the repository', () => {
    expect(resolveDeployConfig(ctx({ schemaDir: '/abs/schemas' }), {}).schemaSourceDir).toBe('/abs/schemas');
    expect(resolveDeployConfig(ctx({}), { SCHEMA_SOURCE_DIR: 'vendor/xsd' }).schemaSourceDir).toBe(`${REPO_ROOT}/vendor/xsd`);
  });

  it('refuses a WAF v1 limit under the WAF minimum of 10', () => {
    expect(() => resolveDeployConfig(ctx({ wafV1IpLimit: '5' }), {})).toThrow(/>= 10/);
    expect(resolveDeployConfig(ctx({ wafV1IpLimit: '120' }), {}).wafV1IpLimit).toBe(120);
  });
});

describe('settingsFor', () => {
  const route = (name: string, path: string): RouteLike => ({ method: 'POST', path, name, entry: 'functions/x.ts' });

  it('uses the table row of a known route', () => {
    for (const [name, row] of Object.entries(ROUTE_SETTINGS)) {
      expect(settingsFor(route(name, row.auth ? `/api/v1/${name}` : `/api/v2/${name}`)), name).toMatchObject(row);
    }
    expect(settingsFor(route('v2-pdf', '/api/v2/pdf')).binary).toBe(true);
    expect(settingsFor(route('v1-convert', '/api/v1/convert'))).toMatchObject({ auth: true, extraction: true, idempotency: true });
  });

  it('gives an unknown route the defaults, with auth decided by its path', () => {
    expect(settingsFor(route('something-new', '/api/v2/new'))).toEqual({ ...DEFAULT_SETTINGS, auth: false });
    expect(settingsFor(route('something-new', '/api/v1/new'))).toEqual({ ...DEFAULT_SETTINGS, auth: true });
  });

  it('refuses values Lambda or API Gateway would refuse', () => {
    expect(() => settingsFor(route('x', '/api/v2/x'), { x: { timeoutSeconds: 60 } })).toThrow(/1\.\.29/);
    expect(() => settingsFor(route('x', '/api/v2/x'), { x: { memoryMb: 64 } })).toThrow(/128\.\.10240/);
    expect(() => settingsFor(route('x', '/api/v1/x'), { x: { auth: false } })).toThrow(/API key/);
    expect(() => settingsFor(route('x', '/api/v2/x'), { x: { idempotency: true } })).toThrow(/needs auth/);
  });
});
