// The run's seed and size: printed at the start and the end, set by NIMBUS_FUZZ_SEED and
// NIMBUS_FUZZ_RUNS, so a failure found with one seed is found again with it.
import { createHash } from 'node:crypto';

function integerFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${text}`);
  return value;
}

const defaultSeed = 20_261_128;

export const fuzzOptions = {
  /**
   * The run's seed: every operation's and caller's own seed derives from it. Fixed by default,
   * so `make test` sends the same requests every time; set it to explore other cases.
   */
  seed: integerFromEnv('NIMBUS_FUZZ_SEED') ?? defaultSeed,
  /** Generated cases per operation and caller. */
  runs: integerFromEnv('NIMBUS_FUZZ_RUNS') ?? 4,
  /** Shrink a failing case to a smaller one (more requests; off in `make test`). */
  shrink: process.env.NIMBUS_FUZZ_SHRINK === '1',
  /** Longest wait for one answer: anything slower counts as no answer. */
  requestTimeoutMs: integerFromEnv('NIMBUS_FUZZ_TIMEOUT_MS') ?? 30_000,
};

/**
 * The seed of one operation and caller: independent of which other operations run, so a single
 * operation (vitest -t) is generated exactly as in the whole run.
 */
export function seedFor(operationId: string, caller: string): number {
  const digest = createHash('sha256')
    .update(`${fuzzOptions.seed}/${operationId}/${caller}`)
    .digest();
  return digest.readInt32BE(0);
}
