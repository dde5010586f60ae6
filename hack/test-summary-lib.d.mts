// Types of hack/test-summary-lib.mjs, for its unit test (tests/tooling/test-summary.test.ts).
export declare const MAX_FAILURES: number;
export declare const MESSAGE_LINES: number;
export declare const TAIL_LINES: number;
export declare const TEARDOWN_LINES: number;
export declare const LINE_WIDTH: number;
export declare function summarize(
  dir: string,
  options?: { root?: string },
): { lines: string[]; ok: boolean };
