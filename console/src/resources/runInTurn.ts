/** Where one item of a batch stands. */
export type Outcome = 'pending' | 'running' | 'done' | 'failed';

/**
 * Runs `run` on each target in turn (one at a time: a batch must not flood a member), reporting
 * each outcome by the target's key; a failure does not stop the others.
 */
export async function runInTurn<T>(
  targets: readonly T[],
  keyOf: (target: T) => string,
  run: (target: T) => Promise<unknown>,
  report: (key: string, outcome: Outcome) => void,
): Promise<void> {
  for (const target of targets) {
    const key = keyOf(target);
    report(key, 'running');
    try {
      await run(target);
      report(key, 'done');
    } catch {
      report(key, 'failed');
    }
  }
}
