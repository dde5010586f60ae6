// What `make test` prints last (hack/test.sh): CI keeps only the tail of a run's output, so a
// failed run ends with why it failed, in a bounded number of lines, and always with the closing
// line `N passed, M failed` that CI reads. The CLI is hack/test-summary.mjs; the unit test is
// tests/tooling/test-summary.test.ts.
//
// It reads the run's results directory:
//   <tier>.json           vitest JSON reports, one per test runner
//   failed-step           the step (its `==> ` header in run.log) the run stopped at
//   run.log               everything the run printed, each step after its `==> <step>` line
//   failed-background     the background job that failed; its log is background/<name>.log
//   failed-teardown       the teardown step (its header in run.log) that failed
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Failed tests listed at most: with their messages they stay within the last 40 lines. */
export const MAX_FAILURES = 8;
/** Lines of each failure message shown. */
export const MESSAGE_LINES = 3;
/** Last lines shown of a failed step that is not a test runner, or of a failed background job. */
export const TAIL_LINES = 25;
/** Last lines shown of a failed teardown. */
export const TEARDOWN_LINES = 8;
/** Characters kept of each line printed. */
export const LINE_WIDTH = 200;

// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** One printable line: no colours, no carriage-return progress, at most LINE_WIDTH characters. */
function clean(line) {
  const text = line.replace(ansi, '').split('\r').pop().trimEnd();
  return text.length > LINE_WIDTH ? `${text.slice(0, LINE_WIDTH - 1)}…` : text;
}

function readText(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

function lastLines(text, count) {
  const lines = text.split('\n').map(clean);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-count);
}

/** The output run.log holds for a step: from its last `==> <step>` line to the next step's. */
function sectionOf(log, step) {
  const lines = log.split('\n');
  const start = lines.lastIndexOf(`==> ${step}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((line, index) => index > start && line.startsWith('==> '));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join('\n');
}

function messageLines(message) {
  const lines = (message ?? '')
    .split('\n')
    .map(clean)
    // Frames inside the test runner say nothing about the failure.
    .filter((line) => line.trim() !== '' && !/^\s*at .*node_modules/.test(line));
  return lines.slice(0, MESSAGE_LINES).map((line) => `      ${line}`);
}

/**
 * The summary of the run whose results are in `dir`: the lines to print and whether the run
 * passed. `root` is what file paths are shown relative to.
 * @param {string} dir
 * @param {{ root?: string }} [options]
 * @returns {{ lines: string[], ok: boolean }}
 */
export function summarize(dir, { root = process.cwd() } = {}) {
  const lines = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  const reports = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of reports) {
    const tier = file.replace(/\.json$/, '');
    let report;
    try {
      report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      lines.push(`${tier}: unreadable report (${clean(String(error))})`);
      continue;
    }
    let tierFailed = report.numFailedTests ?? 0;
    for (const suite of report.testResults ?? []) {
      const path = relative(root, suite.name ?? '');
      const tests = suite.assertionResults ?? [];
      for (const test of tests) {
        if (test.status !== 'failed') continue;
        failures.push([
          `  [${tier}] ${path} > ${test.fullName ?? test.title}`,
          ...messageLines(test.failureMessages?.[0]),
        ]);
      }
      // A file that failed outside its tests (an import, a hook) counts as one failure.
      if (suite.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
        tierFailed += 1;
        failures.push([`  [${tier}] ${path}`, ...messageLines(suite.message)]);
      }
    }
    lines.push(`${tier}: ${report.numPassedTests ?? 0} passed, ${tierFailed} failed`);
    passed += report.numPassedTests ?? 0;
    failed += tierFailed;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }

  const log = readText(join(dir, 'run.log'));
  const step = readText(join(dir, 'failed-step')).trim();
  const background = readText(join(dir, 'failed-background')).trim();
  const teardown = readText(join(dir, 'failed-teardown')).trim();

  // The teardown ran after the failure, so it comes first: the failure itself stays last.
  if (teardown) {
    lines.push('', `teardown failed: ${teardown}; its last lines:`);
    const section = sectionOf(log, teardown);
    lines.push(
      ...lastLines(section ?? '(no output recorded)', TEARDOWN_LINES).map((l) => `  ${l}`),
    );
  }
  if (background) {
    const path = join(dir, 'background', `${background}.log`);
    lines.push('', `background job ${background} failed; last lines of ${relative(root, path)}:`);
    lines.push(...lastLines(readText(path) || '(empty log)', TAIL_LINES).map((l) => `  ${l}`));
  } else if (step && failures.length === 0) {
    // Not a test runner, or one that failed without a failing test in its report.
    lines.push('', `last lines of ${step}:`);
    const section = sectionOf(log, step);
    const output = section ?? log;
    lines.push(...lastLines(output || '(no output recorded)', TAIL_LINES).map((l) => `  ${l}`));
  }
  if (failures.length > 0) {
    lines.push('', 'failed tests:');
    for (const failure of failures.slice(0, MAX_FAILURES)) lines.push(...failure);
    if (failures.length > MAX_FAILURES) {
      lines.push(
        `  ... and ${failures.length - MAX_FAILURES} more (in ${relative(root, dir)}/*.json)`,
      );
    }
  }
  if (step) lines.push('', `failed step: ${step}`);
  if (passed === 0 && !step) lines.push('no test ran');

  const notes = [];
  if (step) notes.push(`stopped at ${step}`);
  if (teardown) notes.push('teardown failed');
  const closing = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  lines.push(notes.length > 0 ? `${closing} (${notes.join('; ')})` : closing);
  const ok = passed > 0 && failed === 0 && skipped === 0 && !step && !background && !teardown;
  return { lines, ok };
}
