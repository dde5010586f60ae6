/**
 * The oldest Node.js the operator runs on: `crypto.argon2` (password hashing) arrived in 24.7.
 * Kept equal to `engines.node` in the root package.json (a unit test holds them together).
 * Imports nothing, so `start.ts` can check before any module that needs a newer Node is linked.
 */
export const MINIMUM_NODE = '24.7.0';

function parts(version: string): number[] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? match.slice(1, 4).map(Number) : undefined;
}

function atLeast(have: number[], need: number[]): boolean {
  const differs = have.findIndex((n, i) => n !== need[i]);
  return differs < 0 || (have[differs] ?? 0) > (need[differs] ?? 0);
}

/** Why `version` (as in `process.versions.node`) cannot run the operator; undefined when it can. */
export function nodeVersionProblem(version: string, minimum = MINIMUM_NODE): string | undefined {
  const need = parts(minimum);
  if (!need) throw new Error(`the minimum Node.js version "${minimum}" is malformed`);
  const have = parts(version);
  if (have && atLeast(have, need)) return undefined;
  return (
    `Node.js ${minimum} or later is required (crypto.argon2 hashes the passwords); ` +
    `this is Node.js ${version}`
  );
}
