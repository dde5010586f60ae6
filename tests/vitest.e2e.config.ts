import { defineConfig } from 'vitest/config';
import { longestFirst } from './support/longest-first.js';

export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: a browser waits on the operator about as long as it computes, so
    // one file left a core idle. Each file keeps to its own users, organization, cluster
    // registration and namespace, and filters shared screens to them (docs/testing.md).
    fileParallelism: true,
    maxWorkers: 2,
    // The slowest files first, so that neither worker is left with one at the end: the
    // accessibility audit of every screen took 136 s of a 266 s tier, started last.
    sequence: {
      sequencer: longestFirst([
        'e2e/accessibility.test.ts',
        'e2e/accessibility-dialogs.test.ts',
        'e2e/identity-flow.test.ts',
      ]),
    },
    // A failed test says where its pages were and what they waited on.
    setupFiles: ['support/e2e-failure-report.ts'],
    // A first page load (lazy chunks, language files) can take seconds on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
