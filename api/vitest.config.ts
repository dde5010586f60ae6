import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    // Caps against a hang, not speed checks: `make test` runs this tier at nice 10 beside the
    // test-bed tiers (hack/test.sh), where a default 5 s cap can fail a CPU-bound test.
    testTimeout: 60_000,
  },
});
