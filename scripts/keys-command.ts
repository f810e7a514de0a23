/**
 * The `npm run keys` commands over any {@link KeyAdmin}: the local store
 * (default) or, with `--aws`, the deployed stack (adapters/aws/keys).
 *
 *   create --plan <free|starter|business> [--label <text>] [--aws]
 *       Creates a key. The key is printed once, alone on the last line
 *       (`npm run -s keys -- create --plan starter | tail -1`); it is never stored in clear.
 *   list [--aws]
 *       id, plan, label, created, revoked, and this month's usage; never the key.
 *   revoke <id> [--aws]
 *       Revokes the key with that id.
 *
 * Locally the store lives in DATA_DIR (default `.data/` under the project
 * root), in the SQLite database the server uses: the command works while the
 * server runs, and the server sees a new or revoked key at its next request.
 * With `--aws`: `--stack` (default FacturXService, the usage plans are
 * `<stack>-<plan>`), `--region` (default AWS_REGION, else eu-west-3) and
 * `--credits-table` (default CREDITS_TABLE; the stack output
 * `CreditsTableName`), with the caller's AWS credentials.
 */
import { parseArgs } from 'node:util';
import { isPlan, PLANS, type KeyAdmin, type KeyUsage } from '../lib/keys/store.js';

export const USAGE = `Usage:
  npm run keys -- create --plan <${PLANS.join('|')}> [--label <text>] [--aws]
  npm run keys -- list [--aws]
  npm run keys -- revoke <id> [--aws]
Local store: DATA_DIR (default .data/ under the project root).
AWS (--aws): [--stack <name>] (default FacturXService) [--region <region>] (default AWS_REGION, else eu-west-3)
  [--credits-table <name>] (default CREDITS_TABLE: the stack output CreditsTableName).`;

/** A mistake in the command line (exit status 2, with the usage). */
export class UsageError extends Error {}

/** The parsed command line. */
export interface KeysArgs {
  command: string | undefined;
  rest: string[];
  plan?: string | undefined;
  label?: string | undefined;
  aws: boolean;
  stack: string;
  region?: string | undefined;
  creditsTable?: string | undefined;
}

/** Parses the arguments (throws UsageError or Node's ERR_PARSE_ARGS_* errors). */
export function parseKeysArgs(argv: string[]): KeysArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      plan: { type: 'string' },
      label: { type: 'string' },
      aws: { type: 'boolean' },
      stack: { type: 'string' },
      region: { type: 'string' },
      'credits-table': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const aws = values.aws === true;
  if (!aws && (values.stack !== undefined || values.region !== undefined || values['credits-table'] !== undefined)) {
    throw new UsageError('--stack, --region and --credits-table go with --aws.');
  }
  const [command, ...rest] = positionals;
  return { command, rest, plan: values.plan, label: values.label, aws, stack: values.stack ?? 'FacturXService', region: values.region, creditsTable: values['credits-table'] };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows.map((r) => r.map((cell, col) => cell.padEnd(widths[col]!)).join('  ').trimEnd()).join('\n');
}

function listing(keys: KeyUsage[]): string {
  if (keys.length === 0) return 'No keys.';
  const rows = keys.map((k) => [k.id, k.plan, k.label ?? '-', k.createdAt, k.revokedAt ?? '-', `${k.used}/${k.quota} (${k.period})`]);
  return table([['ID', 'PLAN', 'LABEL', 'CREATED', 'REVOKED', 'USED THIS MONTH'], ...rows]);
}

/** Where the command writes. */
export interface KeysOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command against `admin`; returns the exit status. */
export async function runKeysCommand(admin: KeyAdmin, args: KeysArgs, io: KeysOutput): Promise<number> {
  const { command, rest } = args;
  switch (command) {
    case 'create': {
      if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
      if (!isPlan(args.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
      const { key, record } = await admin.createKey(args.plan, args.label);
      io.out(`Created ${record.id} on plan ${record.plan}${record.label ? ` (${record.label})` : ''}. The key is shown only this once; store it now:`);
      io.out(key);
      return 0;
    }
    case 'list': {
      if (rest.length > 0 || args.plan !== undefined || args.label !== undefined) throw new UsageError('list takes no arguments.');
      io.out(listing(await admin.listKeys()));
      return 0;
    }
    case 'revoke': {
      const [id, ...extra] = rest;
      if (id === undefined || extra.length > 0 || args.plan !== undefined || args.label !== undefined) throw new UsageError('revoke takes exactly one key id.');
      const record = await admin.revokeKey(id);
      if (!record) {
        io.err(`No key with id ${id}. See: npm run keys -- list${args.aws ? ' --aws' : ''}`);
        return 1;
      }
      io.out(`Revoked ${record.id} (${record.plan}${record.label ? `, ${record.label}` : ''}) at ${record.revokedAt ?? '?'}.`);
      return 0;
    }
    default:
      throw new UsageError(command === undefined ? 'No command given.' : `Unknown command: ${command}`);
  }
}
