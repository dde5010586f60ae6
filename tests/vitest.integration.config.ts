import { configDefaults, defineConfig } from 'vitest/config';
import { integrationLanes } from './integration/lanes.js';

const files = (names: readonly string[]): string[] =>
  names.map((name) => `integration/${name}.test.ts`);

export default defineConfig({
  // @nimbus/api resolves to its TypeScript sources.
  resolve: { conditions: ['nimbus-source'] },
  ssr: { resolve: { conditions: ['nimbus-source'] } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each project lists its files: a project that extends this config would add its include
    // to one here. One file at a time within a project. `make test` runs the projects `side-a`
    // and `side-b` in two processes at once, then `alone` (integration/lanes.ts,
    // docs/testing.md); without --project every file runs one at a time.
    fileParallelism: false,
    // A fresh worker per file as before, but a thread rather than a process: about a CPU-second
    // less per file on these 2-core machines, where the lanes run beside the unit tiers
    // (docs/testing.md "Where the time goes").
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'alone', include: files(integrationLanes.alone) } },
      { extends: true, test: { name: 'side-a', include: files(integrationLanes.sideA) } },
      {
        extends: true,
        test: {
          name: 'side-b',
          include: ['integration/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...files([...integrationLanes.alone, ...integrationLanes.sideA]),
          ],
        },
      },
    ],
  },
});
