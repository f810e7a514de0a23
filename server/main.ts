/**
 * `npm start`: serves the API on localhost through the same Lambda handlers.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1; 0.0.0.0 to expose),
 * WORKERS (processes serving requests, default one per CPU core, at most 8),
 * V2_RATE_LIMIT_PER_MINUTE (default 60, 0 disables), DATA_DIR (the v1 key store, default .data/),
 * RATE_LIMIT_PER_MINUTE and QUOTA_FREE / QUOTA_STARTER / QUOTA_BUSINESS (v1 limits).
 *
 * With several workers (node:cluster, sharing the port), the primary process
 * prepares the local state before it forks them (opens the v1 key store once:
 * the move of an older version's files into the database, the development key
 * of a new store; fails the jobs a stopped run left), then every worker opens
 * the same SQLite database itself (lib/local-db/database.ts), which keeps the
 * v1 keys, quotas, rates and jobs exact across them. The v2 per-address rate
 * limiter lives in the primary; workers use it over IPC (./rpc.ts).
 */
import cluster from 'node:cluster';
import os from 'node:os';
import { dataDir, keyLimitsFromEnv, setKeyStore } from '../functions/_shared/key-store.js';
import { sweepLocalJobs } from '../functions/_shared/jobs.js';
import { openLocalKeyStore, type LocalKeyStore } from '../lib/keys/local/local-key-store.js';
import { createApp } from './app.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import { remoteRateLimiter, serveWorker } from './rpc.js';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a non-negative integer, got "${raw}".`);
    process.exit(2);
  }
  return n;
}

const port = intFromEnv('PORT', 3000);
const host = process.env.HOST ?? '127.0.0.1';
const v2Limit = intFromEnv('V2_RATE_LIMIT_PER_MINUTE', 60);
/** How long a stopping process waits for its workers (or its own requests) before it ends them. */
const SHUTDOWN_GRACE_MS = 5_000;
const workers = Math.max(1, Math.min(8, intFromEnv('WORKERS', os.availableParallelism())));

/** Opens the local key store (v1): durable in DATA_DIR; the very first start creates one development key and prints it, once. */
async function openKeyStore(): Promise<LocalKeyStore | undefined> {
  if (process.env.CREDITS_TABLE) return undefined;
  try {
    const opened = await openLocalKeyStore({ dataDir: dataDir(), limits: keyLimitsFromEnv(), createDevelopmentKey: !cluster.isWorker });
    if (opened.developmentKey) {
      console.log(`Created the local key store in ${dataDir()} with one development API key (plan free). It is shown only now:`);
      console.log(`  X-API-Key: ${opened.developmentKey.key}`);
    }
    return opened.store;
  } catch (err) {
    console.error(`Cannot open the key store in ${dataDir()}: ${(err as Error).message}`);
    process.exit(1);
  }
}

/**
 * Asynchronous jobs a previous run left queued or running are failed (JOB_INTERRUPTED; no credit was taken, the key
 * store gave their reservations back when it opened); jobs past 24 hours are deleted. Once, before any worker serves.
 */
async function sweepJobs(): Promise<void> {
  try {
    const swept = await sweepLocalJobs();
    if (swept && swept.interrupted > 0) console.log(`${swept.interrupted} asynchronous job(s) interrupted by the last stop were marked failed (no credit taken).`);
  } catch (err) {
    console.error(`Cannot sweep the local jobs in ${dataDir()}: ${(err as Error).message}`);
    process.exit(1);
  }
}

function announce(actualPort: number): void {
  console.log(`Factur-X service listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}  (docs: /api/docs; ${workers} worker${workers === 1 ? '' : 's'})`);
}

function listen(server: ReturnType<typeof createApp>, onListening: (port: number) => void): void {
  server.on('error', (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${port} is in use; set PORT to another one.` : `Server error: ${err.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address();
    onListening(typeof address === 'object' && address ? address.port : port);
  });
}

if (workers > 1 && cluster.isPrimary) {
  // Primary: owns the exact shared state, forks the workers, restarts a worker that dies.
  // Workers accept on the shared socket themselves. With round-robin the primary accepts and hands each connection
  // over, and holds it open for ever when the worker dies (kill -9) before acknowledging it: the client then waits
  // with no answer (seen in the kill -9 campaign, docs/RELIABILITY.md). An unaccepted connection in the shared queue
  // is taken by a live worker instead.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Once, before the workers: the migration of older files, the development key, the credits of a killed run given back.
  await (await openKeyStore())?.close();
  await sweepJobs();
  const limiter = new SlidingWindowLimiter(v2Limit);
  let announced = false;
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    serveWorker(worker, limiter);
    worker.on('message', (m: { t?: string; port?: number }) => {
      if (m?.t === 'fx-listening' && !announced) {
        announced = true;
        announce(m.port ?? port);
      }
    });
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    fork();
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      // Workers finish what they answer; one that does not stop within the grace period (a stuck event loop) is killed,
      // so no worker outlives the server.
      const workersLeft = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      const exited = Promise.all(workersLeft.map((w) => new Promise<void>((done) => (w.isDead() ? done() : w.once('exit', () => done())))));
      for (const w of workersLeft) w.process.kill('SIGTERM');
      const grace = setTimeout(() => {
        for (const w of workersLeft) if (!w.isDead()) w.process.kill('SIGKILL');
      }, SHUTDOWN_GRACE_MS);
      void exited.then(() => clearTimeout(grace)).finally(() => process.exit(0));
    });
  }
} else {
  const isWorker = cluster.isWorker;
  // Each process opens the database itself; a new worker's open also gives back what a killed one held.
  const store = await openKeyStore();
  if (store) setKeyStore(store);
  if (!isWorker) await sweepJobs();
  const server = createApp({ v2RateLimitPerMinute: v2Limit, ...(isWorker && v2Limit > 0 ? { rateLimiter: remoteRateLimiter() } : {}) });
  listen(server, (actual) => (isWorker ? process.send?.({ t: 'fx-listening', port: actual }) : announce(actual)));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      server.close(() => {
        void (store?.close() ?? Promise.resolve()).finally(() => process.exit(0));
      });
      server.closeAllConnections();
      // Whatever still holds the process (a job past its budget, a socket) does not keep it from stopping.
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    });
  }
}
