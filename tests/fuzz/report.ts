// What the fuzz tier did, per caller: requests sent, operations covered out of the document's,
// and the answers' codes; printed at the end of the run.
import type { CallerName } from './callers.js';
import { callerNames } from './callers.js';
import { upstreamCodes } from './verdict.js';

interface Tally {
  requests: number;
  operations: Set<string>;
  outcomes: Map<string, number>;
}

export class FuzzReport {
  readonly #tallies = new Map<CallerName, Tally>(
    callerNames.map((name) => [name, { requests: 0, operations: new Set(), outcomes: new Map() }]),
  );

  /** Answers for a server the caller named (502 by design), per operation and code. */
  readonly #upstream = new Map<string, number>();

  constructor(readonly totalOperations: number) {}

  #tally(caller: CallerName): Tally {
    const tally = this.#tallies.get(caller);
    if (!tally) throw new Error(`unknown caller ${caller}`);
    return tally;
  }

  request(caller: CallerName, operationId: string, outcome: string): void {
    const tally = this.#tally(caller);
    tally.requests += 1;
    tally.operations.add(operationId);
    tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
    if (upstreamCodes.has(Number(outcome))) {
      const key = `${operationId} ${outcome}`;
      this.#upstream.set(key, (this.#upstream.get(key) ?? 0) + 1);
    }
  }

  get requests(): number {
    return [...this.#tallies.values()].reduce((sum, tally) => sum + tally.requests, 0);
  }

  lines(header: string): string[] {
    const all = new Set<string>();
    const rows = callerNames.map((name) => {
      const tally = this.#tally(name);
      for (const operation of tally.operations) all.add(operation);
      const top = [...tally.outcomes]
        .sort(([, a], [, b]) => b - a)
        .slice(0, 8)
        .map(([outcome, count]) => `${outcome}×${count}`)
        .join(' ');
      return `  ${name.padEnd(20)} ${String(tally.requests).padStart(7)} requests  ${tally.operations.size}/${this.totalOperations} operations  (${top})`;
    });
    return [
      header,
      ...rows,
      `  ${'all callers'.padEnd(20)} ${String(this.requests).padStart(7)} requests  ${all.size}/${this.totalOperations} operations of the OpenAPI document`,
      `  502 for a server the caller named: ${
        [...this.#upstream]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, count]) => `${key}×${count}`)
          .join(', ') || 'none'
      }`,
    ];
  }
}
