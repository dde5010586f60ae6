// The fuzz tier: every operation of the OpenAPI document the operator serves, driven with
// generated bad input (fast-check) as four callers. No answer may be a 5xx or missing, every
// answer is the envelope (or the declared download or upgrade), the operator stays alive and
// healthy after each operation, and its log never shows a secret the tier planted.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';
import type { FuzzBed } from './bed.js';
import { forgetThrottling, runPrefix, setUpBed, tearDownBed } from './bed.js';
import type { Caller } from './callers.js';
import type { FuzzCase, WireRequest } from './cases.js';
import { fuzzCases, wireRequest } from './cases.js';
import type { Operation } from './document.js';
import { loadDocument } from './document.js';
import { FuzzReport } from './report.js';
import { fuzzOptions, seedFor } from './run-options.js';
import { scanLog } from './secrets.js';
import { judge } from './verdict.js';
import { NoAnswer, send } from './wire.js';

const tokenInvalid = 9998;
const document = await loadDocument();
const base = new URL(testEnv.operatorUrl);
const prefix = runPrefix();
const reproduce = `NIMBUS_FUZZ_SEED=${fuzzOptions.seed} NIMBUS_FUZZ_RUNS=${fuzzOptions.runs}`;
// Writes that remove things go last, so what they remove is there for everything before them.
const operations = [...document.operations].sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);
const report = new FuzzReport(operations.length);
const logStart = existingSize(testEnv.operatorLog);
let bed: FuzzBed;

function existingSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

console.log(
  `fuzz: seed ${fuzzOptions.seed}, ${fuzzOptions.runs} cases per operation and caller, ` +
    `${operations.length} operations; reproduce with ${reproduce}`,
);

beforeAll(async () => {
  bed = await setUpBed(prefix);
}, 300_000);

afterAll(async () => {
  console.log(report.lines(`fuzz: seed ${fuzzOptions.seed} (${reproduce})`).join('\n'));
  if (bed) await tearDownBed(bed);
}, 300_000);

function operatorPid(): number {
  const file = join(dirname(testEnv.operatorLog), 'pid');
  return Number(readFileSync(file, 'utf8').trim());
}

/** The operator under test still runs and answers /healthz. */
async function operatorProblem(): Promise<string | undefined> {
  try {
    process.kill(operatorPid(), 0);
  } catch {
    return 'the operator process is gone';
  }
  // A connection of its own: a pooled one the server closed while idle proves nothing.
  return send(base, { method: 'GET', target: '/healthz', headers: {} }, 10_000)
    .then((answer) => (answer.status === 200 ? undefined : `/healthz answered ${answer.status}`))
    .catch((error: unknown) => `/healthz failed: ${String(error)}`);
}

function masked(text: string): string {
  let out = text;
  for (const secret of bed.secrets.values) out = out.replaceAll(secret, '<planted secret>');
  return out;
}

function describeRequest(request: WireRequest, fuzz: FuzzCase): string {
  const body = request.body ? request.body.subarray(0, 300).toString('utf8') : '';
  const size = request.body ? ` (${request.body.length} bytes)` : '';
  return masked(
    `${request.method} ${request.target.slice(0, 300)}\n    body ${fuzz.encoding}${size}: ${body}`,
  );
}

/** Runs the operation's cases as one caller; returns what went wrong, if anything. */
async function fuzzAs(caller: Caller, operation: Operation): Promise<string | undefined> {
  let sessionEnded = false;
  const seed = seedFor(operation.id, caller.name);
  const property = fc.asyncProperty(
    fuzzCases(operation, bed.vocabularyFor(operation), {
      anonymous: caller.name === 'anonymous',
      prefix,
    }),
    async (fuzz) => {
      const request = caller.authorize(
        wireRequest(operation, document.serverUrl, fuzz),
        fuzz.signed,
      );
      let outcome = 'no answer';
      try {
        const answer = await send(base, request, fuzzOptions.requestTimeoutMs);
        const verdict = judge(operation, answer, fuzz.upgrade !== undefined);
        outcome = verdict.outcome;
        if (outcome === String(tokenInvalid) && caller.name !== 'anonymous') sessionEnded = true;
        if (verdict.problem)
          throw new Error(`${verdict.problem}\n    ${describeRequest(request, fuzz)}`);
      } catch (error) {
        if (error instanceof NoAnswer) {
          throw new Error(`${error.message}\n    ${describeRequest(request, fuzz)}`, {
            cause: error,
          });
        }
        throw error;
      } finally {
        report.request(caller.name, operation.id, outcome);
      }
    },
  );
  const result = await fc.check(property, {
    seed,
    numRuns: fuzzOptions.runs,
    endOnFailure: !fuzzOptions.shrink,
  });
  if (operation.path.includes('/auth.')) forgetThrottling();
  if (sessionEnded) await caller.renew();
  const failure = result.failed
    ? `${caller.name}: ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n    (operation seed ${seed}, path ${result.counterexamplePath ?? ''})`
    : undefined;
  const down = await operatorProblem();
  return (
    [failure, down && `${caller.name}, after ${operation.id}: ${down}`]
      .filter(Boolean)
      .join('\n') || undefined
  );
}

describe(`fuzz: every operation of the OpenAPI document (seed ${fuzzOptions.seed})`, () => {
  it('reads a document with operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const operation of operations) {
    it(`${operation.method} ${operation.path} (${operation.id})`, async () => {
      const problems: string[] = [];
      for (const caller of bed.callers) {
        const problem = await fuzzAs(caller, operation);
        if (problem) problems.push(problem);
      }
      expect(
        problems,
        `reproduce with ${reproduce} hack/dev-test.sh fuzz -t '${operation.id}'`,
      ).toEqual([]);
    });
  }

  it('leaves none of the planted secrets in the operator log', async () => {
    const leaks = await scanLog(testEnv.operatorLog, bed.secrets.values, logStart);
    expect(leaks).toEqual([]);
  });

  it('sent requests as every caller to every operation', () => {
    expect(report.requests).toBeGreaterThanOrEqual(operations.length * 4);
  });
});
