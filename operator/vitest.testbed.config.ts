import { defineConfig } from 'vitest/config';

// Operator tests that end in the test bed's real API servers; `make test` runs them after
// bringing the test bed up.
export default defineConfig({
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    // Every response is checked against its declared schema (api/): drift fails a test.
    env: { NIMBUS_CONTRACT_CHECK: 'strict' },
    include: ['src/**/*.testbed.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
