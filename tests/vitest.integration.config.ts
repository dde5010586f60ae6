import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    include: ['integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
