import { defineConfig } from 'vitest/config';

// The test tooling's own unit tests (hack/test-summary-lib.mjs, the fuzz verdict): no test bed,
// run early by make test.
export default defineConfig({
  test: {
    include: ['tooling/**/*.test.ts'],
  },
});
