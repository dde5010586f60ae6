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
      // Two workers: 96 s instead of 148 s alone on 2 cores. Two earlier fresh-clone runs with
      // two workers beside the install tier saw the release's Service silent through its
      // ClusterIP; the likeliest cause is the probe's kept-alive connection to the sandbox's
      // answer for unprogrammed addresses, and the probe now opens a connection per request and
      // reports kube-proxy's rules on failure (docs/testing.md, "Where the time goes").
      maxWorkers: 2,
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
