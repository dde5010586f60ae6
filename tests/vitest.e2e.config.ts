import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    include: ['e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A failed test says where its pages were and what they waited on.
    setupFiles: ['support/e2e-failure-report.ts'],
    // A first page load (lazy chunks, language files) can take seconds on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
