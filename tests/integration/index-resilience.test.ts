// The index survives its own restarts and the member's: a writer changes ConfigMaps of member-a
// while the operator under test is stopped and started again, and member-a's kube-apiserver is
// killed (SIGKILL) and started again by kwokctl. Each time the index must converge to exactly
// the member's objects. The operator is controlled with hack/operator.sh (support/operator.ts).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';
import { operatorSh } from '../support/operator.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const suffix = `ires${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const namespace = `nimbus-res-${suffix}`;
const hub = (args: string[]) => kubectl(testEnv.hubKubeconfig, args);

const memberA = (): string => {
  const path = testEnv.memberKubeconfigs.find((file) => file.endsWith('member-a.kubeconfig'));
  if (!path) throw new Error('member-a kubeconfig not configured');
  return path;
};

async function memberKubectl(args: string[]): Promise<string> {
  const { stdout } = await run(
    join(testEnv.testbedBin, 'kubectl'),
    ['--kubeconfig', memberA(), ...args],
    { timeout: 30_000 },
  );
  return stdout;
}

interface ConfigMap {
  metadata: { name: string; resourceVersion: string; labels?: Record<string, string> };
  data?: Record<string, string>;
}

/**
 * name → resourceVersion of what the member holds now. Every write bumps it; the index keeps no
 * ConfigMap values (docs/index.md), so versions are what the two can be compared by.
 */
async function memberState(): Promise<Record<string, string>> {
  const list = JSON.parse(
    await memberKubectl(['-n', namespace, 'get', 'configmaps', '-l', 'writer', '-o', 'json']),
  ) as { items: ConfigMap[] };
  return Object.fromEntries(
    list.items.map((cm) => [cm.metadata.name, cm.metadata.resourceVersion]),
  );
}

let session: Session;

/** The same from the index, paging through nextCursor with small pages. */
async function indexState(): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ cluster, namespace, label: 'writer:on', pageSize: '7' });
    if (cursor) query.set('cursor', cursor);
    const page = expectOk(
      await api<{ items: ConfigMap[]; nextCursor?: string }>('GET', 'crd', `/configmaps?${query}`, {
        token: session.token,
      }),
    );
    for (const cm of page.items) {
      state[cm.metadata.name] = cm.metadata.resourceVersion;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return state;
}

const sameState = (a: Record<string, string>, b: Record<string, string>): boolean =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/** Polls until the index equals the member; returns how long it took (ms). */
async function converged(timeoutMs: number): Promise<number> {
  const started = Date.now();
  const { want, have } = await eventually(
    async () => ({
      want: await memberState(),
      have: await indexState().catch((): Record<string, string> => ({})),
    }),
    (states) => sameState(states.have, states.want),
    timeoutMs,
  );
  expect(have).toEqual(want);
  return Date.now() - started;
}

/** Sum of the samples of a metric whose labels include `labels`. */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(new URL('/metrics', testEnv.metricsUrl))).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return text
    .split('\n')
    .filter((line) => /^[^{ ]+/.exec(line)?.[0] === name && wanted.every((p) => line.includes(p)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const loop = { cluster, kind: 'configmaps' };

/** Waits for `check` (the shared helper); returns how long it took (ms). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const started = Date.now();
  if (!(await eventually(check, (done) => done, timeoutMs))) {
    throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  session = await gitOpsSystemAdmin(suffix);
  expectOk(
    await session.call('POST', '/organizations', {
      name: org,
      cnName: 'resilience',
      contact: 'Ops',
      email: 'ops@resilience.example',
    }),
  );
  expectOk(
    await api('POST', 'manage', '/providers/ProviderKubeconfig/clusters', {
      token: session.token,
      body: {
        name: cluster,
        organizationId: org,
        region: 'local',
        credentials: { kubeconfig: readFileSync(memberA(), 'utf8') },
      },
    }),
  );
  await memberKubectl(['create', 'namespace', namespace]);
  await until(
    async () => (await metric('nimbus_index_synced', loop)) === 1,
    'index in sync',
    45_000,
  );
}, 90_000);

afterAll(async () => {
  // Whatever happened, member-a's API server and the operator must be left running.
  await run(join(root, 'hack/testbed/restart-apiserver.sh'), ['start', 'member-a'], {
    timeout: 90_000,
  });
  await operatorSh('start');
  await memberKubectl(['delete', 'namespace', namespace, '--wait=false', '--ignore-not-found']);
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}, 180_000);

describe('index resilience', () => {
  it('loses nothing when the operator restarts while a writer changes ConfigMaps', async () => {
    let done = 0;
    const writer = (async () => {
      for (let i = 0; i < 45; i++) {
        const name = `cm-${i}`;
        await memberKubectl([
          '-n',
          namespace,
          'create',
          'configmap',
          name,
          `--from-literal=v=${i}`,
        ]);
        await memberKubectl(['-n', namespace, 'label', 'configmap', name, 'writer=on']);
        if (i % 3 === 2) {
          const patch = JSON.stringify({ data: { v: `changed-${i}` } });
          await memberKubectl(['-n', namespace, 'patch', 'configmap', `cm-${i - 1}`, '-p', patch]);
        }
        if (i % 5 === 4) {
          await memberKubectl(['-n', namespace, 'delete', 'configmap', `cm-${i - 3}`]);
        }
        done = i + 1;
      }
    })();
    await until(async () => done >= 8, 'the writer under way', 30_000);
    const startedBefore = await metric('process_start_time_seconds', {});
    await operatorSh('stop');
    const stoppedAt = done;
    await operatorSh('start');
    const writtenWhileDown = done - stoppedAt;
    await writer;
    const took = await converged(15_000);

    expect(await metric('process_start_time_seconds', {})).toBeGreaterThan(startedBefore);
    expect(writtenWhileDown).toBeGreaterThan(0);
    expect(Object.keys(await indexState()).length).toBe(45 - 9);
    // A fresh process lists every loop once (the initial relist).
    expect(await metric('nimbus_index_relists_total', { ...loop, reason: 'initial' })).toBe(1);
    console.info(`index converged ${took} ms after the writer ended`);
  }, 120_000);

  it('follows member-a again after its kube-apiserver is killed and restarted', async () => {
    await until(async () => (await metric('nimbus_index_synced', loop)) === 1, 'in sync', 30_000);
    const restartsBefore = await metric('nimbus_index_watch_restarts_total', loop);
    await run(join(root, 'hack/testbed/restart-apiserver.sh'), ['kill', 'member-a']);
    // The open watch breaks and the next one is refused: the loop reports itself out of sync.
    await until(
      async () => (await metric('nimbus_index_synced', loop)) === 0,
      'out of sync',
      20_000,
    );
    await run(join(root, 'hack/testbed/restart-apiserver.sh'), ['start', 'member-a'], {
      timeout: 90_000,
    });
    await memberKubectl([
      '-n',
      namespace,
      'create',
      'configmap',
      'after-restart',
      '--from-literal=v=back',
    ]);
    await memberKubectl(['-n', namespace, 'label', 'configmap', 'after-restart', 'writer=on']);
    // A relist after the restart shows its pages before it finishes removing what is gone, and
    // only then reports the loop synced: the wait is for both.
    const took = await until(
      async () =>
        (await indexState().catch((): Record<string, string> => ({})))['after-restart'] !==
          undefined && (await metric('nimbus_index_synced', loop)) === 1,
      'the ConfigMap created after the restart, and the loop synced',
      30_000,
    );
    expect(await metric('nimbus_index_synced', loop)).toBe(1);
    expect(await metric('nimbus_index_watch_restarts_total', loop)).toBeGreaterThan(restartsBefore);
    expect(
      await metric('nimbus_index_watch_restarts_total', { ...loop, reason: 'error' }),
    ).toBeGreaterThan(0);
    await converged(5_000);
    console.info(`index saw the new ConfigMap, in sync, ${took} ms after the API server was back`);
  }, 120_000);
});
