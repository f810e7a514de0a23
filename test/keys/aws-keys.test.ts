/**
 * `npm run keys -- create|list|revoke --aws` (issue 14, point 5) against
 * mocked API Gateway and DynamoDB clients (aws-sdk-client-mock): the API key,
 * the usage-plan key and the credits-table record, undone when a step fails;
 * the listing of this stack's keys with this month's credits, never a key
 * value; revocation detaching, disabling and recording.
 */
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlanKeysCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { AwsKeyAdmin, STACK_TAG, UsagePlanNotFoundError } from '../../adapters/aws/keys/aws-key-admin.js';
import { parseKeysArgs, runKeysCommand, UsageError } from '../../scripts/keys-command.js';
import { runTsx } from './support.js';

const apigw = mockClient(APIGatewayClient);
const ddb = mockClient(DynamoDBDocumentClient);
const STACK = 'FacturXService';
const TABLE = 'FacturXService-Credits-1ABC';
const KEY = 'fx_live_0123456789abcdefghijABCDEFGHIJKL';
const PLAN_IDS = { free: 'pl0free', starter: 'pl1start', business: 'pl2biz' };

function admin() {
  const region = { region: 'eu-west-3', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } };
  return new AwsKeyAdmin({
    apiGateway: new APIGatewayClient(region),
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient(region)),
    stackName: STACK,
    creditsTable: TABLE,
    clock: () => new Date('2026-11-15T10:00:00.000Z'),
    generateKey: () => KEY,
  });
}

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runKeysCommand(admin(), parseKeysArgs(argv), { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(l) });
  return { status, out, err };
}

/** The plans as GET /usageplans answers, over two pages, with another stack's plan among them. */
function usagePlans() {
  apigw
    .on(GetUsagePlansCommand, { limit: 500 })
    .resolves({ items: [{ id: 'other1', name: 'OtherStack-free' }, { id: PLAN_IDS.free, name: `${STACK}-free` }], position: 'p2' })
    .on(GetUsagePlansCommand, { limit: 500, position: 'p2' })
    .resolves({ items: [{ id: PLAN_IDS.starter, name: `${STACK}-starter` }, { id: PLAN_IDS.business, name: `${STACK}-business` }] });
}

beforeEach(() => {
  apigw.reset();
  ddb.reset();
});

describe('keys create --aws', () => {
  it('creates the API key with a generated value and the stack tag, attaches it to the plan, records it, and prints the key alone on the last line', async () => {
    usagePlans();
    apigw.on(CreateApiKeyCommand).resolves({ id: 'k9x8y7', enabled: true });
    apigw.on(CreateUsagePlanKeyCommand).resolves({ id: 'k9x8y7', type: 'API_KEY' });
    ddb.on(PutCommand).resolves({});

    const { status, out } = await run(['create', '--plan', 'starter', '--label', 'ACME SARL', '--aws']);

    expect(status).toBe(0);
    expect(out.at(-1)).toBe(KEY);
    expect(out[0]).toBe('Created k9x8y7 on plan starter (ACME SARL). The key is shown only this once; store it now:');
    const created = apigw.commandCalls(CreateApiKeyCommand)[0]!.args[0].input;
    expect(created).toMatchObject({ value: KEY, enabled: true, description: 'ACME SARL', tags: { [STACK_TAG]: STACK, 'facturx:plan': 'starter' } });
    expect(apigw.commandCalls(CreateUsagePlanKeyCommand)[0]!.args[0].input).toEqual({ usagePlanId: PLAN_IDS.starter, keyId: 'k9x8y7', keyType: 'API_KEY' });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: TABLE,
      Item: { pk: 'KEY#k9x8y7', sk: 'PROFILE', plan: 'starter', label: 'ACME SARL', createdAt: '2026-11-15T10:00:00.000Z' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('undoes the usage-plan key and the API key when the record cannot be written, and fails', async () => {
    usagePlans();
    apigw.on(CreateApiKeyCommand).resolves({ id: 'k9x8y7' });
    apigw.on(CreateUsagePlanKeyCommand).resolves({});
    ddb.on(PutCommand).rejects(Object.assign(new Error('User is not authorized to perform: dynamodb:PutItem'), { name: 'AccessDeniedException' }));
    apigw.on(DeleteUsagePlanKeyCommand).resolves({});
    apigw.on(DeleteApiKeyCommand).resolves({});

    await expect(run(['create', '--plan', 'free', '--aws'])).rejects.toThrow(/dynamodb:PutItem/);
    expect(apigw.commandCalls(DeleteUsagePlanKeyCommand).map((c) => c.args[0].input)).toEqual([{ usagePlanId: PLAN_IDS.free, keyId: 'k9x8y7' }]);
    expect(apigw.commandCalls(DeleteApiKeyCommand).map((c) => c.args[0].input)).toEqual([{ apiKey: 'k9x8y7' }]);
  });

  it('undoes the API key when it cannot be attached to the plan', async () => {
    usagePlans();
    apigw.on(CreateApiKeyCommand).resolves({ id: 'k1' });
    apigw.on(CreateUsagePlanKeyCommand).rejects(Object.assign(new Error('Too many requests'), { name: 'TooManyRequestsException' }));
    apigw.on(DeleteApiKeyCommand).resolves({});
    await expect(run(['create', '--plan', 'business', '--aws'])).rejects.toThrow(/Too many requests/);
    expect(apigw.commandCalls(DeleteUsagePlanKeyCommand)).toHaveLength(0);
    expect(apigw.commandCalls(DeleteApiKeyCommand).map((c) => c.args[0].input)).toEqual([{ apiKey: 'k1' }]);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('creates nothing when the stack\'s plans are not there (wrong region or stack name)', async () => {
    apigw.on(GetUsagePlansCommand).resolves({ items: [{ id: 'x', name: 'OtherStack-free' }] });
    await expect(run(['create', '--plan', 'free', '--aws'])).rejects.toBeInstanceOf(UsagePlanNotFoundError);
    expect(apigw.commandCalls(CreateApiKeyCommand)).toHaveLength(0);
  });
});

describe('keys list --aws', () => {
  it('lists this stack\'s keys (not other stacks\') with plan, label, dates and this month\'s credits, never a key value', async () => {
    usagePlans();
    apigw.on(GetApiKeysCommand).resolves({
      items: [
        { id: 'kB', name: 'b', enabled: true, createdDate: new Date('2026-10-02T00:00:00Z'), tags: { [STACK_TAG]: STACK, 'facturx:plan': 'free' } },
        { id: 'kA', name: 'a', enabled: true, createdDate: new Date('2026-09-01T00:00:00Z'), tags: { [STACK_TAG]: STACK, 'facturx:plan': 'starter' } },
        { id: 'kOther', name: 'o', enabled: true, createdDate: new Date('2026-09-01T00:00:00Z'), tags: { [STACK_TAG]: 'OtherStack' } },
        { id: 'kR', name: 'r', enabled: false, createdDate: new Date('2026-09-05T00:00:00Z'), tags: { [STACK_TAG]: STACK, 'facturx:plan': 'business' } },
      ],
    });
    apigw.on(GetUsagePlanKeysCommand, { usagePlanId: PLAN_IDS.free }).resolves({ items: [{ id: 'kB', type: 'API_KEY', name: 'b', value: 'fx_live_SECRETSECRETSECRETSECRETSECRET00' }] });
    apigw.on(GetUsagePlanKeysCommand, { usagePlanId: PLAN_IDS.starter }).resolves({ items: [{ id: 'kA', type: 'API_KEY', name: 'a', value: 'fx_live_SECRETSECRETSECRETSECRETSECRET01' }] });
    apigw.on(GetUsagePlanKeysCommand, { usagePlanId: PLAN_IDS.business }).resolves({ items: [] });
    ddb.on(GetCommand, { Key: { pk: 'KEY#kA', sk: 'PROFILE' } }).resolves({ Item: { plan: 'starter', label: 'ACME SARL', createdAt: '2026-09-01T00:00:00.000Z' } });
    ddb.on(GetCommand, { Key: { pk: 'KEY#kA', sk: 'MONTH#2026-11' } }).resolves({ Item: { used: 37 } });
    ddb.on(GetCommand, { Key: { pk: 'KEY#kB', sk: 'PROFILE' } }).resolves({ Item: { plan: 'free', createdAt: '2026-10-02T00:00:00.000Z' } });
    ddb.on(GetCommand, { Key: { pk: 'KEY#kB', sk: 'MONTH#2026-11' } }).resolves({});
    ddb.on(GetCommand, { Key: { pk: 'KEY#kR', sk: 'PROFILE' } }).resolves({ Item: { plan: 'business', createdAt: '2026-09-05T00:00:00.000Z', revokedAt: '2026-11-01T08:00:00.000Z' } });
    ddb.on(GetCommand, { Key: { pk: 'KEY#kR', sk: 'MONTH#2026-11' } }).resolves({ Item: { used: 3 } });

    const { status, out } = await run(['list', '--aws']);

    expect(status).toBe(0);
    expect(out[0]).toMatch(/^ID\s+PLAN\s+LABEL\s+CREATED\s+REVOKED\s+USED THIS MONTH$/);
    expect(out.slice(1).map((l) => l.split(/\s{2,}/))).toEqual([
      ['kA', 'starter', 'ACME SARL', '2026-09-01T00:00:00.000Z', '-', '37/1000 (2026-11)'],
      ['kR', 'business', '-', '2026-09-05T00:00:00.000Z', '2026-11-01T08:00:00.000Z', '3/10000 (2026-11)'],
      ['kB', 'free', '-', '2026-10-02T00:00:00.000Z', '-', '0/100 (2026-11)'],
    ]);
    expect(out.join('\n')).not.toContain('SECRET');
    expect(apigw.commandCalls(GetApiKeysCommand)[0]!.args[0].input).toMatchObject({ includeValues: false });
    for (const c of ddb.commandCalls(GetCommand)) expect(c.args[0].input).toMatchObject({ TableName: TABLE, ConsistentRead: true });
  });
});

describe('keys revoke --aws', () => {
  it('detaches the key from its plan, disables it and records the first revocation date', async () => {
    usagePlans();
    apigw.on(GetApiKeysCommand).resolves({ items: [{ id: 'kA', enabled: true, tags: { [STACK_TAG]: STACK } }] });
    apigw.on(GetUsagePlanKeysCommand).resolves({ items: [] });
    apigw.on(GetUsagePlanKeysCommand, { usagePlanId: PLAN_IDS.starter }).resolves({ items: [{ id: 'kA', type: 'API_KEY' }] });
    apigw.on(DeleteUsagePlanKeyCommand).resolves({});
    apigw.on(UpdateApiKeyCommand).resolves({});
    ddb.on(UpdateCommand).resolves({ Attributes: { plan: 'starter', label: 'ACME SARL', createdAt: '2026-09-01T00:00:00.000Z', revokedAt: '2026-11-15T10:00:00.000Z' } });

    const { status, out } = await run(['revoke', 'kA', '--aws']);

    expect(status).toBe(0);
    expect(out).toEqual(['Revoked kA (starter, ACME SARL) at 2026-11-15T10:00:00.000Z.']);
    expect(apigw.commandCalls(DeleteUsagePlanKeyCommand).map((c) => c.args[0].input)).toEqual([{ usagePlanId: PLAN_IDS.starter, keyId: 'kA' }]);
    expect(apigw.commandCalls(UpdateApiKeyCommand)[0]!.args[0].input).toEqual({ apiKey: 'kA', patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      TableName: TABLE,
      Key: { pk: 'KEY#kA', sk: 'PROFILE' },
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
    });
    expect(apigw.commandCalls(DeleteApiKeyCommand)).toHaveLength(0);
  });

  it('answers 1 for a key this stack does not have, touching nothing', async () => {
    usagePlans();
    apigw.on(GetApiKeysCommand).resolves({ items: [{ id: 'kOther', enabled: true, tags: { [STACK_TAG]: 'OtherStack' } }] });
    const { status, err } = await run(['revoke', 'kOther', '--aws']);
    expect(status).toBe(1);
    expect(err[0]).toContain('npm run keys -- list --aws');
    expect(apigw.commandCalls(DeleteUsagePlanKeyCommand)).toHaveLength(0);
    expect(apigw.commandCalls(UpdateApiKeyCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('keys command line', () => {
  it('takes --stack, --region and --credits-table only with --aws', () => {
    expect(parseKeysArgs(['list', '--aws', '--stack', 'Prod', '--credits-table', 't'])).toMatchObject({ aws: true, stack: 'Prod', creditsTable: 't' });
    expect(() => parseKeysArgs(['list', '--stack', 'Prod'])).toThrow(UsageError);
  });

  it('refuses --aws without a credits table (exit 2), before any AWS call', async () => {
    const r = await runTsx('scripts/keys.ts', ['list', '--aws'], { CREDITS_TABLE: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--credits-table');
  }, 60_000);
});
