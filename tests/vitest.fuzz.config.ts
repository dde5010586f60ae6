import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    include: ['fuzz/**/*.test.ts'],
    // One operation: every caller's cases in turn, each answer allowed the request timeout.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
