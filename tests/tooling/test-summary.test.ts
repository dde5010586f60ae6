// What `make test` prints last (hack/test-summary-lib.mjs), from results directories made here
// the way hack/test.sh leaves them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FAILURES, summarize } from '../../hack/test-summary-lib.mjs';

const cli = fileURLToPath(new URL('../../hack/test-summary.mjs', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A results directory holding the given files (paths relative to it). */
function results(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-test-summary-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

interface Test {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped';
  failureMessages?: string[];
}

/** A vitest JSON report of one file. */
function report(file: string, tests: Test[], suite: { status?: string; message?: string } = {}) {
  const count = (status: string) => tests.filter((t) => t.status === status).length;
  return JSON.stringify({
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: 0,
    testResults: [
      {
        name: file,
        status: suite.status ?? (count('failed') > 0 ? 'failed' : 'passed'),
        message: suite.message ?? '',
        assertionResults: tests,
      },
    ],
  });
}

const numbered = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${from + i}`).join('\n');

describe('the summary of a make test run', () => {
  it('passes with the closing line alone when every test passed', () => {
    const dir = results({
      'unit-api.json': report('/repo/api/src/a.test.ts', [{ fullName: 'a', status: 'passed' }]),
    });
    const { lines, ok } = summarize(dir, { root: '/repo' });
    expect(ok).toBe(true);
    expect(lines).toEqual(['unit-api: 1 passed, 0 failed', '1 passed, 0 failed']);
  });

  it('shows a failing test by file, name and the first lines of its message', () => {
    const message = [
      'AssertionError: expected 401 to be 200 // Object.is equality',
      '',
      '    at file:///repo/node_modules/vitest/dist/chunks/run.js:1695:35',
      '- Expected',
      `+ Received ${'x'.repeat(500)}`,
      '    at /repo/operator/src/iam.test.ts:42:17',
    ].join('\n');
    const dir = results({
      'unit-api.json': report('/repo/api/src/a.test.ts', [{ fullName: 'a', status: 'passed' }]),
      'unit-operator.json': report('/repo/operator/src/iam.test.ts', [
        { fullName: 'iam > a reader cannot write', status: 'failed', failureMessages: [message] },
        { fullName: 'iam > an admin can write', status: 'passed' },
      ]),
      'failed-step': 'unit tests: operator\n',
      'run.log': '\n==> unit tests: operator\n FAIL  src/iam.test.ts\n',
    });
    const { lines, ok } = summarize(dir, { root: '/repo' });
    expect(ok).toBe(false);
    expect(lines).toContain('unit-operator: 1 passed, 1 failed');
    const at = lines.indexOf(
      '  [unit-operator] operator/src/iam.test.ts > iam > a reader cannot write',
    );
    expect(at).toBeGreaterThan(0);
    // The first three lines of the message that are neither blank nor in the test runner, each
    // cut at 200 characters.
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '      AssertionError: expected 401 to be 200 // Object.is equality',
      '      - Expected',
      `      + Received ${'x'.repeat(200 - '+ Received '.length - 1)}…`,
    ]);
    expect(lines).not.toContain('      at /repo/operator/src/iam.test.ts:42:17');
    // A test runner with a failing test: its report says why, not its log.
    expect(lines).not.toContain('last lines of unit tests: operator:');
    expect(lines.slice(-2)).toEqual([
      'failed step: unit tests: operator',
      '2 passed, 1 failed (stopped at unit tests: operator)',
    ]);
  });

  it('lists at most a few failures, then how many more', () => {
    const tests: Test[] = Array.from({ length: MAX_FAILURES + 4 }, (_, i) => ({
      fullName: `case ${i}`,
      status: 'failed',
      failureMessages: [`Error: ${i}\nline 2\nline 3\nline 4`],
    }));
    const dir = results({
      'integration.json': report('/repo/tests/integration/x.test.ts', tests),
      'failed-step': 'integration tests against the test bed\n',
    });
    const { lines } = summarize(dir, { root: '/repo' });
    expect(lines).toContain(
      `  [integration] tests/integration/x.test.ts > case ${MAX_FAILURES - 1}`,
    );
    expect(lines).not.toContain(
      `  [integration] tests/integration/x.test.ts > case ${MAX_FAILURES}`,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}\.\.\. and 4 more \(in .+\/\*\.json\)$/),
    );
    expect(lines.at(-1)).toBe(
      `0 passed, ${MAX_FAILURES + 4} failed (stopped at integration tests against the test bed)`,
    );
    // Every fact within the 40 lines CI keeps.
    expect(lines.length).toBeLessThanOrEqual(40);
  });

  it('shows a file that failed outside its tests as a failure', () => {
    const dir = results({
      'unit-console.json': report('/repo/console/src/app.test.tsx', [], {
        status: 'failed',
        message: 'Failed to load url ./missing.js\nmore',
      }),
      'failed-step': 'unit tests: console\n',
    });
    const { lines } = summarize(dir, { root: '/repo' });
    expect(lines).toContain('  [unit-console] console/src/app.test.tsx');
    expect(lines).toContain('      Failed to load url ./missing.js');
    expect(lines.at(-1)).toBe('0 passed, 1 failed (stopped at unit tests: console)');
  });

  it('shows the last lines of a failing step that is not a test runner', () => {
    const dir = results({
      'unit-api.json': report('/repo/api/src/a.test.ts', [{ fullName: 'a', status: 'passed' }]),
      'failed-step': 'lint: types, eslint, prettier, CRD drift\n',
      'run.log': [
        '',
        '==> toolchain, dependencies and build',
        numbered('build', 1, 5),
        '',
        '==> lint: types, eslint, prettier, CRD drift',
        numbered('lint', 1, 39),
        '\x1b[31mconsole/src/App.tsx: error TS2322\x1b[0m',
        '',
        '==> stopping what this run started',
        '[operator] test is not running',
        '',
      ].join('\n'),
    });
    const { lines, ok } = summarize(dir, { root: '/repo' });
    expect(ok).toBe(false);
    const at = lines.indexOf('last lines of lint: types, eslint, prettier, CRD drift:');
    expect(at).toBeGreaterThan(0);
    // Its last 25 lines, without colours, and nothing of the steps before or after it.
    expect(lines.slice(at + 1, at + 26)).toEqual([
      ...numbered('  lint', 16, 39).split('\n'),
      '  console/src/App.tsx: error TS2322',
    ]);
    expect(lines.join('\n')).not.toContain('build 5');
    expect(lines.join('\n')).not.toContain('[operator]');
    expect(lines.slice(-2)).toEqual([
      'failed step: lint: types, eslint, prettier, CRD drift',
      '1 passed, 0 failed (stopped at lint: types, eslint, prettier, CRD drift)',
    ]);
  });

  it('says where the run stopped when no test has run yet', () => {
    const dir = results({
      'failed-step': 'lint: types, eslint, prettier, CRD drift\n',
      'run.log': '\n==> lint: types, eslint, prettier, CRD drift\n[lint] eslint\n1 problem\n',
    });
    const { lines } = summarize(dir);
    expect(lines).toContain('  1 problem');
    expect(lines.at(-1)).toBe(
      '0 passed, 0 failed (stopped at lint: types, eslint, prettier, CRD drift)',
    );
  });

  it('names a failed background job and shows the end of its log', () => {
    const dir = results({
      'failed-step': 'test bed\n',
      'failed-background': 'control-plane\n',
      'background/control-plane.log': `${numbered('go build', 1, 30)}\nerror: kube-apiserver: exit status 2\n`,
      'run.log': '\n==> test bed\n(40 lines of the same log)\n',
    });
    const { lines, ok } = summarize(dir, { root: dir });
    expect(ok).toBe(false);
    const at = lines.indexOf(
      'background job control-plane failed; last lines of background/control-plane.log:',
    );
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('  go build 7');
    expect(lines).toContain('  error: kube-apiserver: exit status 2');
    expect(lines).not.toContain('  (40 lines of the same log)');
    expect(lines.slice(-2)).toEqual([
      'failed step: test bed',
      '0 passed, 0 failed (stopped at test bed)',
    ]);
  });

  it('says that the teardown failed, with its last lines, also after every test passed', () => {
    const dir = results({
      'unit-api.json': report('/repo/api/src/a.test.ts', [{ fullName: 'a', status: 'passed' }]),
      'failed-teardown': 'stopping the real nodes this run started\n',
      'run.log': [
        '',
        '==> install: helm install on the real node',
        'ok',
        '',
        '==> stopping the real nodes this run started',
        '[node] stopping kubelet',
        '[host-state] iptables differs: -A FORWARD -j KUBE-FORWARD',
        '',
        '==> summary',
        '',
      ].join('\n'),
    });
    const { lines, ok } = summarize(dir, { root: '/repo' });
    expect(ok).toBe(false);
    const at = lines.indexOf(
      'teardown failed: stopping the real nodes this run started; its last lines:',
    );
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1)).toEqual([
      '  [node] stopping kubelet',
      '  [host-state] iptables differs: -A FORWARD -j KUBE-FORWARD',
      '1 passed, 0 failed (teardown failed)',
    ]);
  });

  it('keeps a failed step and a failed teardown within the last 40 lines', () => {
    const dir = results({
      'failed-step': 'helm chart: lint and server-side dry run against the hub\n',
      'failed-teardown': 'stopping the test bed this run started\n',
      'run.log': [
        '',
        '==> helm chart: lint and server-side dry run against the hub',
        numbered('helm', 1, 60),
        '',
        '==> stopping the test bed this run started',
        numbered('down', 1, 60),
        '',
      ].join('\n'),
    });
    const last = summarize(dir).lines.slice(-40);
    expect(last).toContain(
      'teardown failed: stopping the test bed this run started; its last lines:',
    );
    expect(last).toContain('  down 60');
    expect(last).toContain('  helm 60');
    expect(last.at(-1)).toBe(
      '0 passed, 0 failed (stopped at helm chart: lint and server-side dry run against the hub; teardown failed)',
    );
  });

  it('fails a run in which no test ran or a test was skipped', () => {
    expect(summarize(results({})).lines).toEqual(['no test ran', '0 passed, 0 failed']);
    expect(summarize(results({})).ok).toBe(false);
    const dir = results({
      'e2e.json': report('/repo/tests/e2e/a.test.ts', [
        { fullName: 'a', status: 'passed' },
        { fullName: 'b', status: 'skipped' },
      ]),
    });
    expect(summarize(dir)).toMatchObject({
      ok: false,
      lines: ['e2e: 1 passed, 0 failed', '1 passed, 0 failed, 1 skipped'],
    });
  });

  it('prints the summary from the command line and exits non-zero on a failure', () => {
    const dir = results({
      'failed-step': 'lint: types, eslint, prettier, CRD drift\n',
      'run.log': '\n==> lint: types, eslint, prettier, CRD drift\nerror\n',
    });
    const run = spawnSync(process.execPath, [cli, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      '0 passed, 0 failed (stopped at lint: types, eslint, prettier, CRD drift)',
    );
    const passing = results({
      'unit-api.json': report('/repo/api/src/a.test.ts', [{ fullName: 'a', status: 'passed' }]),
    });
    expect(spawnSync(process.execPath, [cli, passing], { encoding: 'utf8' }).status).toBe(0);
  });
});
