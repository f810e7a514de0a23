/**
 * `npm run fuzz`: the reliability campaign against the real local server
 * (`tsx server/main.ts`, cluster workers, a fresh key store in a temporary
 * DATA_DIR). Sends the hostile documents, then `--requests` seeded fuzzed
 * requests with `--concurrency` in flight, samples the resident memory of the
 * server's processes, and with `--kill N` sends kill -9 to a worker every N
 * requests and once to the primary at the end (then restarts the server on
 * the same store and checks it answers and kept its keys). Prints a summary
 * and exits 1 on any 5xx or answer outside the envelope.
 *
 *   npm run fuzz -- --requests 100000 --concurrency 8 --seed 7 --kill 5000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hostileCases, loadSeeds, nextCase, seededRandom, type FuzzCase } from './fuzz/cases.js';
import { runCampaign, sendCase, type FuzzOutcome } from './fuzz/run.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a non-negative integer.`);
    process.exit(2);
  }
  return n;
}

const requests = option('requests', 5000);
const concurrency = option('concurrency', 4);
const seed = option('seed', 20261125);
const killEvery = option('kill', 0);
const port = option('port', 3917);
const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'facturx-fuzz-'));

interface Running {
  child: ChildProcess;
  apiKey?: string;
}

/** Starts `npm start`'s server on `port` with the campaign's store; resolves once it listens. */
function startServer(): Promise<Running> {
  // Node itself with tsx's loader (not the tsx CLI, which would put a process between us and the primary).
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, V2_RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '0', QUOTA_FREE: '1000000', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolveStart, reject) => {
    const running: Running = { child };
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const key = /X-API-Key: (\S+)/.exec(out);
      if (key) running.apiKey = key[1];
      if (/listening on/.test(out)) resolveStart(running);
    });
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`The server stopped before listening (exit ${code}).`)));
  });
}

/** Resident memory of a process and its children, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return total;
}

/** The cluster workers of `pid` (its children running server/main.ts; tsx's esbuild service is another child). */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
      .filter((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('main.ts'));
  } catch {
    return [];
  }
}

const baseUrl = `http://127.0.0.1:${port}`;
const health: FuzzCase = { kind: 'health', method: 'GET', path: '/api/health', headers: {}, body: Buffer.alloc(0), v1: false };

/** Milliseconds until the server answers /api/health again. */
async function timeToHealthy(limitMs = 30_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const o = await sendCase(baseUrl, health, undefined, 2000);
    if (o.status === 200) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The server did not answer within ${limitMs} ms.`);
}

const seeds = loadSeeds();
let server = await startServer();
const apiKey = server.apiKey;
if (!apiKey) throw new Error('The server printed no development key.');
const idleMb = treeRssMb(server.child.pid!);
let peakMb = idleMb;
const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(server.child.pid!))), 100);

let hostileProblems = 0;
console.log(`Server up on ${baseUrl} (idle ${Math.round(idleMb)} MB). Hostile documents:`);
for (const c of hostileCases(seeds)) {
  const o = await sendCase(baseUrl, c, apiKey);
  const wrong = o.problem ?? (c.expect === 'refusal' && (o.status < 400 || o.status >= 500) ? `expected a 4xx refusal, got ${o.status}` : o.ms > 5000 ? 'slower than 5 s' : undefined);
  if (wrong) hostileProblems++;
  console.log(`  ${c.kind.padEnd(24)} ${o.status} in ${Math.round(o.ms)} ms${wrong ? `  PROBLEM: ${wrong}` : ''}`);
}

const random = seededRandom(seed);
const kills: number[] = [];
let sent = 0;
function* cases(): Generator<FuzzCase> {
  for (; sent < requests; ) {
    sent++;
    yield nextCase(random, seeds);
  }
}
const onOutcome = (o: FuzzOutcome) => {
  if (o.problem) console.log(`  ${o.kind} ${o.path}: ${o.problem}`);
  if (killEvery > 0 && sent % killEvery === 0 && sent < requests) {
    const worker = childPids(server.child.pid!)[0];
    if (worker) {
      process.kill(worker, 'SIGKILL');
      const at = performance.now();
      void timeToHealthy().then(() => kills.push(performance.now() - at));
    }
  }
};
const started = performance.now();
const stats = await runCampaign(baseUrl, cases(), { concurrency, apiKey, onOutcome });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
// Requests in flight on a killed worker lose their connection: counted apart from answers.
const lost = stats.problems.filter((p) => p.status === 0).length;

let primaryRestartMs: number | undefined;
if (killEvery > 0) {
  server.child.kill('SIGKILL');
  for (const pid of childPids(server.child.pid!)) process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 200));
  const at = performance.now();
  server = await startServer();
  primaryRestartMs = performance.now() - at + (await timeToHealthy());
  const v1 = await sendCase(baseUrl, { kind: 'v1', method: 'POST', path: '/api/v1/validate', headers: { 'Content-Type': 'application/json' }, body: Buffer.from(JSON.stringify({ invoiceData: seeds.invoice })), v1: true }, apiKey);
  if (v1.status !== 200) console.log(`  after the restart the key was refused: ${v1.status}`);
}
server.child.kill('SIGTERM');

console.log(`
${stats.requests} requests in ${seconds.toFixed(1)} s (${(stats.requests / seconds).toFixed(0)}/s), concurrency ${concurrency}, seed ${seed}
statuses ${JSON.stringify(stats.statuses)}
5xx ${stats.serverErrors}, 503 busy ${stats.busy}, answers outside the envelope or leaking ${stats.problems.length - lost}, connections lost to kill -9 ${lost}
latency p50 ${stats.p50Ms.toFixed(0)} ms, p99 ${stats.p99Ms.toFixed(0)} ms, max ${stats.maxMs.toFixed(0)} ms
server RSS (all processes) idle ${Math.round(idleMb)} MB, peak ${Math.round(peakMb)} MB
${killEvery > 0 ? `kill -9 of a worker: ${kills.length} times, back to healthy in median ${Math.round(kills.sort((a, b) => a - b)[Math.floor(kills.length / 2)] ?? 0)} ms, max ${Math.round(Math.max(0, ...kills))} ms; kill -9 of the primary: restarted and answering in ${Math.round(primaryRestartMs ?? 0)} ms` : 'no kill -9 (use --kill N)'}`);
process.exit(stats.serverErrors > 0 || stats.problems.length - lost > 0 || hostileProblems > 0 ? 1 : 0);
