import { defineConfig } from 'vitest/config';

// The Helm chart rendered with the test bed's helm and dry-run against its hub (hack/helm-check.sh).
export default defineConfig({
  test: {
    include: ['chart/**/*.test.ts'],
    testTimeout: 60_000,
    fileParallelism: false,
  },
});
