// The background jobs of `make test` (hack/background-jobs.sh): they must yield the CPU to the
// tests beside them, which nice alone does not do where the kernel groups by session.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const lib = fileURLToPath(new URL('../../hack/background-jobs.sh', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` in bash with the library sourced into a fresh results directory. */
function withJobs(script: string) {
  const results = mkdtempSync(join(tmpdir(), 'nimbus-background-'));
  dirs.push(results);
  const run = spawnSync(
    'bash',
    ['-c', `set -euo pipefail; results=$1; source ${JSON.stringify(lib)}; ${script}`, '_', results],
    { encoding: 'utf8' },
  );
  const log = (name: string) => readFileSync(join(results, 'background', `${name}.log`), 'utf8');
  return { run, log, results };
}

/**
 * The nice value a job started with `nice -n <given>` gets: nice adds to the caller's own, and
 * `make test` runs this file in its offline lane, itself at nice 10 (hack/test.sh).
 */
function niceAfter(given: number): string {
  const own = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);
  return String(Math.min(19, own + given));
}

describe('background jobs', () => {
  it('run at nice 19 in a session of their own', () => {
    const { run, log } = withJobs(
      // /proc/<pid>/stat: field 1 the pid, 6 the session, 19 the nice value.
      'start_background probe "awk \'{ print \\$19, \\$6, \\$1 }\' /proc/\\$\\$/stat"; wait_background probe',
    );
    expect(run.status, run.stderr).toBe(0);
    const [nice, sid, pid] = log('probe').trim().split(/\s+/);
    expect(nice).toBe(niceAfter(19));
    expect(sid).toBe(pid);
  });

  it('run at the nice value given (added to the caller’s), still in a session of their own', () => {
    const { run, log } = withJobs(
      'start_background probe "awk \'{ print \\$19, \\$6, \\$1 }\' /proc/\\$\\$/stat" 10; wait_background probe',
    );
    expect(run.status, run.stderr).toBe(0);
    const [nice, sid, pid] = log('probe').trim().split(/\s+/);
    expect(nice).toBe(niceAfter(10));
    expect(sid).toBe(pid);
  });

  it('lower their whole session where the kernel shares the CPU by session first', () => {
    const { run, log } = withJobs(
      'start_background probe "cat /proc/self/autogroup 2>/dev/null || echo none"; wait_background probe',
    );
    expect(run.status, run.stderr).toBe(0);
    // A kernel without autogroup scheduling has no such file, and nice alone ranks the job last.
    const expected = existsSync('/proc/self/autogroup') ? /^\/autogroup-\d+ nice 19$/m : /^none$/m;
    expect(log('probe')).toMatch(expected);
    if (existsSync('/proc/self/autogroup')) {
      // The session that started the job keeps its own priority.
      expect(readFileSync('/proc/self/autogroup', 'utf8')).not.toMatch(/ nice 19$/m);
    }
  });

  it('fail the run with the job and its log when a job fails', () => {
    const { run, results } = withJobs(
      'start_background broken "echo the last words; exit 3"; wait_background broken',
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the last words');
    expect(run.stderr).toContain('[test] background job broken failed');
    expect(readFileSync(join(results, 'failed-background'), 'utf8')).toBe('broken\n');
  });
});
