/**
 * `npm run keys -- <command>`: manages API keys, of the local store or, with
 * `--aws`, of the deployed stack. Commands and options: scripts/keys-command.ts.
 */
import { resolve } from 'node:path';
import { KeyStoreLockedError } from '../lib/keys/errors.js';
import { openLocalKeyStore } from '../lib/keys/local/local-key-store.js';
import { parseKeysArgs, runKeysCommand, UsageError, USAGE, type KeysArgs, type KeysOutput } from './keys-command.js';

const io: KeysOutput = { out: (l) => console.log(l), err: (l) => console.error(l) };

async function runLocal(args: KeysArgs): Promise<number> {
  const dataDir = resolve(process.env.DATA_DIR || resolve(import.meta.dirname, '..', '.data'));
  let opened;
  try {
    opened = await openLocalKeyStore({ dataDir });
  } catch (err) {
    if (err instanceof KeyStoreLockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const { store, developmentKey } = opened;
  try {
    if (developmentKey) {
      // First use of this directory: the development key exists from now on and is shown only here.
      console.error(`Initialised the key store in ${dataDir} with a development key (${developmentKey.record.id}, plan free): ${developmentKey.key}`);
    }
    return await runKeysCommand(store, args, io);
  } finally {
    await store.close();
  }
}

async function runAws(args: KeysArgs): Promise<number> {
  const creditsTable = args.creditsTable ?? process.env.CREDITS_TABLE?.trim();
  if (!creditsTable) throw new UsageError('--aws needs the credits table: --credits-table <name> or CREDITS_TABLE (stack output CreditsTableName).');
  const region = args.region ?? process.env.AWS_REGION ?? 'eu-west-3';
  const [{ APIGatewayClient }, { DynamoDBClient }, { DynamoDBDocumentClient }, { AwsKeyAdmin }] = await Promise.all([
    import('@aws-sdk/client-api-gateway'),
    import('@aws-sdk/client-dynamodb'),
    import('@aws-sdk/lib-dynamodb'),
    import('../adapters/aws/keys/aws-key-admin.js'),
  ]);
  const admin = new AwsKeyAdmin({
    apiGateway: new APIGatewayClient({ region }),
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient({ region })),
    stackName: args.stack,
    creditsTable,
  });
  return runKeysCommand(admin, args, io);
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const args = parseKeysArgs(argv);
    return await (args.aws ? runAws(args) : runLocal(args));
  } catch (err) {
    if (err instanceof UsageError || String((err as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS') || err instanceof RangeError) {
      console.error(`${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    process.exitCode = 1;
  },
);
