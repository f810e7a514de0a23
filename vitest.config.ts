import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests read the shared corpus from SHARED_DIR (default ../shared beside the repository); the handlers find the
// XSDs through SCHEMA_DIR, unless set the repository's schemas/ (the runtime copy: the CII and Factur-X files are
// byte for byte those of ../shared/schemas, test/infra/runtime-assets.test.ts; only it has the UBL 2.1 schemas).
process.env.SCHEMA_DIR ??= resolve(import.meta.dirname, 'schemas');
// The v1 key store of handler tests lives in a fresh temporary directory, never in the project's .data/.
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'facturx-test-data-'));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'functions/**/*.test.ts', 'server/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
