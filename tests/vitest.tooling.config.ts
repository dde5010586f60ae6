import { defineConfig } from 'vitest/config';

// The test tooling's own unit tests (hack/test-summary-lib.mjs, the fuzz verdict): no test bed,
// run early by make test.
export default defineConfig({
  test: {
    include: ['tooling/**/*.test.ts'],
    // Caps against a hang, not speed checks: `make test` runs this tier at nice 10 beside the
    // test-bed tiers; with builds above it in priority (3ba445c, reverted), parsing every console
    // source (378 ms alone) took over the default 5 s.
    testTimeout: 60_000,
  },
});
