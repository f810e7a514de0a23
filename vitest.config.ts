import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'functions/**/*.test.ts', 'server/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
