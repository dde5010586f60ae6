import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Tests start loopback servers; keep them in separate workers but few, the machine is small.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 15_000,
  },
});
