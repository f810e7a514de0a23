/**
 * `npm start`: serves the API on localhost through the same Lambda handlers.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1; 0.0.0.0 to expose),
 * V2_RATE_LIMIT_PER_MINUTE (default 60, 0 disables), DATA_DIR (the v1 key store, default .data/),
 * RATE_LIMIT_PER_MINUTE and QUOTA_FREE / QUOTA_STARTER / QUOTA_BUSINESS (v1 limits).
 */
import { createApp } from './app.js';
import { dataDir, keyLimitsFromEnv, setKeyStore } from '../functions/_shared/key-store.js';
import { openLocalKeyStore } from '../lib/keys/local/local-key-store.js';

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
// The local key, quota and rate store (v1): durable in DATA_DIR; on the very first start it creates
// one development key and prints it, once.
let keyStore: Awaited<ReturnType<typeof openLocalKeyStore>>['store'] | undefined;
if (!process.env.CREDITS_TABLE) {
  try {
    const opened = await openLocalKeyStore({ dataDir: dataDir(), limits: keyLimitsFromEnv() });
    keyStore = opened.store;
    setKeyStore(opened.store);
    if (opened.developmentKey) {
      console.log(`Created the local key store in ${dataDir()} with one development API key (plan free). It is shown only now:`);
      console.log(`  X-API-Key: ${opened.developmentKey.key}`);
    }
  } catch (err) {
    console.error(`Cannot open the key store in ${dataDir()}: ${(err as Error).message}`);
    process.exit(1);
  }
}

const server = createApp({ v2RateLimitPerMinute: intFromEnv('V2_RATE_LIMIT_PER_MINUTE', 60) });

server.on('error', (err: NodeJS.ErrnoException) => {
  console.error(err.code === 'EADDRINUSE' ? `Port ${port} is in use; set PORT to another one.` : `Server error: ${err.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`Factur-X service listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}  (docs: /api/docs)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => {
      void (keyStore?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    });
    server.closeAllConnections();
  });
}
