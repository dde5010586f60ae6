// Vitest's order on a fresh clone: with no durations cached from an earlier run, it starts the
// largest files first. The slowest end-to-end file is one of the smallest (it loops over the
// route table), so it started last and ended a minute after the other worker
// (docs/testing.md "End to end, two files at a time").
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A sequencer that starts `slowest` (paths relative to the config, slowest first) first. */
export function longestFirst(slowest: readonly string[]): typeof BaseSequencer {
  const rank = (spec: TestSpecification): number => {
    const at = slowest.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
    return at < 0 ? slowest.length : at;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Stable: the other files keep vitest's own order.
      return sorted
        .map((spec, index) => ({ spec, index }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}
