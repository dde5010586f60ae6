import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/setup.ts'],
      // One module graph per worker, not per file: antd, React and the app's modules are loaded
      // once instead of 152 times (the tier took 310 s isolated, 117 s not, on 2 cores;
      // docs/testing.md). tests/setup.ts resets what a file leaves behind (the DOM, storage).
      isolate: false,
      // One worker (vitest's default on 2 cores), though two take 96 s instead of 148 s alone:
      // `make test` runs this tier beside the install tier, and both fresh-clone runs in which
      // the release's Service never answered through its ClusterIP had two workers there
      // (docs/testing.md, "Where the time goes").
      maxWorkers: 1,
      restoreMocks: true,
      // antd forms under jsdom on a busy 2-core machine can take tens of seconds per test (a
      // cap against a hang, above tests/setup.ts's 30 s wait for an element, not a speed check).
      testTimeout: 60_000,
      // Transformed like the app's own code, so it resolves its browser build (which uses the
      // app's React) instead of the Node build that bundles a React of its own.
      server: { deps: { inline: ['swagger-ui-react', '@prometheus-io/codemirror-promql'] } },
    },
    resolve: {
      // The ES module build the app bundles: the package's Node entry is CommonJS, which would
      // load a second @codemirror/state (CodeMirror then refuses the PromQL extension).
      alias: [
        {
          find: /^@prometheus-io\/codemirror-promql$/,
          replacement: '@prometheus-io/codemirror-promql/dist/esm/index.js',
        },
      ],
    },
  }),
);
