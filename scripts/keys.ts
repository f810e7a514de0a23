/**
 * `npm run keys -- <command>`: manages the API keys of the local store.
 *
 *   create --plan <free|starter|business> [--label <text>]
 *       Creates a key. The key is printed once, alone on the last line
 *       (`npm run -s keys -- create --plan starter | tail -1`); only its hash is kept.
 *   list
 *       id, plan, label, created, revoked, and this month's usage; never the key.
 *   revoke <id>
 *       Revokes the key with that id (`key_...`).
 *
 * The store lives in DATA_DIR (default `.data/` under the project root). It
 * is locked by the process that has it open: stop the server first.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { KeyStoreLockedError } from '../lib/keys/errors.js';
import { openLocalKeyStore, type LocalKeyStore } from '../lib/keys/local/local-key-store.js';
import { isPlan, PLANS, type KeyUsage } from '../lib/keys/store.js';

const USAGE = `Usage:
  npm run keys -- create --plan <${PLANS.join('|')}> [--label <text>]
  npm run keys -- list
  npm run keys -- revoke <id>
Environment: DATA_DIR (default .data/ under the project root).`;

class UsageError extends Error {}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows.map((r) => r.map((cell, col) => cell.padEnd(widths[col]!)).join('  ').trimEnd()).join('\n');
}

function listing(keys: KeyUsage[]): string {
  if (keys.length === 0) return 'No keys.';
  const rows = keys.map((k) => [k.id, k.plan, k.label ?? '-', k.createdAt, k.revokedAt ?? '-', `${k.used}/${k.quota} (${k.period})`]);
  return table([['ID', 'PLAN', 'LABEL', 'CREATED', 'REVOKED', 'USED THIS MONTH'], ...rows]);
}

async function run(store: LocalKeyStore, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { plan: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  switch (command) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
      if (!isPlan(values.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
      const { key, record } = await store.createKey(values.plan, values.label);
      console.log(`Created ${record.id} on plan ${record.plan}${record.label ? ` (${record.label})` : ''}. The key is shown only this once; store it now:`);
      console.log(key);
      return 0;
    }
    case 'list': {
      if (rest.length > 0 || values.plan !== undefined || values.label !== undefined) throw new UsageError('list takes no arguments.');
      console.log(listing(await store.listKeys()));
      return 0;
    }
    case 'revoke': {
      const [id, ...extra] = rest;
      if (id === undefined || extra.length > 0 || values.plan !== undefined || values.label !== undefined) throw new UsageError('revoke takes exactly one key id.');
      const record = await store.revokeKey(id);
      if (!record) {
        console.error(`No key with id ${id}. See: npm run keys -- list`);
        return 1;
      }
      console.log(`Revoked ${record.id} (${record.plan}${record.label ? `, ${record.label}` : ''}) at ${record.revokedAt ?? '?'}.`);
      return 0;
    }
    default:
      throw new UsageError(command === undefined ? 'No command given.' : `Unknown command: ${command}`);
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
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
    return await run(store, argv);
  } catch (err) {
    if (err instanceof UsageError || String((err as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS') || err instanceof RangeError) {
      console.error(`${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  } finally {
    await store.close();
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
