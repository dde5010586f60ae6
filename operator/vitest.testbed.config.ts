import { defineConfig } from 'vitest/config';

// Operator tests that end in the test bed's real API servers; `make test` runs them after
// bringing the test bed up.
export default defineConfig({
  test: {
    include: ['src/**/*.testbed.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
