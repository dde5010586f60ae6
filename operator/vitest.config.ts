import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (package.json "source" condition).
export default defineConfig({
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    // Every response is checked against its declared schema (api/): drift fails a test.
    env: { NIMBUS_CONTRACT_CHECK: 'strict' },
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Tests start loopback servers; keep them in separate workers but few, the machine is small.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 15_000,
  },
});
