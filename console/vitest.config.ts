import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['tests/setup.ts'],
      restoreMocks: true,
      // antd forms under jsdom on a busy 2-core machine can take seconds per test.
      testTimeout: 20_000,
    },
  }),
);
