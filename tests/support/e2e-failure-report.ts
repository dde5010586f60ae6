// Set up before every end-to-end test file: a failed test's message says, on its second line,
// where each browser page was and which requests it still waited on (support/page-diagnostics.ts).
import { beforeEach } from 'vitest';
import { describePages, withSecondLine } from './page-diagnostics.js';

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const first = task.result?.errors?.[0];
    if (first) withSecondLine(first, `[pages] ${describePages()}`);
  });
});
