import { defineConfig } from 'vitest/config';

// charts/nimbus installed for real on the test bed's real node (hack/test.sh, install tier).
export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    include: ['install/**/*.test.ts'],
    // helm install/upgrade --wait and pod restarts on a shared 2-core machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
