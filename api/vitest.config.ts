import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    // Caps against a hang, not speed checks: `make test` runs this tier at nice 10 beside the
    // test bed's builds at nice 0 (hack/test.sh), where a default 5 s cap fails CPU-bound tests.
    testTimeout: 60_000,
  },
});
