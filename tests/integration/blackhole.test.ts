// An unreachable member never slows the others: member-b's API server is frozen (SIGSTOP) while
// member-a is read in the same run; member-b fails with 2001 at its member deadline, and without
// waiting once the health probe has marked it NotReady. The probe runs on the operator holding the
// nimbus-operator-leader lease; with the default 15 s interval the NotReady step takes up to ~18 s,
// with NIMBUS_CLUSTER_PROBE_INTERVAL_MS=2000 a few seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  memberAllows,
  memberKubeconfig,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const suffix = `bh${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const clusterA = `member-a-${suffix}`;
const clusterB = `member-b-${suffix}`;
const memberTimeoutMs = Number(process.env.NIMBUS_MEMBER_TIMEOUT_MS ?? 5_000);

let root: Session;
let frozen: number | undefined;

/** member-b's kube-apiserver: the kwokctl pid file, checked against the kubeconfig's port. */
function memberBApiServer(): number {
  const kubeconfig = memberKubeconfig('member-b');
  const server = /server:\s*https?:\/\/[^:\s]+:(\d+)/.exec(readFileSync(kubeconfig, 'utf8'));
  const port = server?.[1];
  if (!port) throw new Error('no server port in the member-b kubeconfig');
  const pidFile = join(dirname(kubeconfig), 'kwok/clusters/member-b/pids/kube-apiserver.pid');
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  if (!cmdline.includes(`--secure-port=${port}`)) {
    throw new Error(`pid ${pid} is not the API server on port ${port}`);
  }
  return pid;
}

/** The state letter of a thread (`/proc/<pid>/task/<tid>/stat`), after the command's parentheses. */
const threadState = (pid: number, tid: string): string =>
  readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .charAt(0);

/**
 * Stops `pid` and resolves once every thread of it is stopped. SIGSTOP takes effect when one of
 * the process's threads handles it; on a loaded machine that thread may wait for a core while
 * the others still answer requests (a ci-fresh run saw member-b answer 3 ms after the kill).
 */
async function freeze(pid: number): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  frozen = pid;
  // A thread that ended between the listing and the read is no longer answering either.
  const stoppedOrGone = (tid: string) => {
    try {
      return threadState(pid, tid) === 'T';
    } catch {
      return true;
    }
  };
  const everyThreadStopped = () => readdirSync(`/proc/${pid}/task`).every(stoppedOrGone);
  const stopped = await eventually(everyThreadStopped, (all) => all, {
    timeoutMs: 10_000,
    intervalMs: 10,
  });
  if (!stopped) throw new Error(`member-b's API server (pid ${pid}) did not stop`);
}

function thaw(): void {
  if (frozen !== undefined) process.kill(frozen, 'SIGCONT');
  frozen = undefined;
}

const nodeOf = (cluster: string, node: string) =>
  atCluster<{ name: string }>(root, 'crd', 'GET', cluster, `/nodes/${node}`);

/** Whether `work` settles before the member deadline could have passed (it did not wait on it). */
async function settlesBeforeDeadline<T>(work: Promise<T>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), memberTimeoutMs);
  });
  try {
    return await Promise.race([work.then(() => true as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const readyOf = async (cluster: string): Promise<boolean | undefined> =>
  (await atCluster<{ ready: boolean }>(root, 'crd', 'GET', cluster)).body.data?.ready;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'blackhole',
      contact: 'Ops',
      email: 'ops@blackhole.example',
    }),
  );
  await registerMember(root, clusterA, org, 'member-a', { callerReady: true });
  await registerMember(root, clusterB, org, 'member-b', { callerReady: true });
  expect(await memberAllows('member-a', root.userName, 'get', 'nodes')).toBe('yes');
  expect(await memberAllows('member-b', root.userName, 'get', 'nodes')).toBe('yes');
  for (const cluster of [clusterA, clusterB]) {
    expect(
      await eventually(
        () => readyOf(cluster),
        (ready) => ready === true,
        20_000,
      ),
    ).toBe(true);
  }
}, 90_000);

afterAll(async () => {
  thaw();
  // Leave member-b ready for whoever comes next before removing our registration.
  await eventually(
    () => readyOf(clusterB),
    (ready) => ready === true,
    20_000,
  );
  await unregisterMember(root, clusterA, org);
  await unregisterMember(root, clusterB, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}, 60_000);

describe('a frozen member', () => {
  it('never holds up calls to another member, fails with 2001, then without waiting', async () => {
    expect((await nodeOf(clusterA, 'member-a-node-0')).body.code).toBe(0);
    expect((await nodeOf(clusterB, 'member-b-node-0')).body.code).toBe(0);

    await freeze(memberBApiServer());
    try {
      let stuckSettled = false;
      const stuck = nodeOf(clusterB, 'member-b-node-0').finally(() => {
        stuckSettled = true;
      });
      // member-a keeps answering while the member-b call waits on its deadline. How many calls fit
      // in that wait depends on the machine's load, so the test asks for at least one, not a number.
      let answeredWhileStuck = 0;
      for (let calls = 0; calls < 5 && !stuckSettled; calls += 1) {
        expect((await nodeOf(clusterA, 'member-a-node-0')).body.code).toBe(0);
        if (!stuckSettled) answeredWhileStuck += 1;
      }
      expect(answeredWhileStuck).toBeGreaterThan(0);
      const list = await atCluster(root, 'crd', 'GET', clusterA, '/nodes/member-a-node-0/pods');
      expect(list.body.code).toBe(0);

      expect((await stuck).body.code).toBe(2001);

      const marked = await eventually(
        () => readyOf(clusterB),
        (ready) => ready === false,
        25_000,
      );
      expect(marked).toBe(false);
      // Once NotReady, a call fails at once: it does not wait for the frozen member's deadline.
      const fast = nodeOf(clusterB, 'member-b-node-0');
      expect(await settlesBeforeDeadline(fast)).toBe(true);
      expect((await fast).body.code).toBe(2001);
      expect((await nodeOf(clusterA, 'member-a-node-0')).body.code).toBe(0);
    } finally {
      thaw();
    }
  }, 60_000);
});
