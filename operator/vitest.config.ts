import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (package.json "source" condition).
export default defineConfig({
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    // Every response is checked against its declared schema (api/): drift fails a test.
    env: { NIMBUS_CONTRACT_CHECK: 'strict' },
    include: ['src/**/*.test.ts'],
    // A real PostgreSQL for the shared store's suites (docs/testing.md); tests take a database each.
    globalSetup: ['src/testing/postgres-global-setup.ts'],
    environment: 'node',
    // Each file still gets a fresh worker of its own (isolation), but a thread rather than a
    // process: on these 2-core machines a process per file cost a third more CPU (fork, a Node
    // start, its system time), and this tier runs beside the test bed tiers (docs/testing.md).
    pool: 'threads',
    maxWorkers: 2,
    // Caps against a hang, not speed checks: on a 2-core machine that also builds the test bed,
    // hashing passwords in a hook took over 10 s (the default hook cap) and failed the tier.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
