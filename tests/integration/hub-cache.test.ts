// Issue 25 item 9: a deleted Cluster must never come back in the operator's hub cache. Against
// the real hub: a late answer read before the deletion is dropped, a relist repairs a deletion
// the watch did not deliver (the operator's own cache code, reaching the hub through a proxy
// that orders the answers), and API deletes racing the lifecycle controller leave the operator
// under test with the truth: /crd.{host}/clusters without them, their organization let go, and
// each Cluster finalized once.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterKind } from '../../operator/src/crds/cluster.js';
import type { ManagedKindStore } from '../../operator/src/hub/kind-store.js';
import { createKindStore } from '../../operator/src/hub/kind-store.js';
import type { FakeClock } from '../../operator/src/testing/fake-clock.js';
import { fakeClock } from '../../operator/src/testing/fake-clock.js';
import { captureLogs } from '../../operator/src/testing/logs.js';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually, eventuallyPasses } from '../support/eventually.js';
import type { HubProxy } from '../support/hub-proxy.js';
import { startHubProxy } from '../support/hub-proxy.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  namespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import { gitOpsCluster } from '../support/members.js';

const suffix = `hc${Date.now().toString(36)}`;
const relistIntervalMs = 60_000;
const settled = { timeoutMs: 30_000, intervalMs: 100 };

const clusterObject = (name: string) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name },
  spec: {
    provider: 'ProviderKubeconfig' as const,
    region: 'r1',
    credentialsSecretRef: { name: `${name}-credentials`, namespace },
  },
});

const onHub = (name: string): boolean =>
  hub(['get', 'clusters.nimbus.io', name, '-o', 'name']).status === 0;

/** Deletes with kubectl and waits until the hub no longer has it (the operator finalizes it). */
async function deleteOnHub(name: string): Promise<void> {
  hub(['delete', 'clusters.nimbus.io', name, '--wait=false']);
  expect(
    await eventually(
      () => onHub(name),
      (present) => !present,
      settled,
    ),
  ).toBe(false);
}

describe("the operator's hub cache against the real hub", () => {
  let proxy: HubProxy;
  let clock: FakeClock;
  let clusters: ManagedKindStore<typeof clusterKind>;
  const deletions: string[] = [];

  beforeAll(async () => {
    proxy = await startHubProxy();
    clock = fakeClock(Date.now());
    clusters = createKindStore(proxy.kubeConfig, clusterKind, captureLogs().logger, {
      clock,
      relistIntervalMs,
    });
    clusters.subscribe((type, cluster) => {
      if (type === 'delete') deletions.push(cluster.metadata.name);
    });
    await clusters.start();
  });

  afterAll(async () => {
    await clusters?.stop();
    await proxy?.close();
    for (const name of ['late', 'missed', 'marker', 'modify'].map((n) => `${n}-${suffix}`)) {
      hub(['delete', 'clusters.nimbus.io', name, '--ignore-not-found', '--wait=false']);
    }
  });

  it('drops the answer to a read sent before the deletion and handled after it', async () => {
    const name = `late-${suffix}`;
    hubApply([clusterObject(name)]);
    await eventuallyPasses(() => expect(clusters.get(name)).toBeDefined(), settled);

    // The read every finalizer removal starts with; the hub answers, the proxy holds it back.
    const held = proxy.holdNext((method, path) => method === 'GET' && path.endsWith(`/${name}`));
    const reading = clusters.patch(name, () => undefined);
    await held.answered;
    await deleteOnHub(name);
    await eventuallyPasses(() => expect(clusters.get(name)).toBeUndefined(), settled);

    held.release();
    expect((await reading)?.metadata.name).toBe(name);
    expect(clusters.get(name)).toBeUndefined();
    expect(clusters.list().map((c) => c.metadata.name)).not.toContain(name);
  });

  it('removes at the next relist a deletion the watch did not deliver, and tells it once', async () => {
    const name = `missed-${suffix}`;
    hubApply([clusterObject(name)]);
    await eventuallyPasses(() => expect(clusters.get(name)).toBeDefined(), settled);

    proxy.pauseWatches();
    await deleteOnHub(name);
    // The drift: the hub has no such Cluster, the cache still lists it.
    expect(clusters.get(name)).toBeDefined();
    clock.advance(relistIntervalMs);
    await eventuallyPasses(() => expect(clusters.get(name)).toBeUndefined(), settled);
    expect(deletions.filter((n) => n === name)).toEqual([name]);

    // The watch then delivers what it held, the deletion included: no second delete event.
    proxy.resumeWatches();
    const marker = `marker-${suffix}`;
    hubApply([clusterObject(marker)]);
    await eventuallyPasses(() => expect(clusters.get(marker)).toBeDefined(), settled);
    expect(deletions.filter((n) => n === name)).toEqual([name]);
  });

  it("modify keeps the annotations Nimbus set, adds those asked for, and owns no other's", async () => {
    const name = `modify-${suffix}`;
    const stamp = 'nimbus.io/credentials-updated-at';
    const annotations = () =>
      (
        JSON.parse(hub(['get', 'clusters.nimbus.io', name, '-o', 'json']).stdout) as {
          metadata: { annotations?: Record<string, string> };
        }
      ).metadata.annotations ?? {};
    await clusters.create({
      metadata: { name, annotations: { [stamp]: 'first' } },
      spec: clusterObject(name).spec,
    });
    expect(hub(['annotate', 'clusters.nimbus.io', name, 'example.com/note=theirs']).status).toBe(0);

    await clusters.modify(name, (spec) => ({ ...spec, region: 'r2' }));
    expect(annotations()).toMatchObject({ [stamp]: 'first', 'example.com/note': 'theirs' });
    await clusters.modify(name, (spec) => spec, { annotations: { [stamp]: 'second' } });
    const last = await clusters.modify(name, (spec) => ({ ...spec, region: 'r3' }));
    expect(last.spec.region).toBe('r3');
    expect(annotations()).toMatchObject({ [stamp]: 'second', 'example.com/note': 'theirs' });

    // Only the object the caller checked: another uid under the name is not written.
    await expect(
      clusters.modify(name, (spec) => ({ ...spec, region: 'r4' }), { uid: 'another-uid' }),
    ).rejects.toMatchObject({ entry: { code: 1004 } });
    expect(hub(['get', 'clusters.nimbus.io', name, '-o', 'jsonpath={.spec.region}']).stdout).toBe(
      'r3',
    );

    // Another writer's annotation stays theirs: removing it removes it.
    expect(hub(['annotate', 'clusters.nimbus.io', name, 'example.com/note-']).status).toBe(0);
    expect(annotations()).toEqual({ [stamp]: 'second' });
  });
});

describe('API deletes racing the Cluster lifecycle controller of the operator under test', () => {
  const rounds = 3;
  const perRound = 4;
  let root: Session;

  beforeAll(async () => {
    root = await gitOpsSystemAdmin(suffix);
  }, 60_000);

  afterAll(() => {
    for (let round = 0; round < rounds; round++) {
      hub(['delete', 'organizations.nimbus.io', `race-${round}-${suffix}`, '--ignore-not-found']);
    }
    removeGitOpsSystemAdmin(suffix);
  });

  const crdClusters = async (): Promise<string[]> => {
    const answer = await api<{ items: Array<{ name: string }> }>(
      'GET',
      'crd',
      `/clusters?name=${suffix}&pageSize=100`,
      { token: root.token },
    );
    return expectOk(answer).items.map((cluster) => cluster.name);
  };

  /** How often the operator logged "cluster finalized" for each of `names`. */
  const finalizations = (names: string[]): Record<string, number> => {
    const counts = Object.fromEntries(names.map((name) => [name, 0]));
    for (const line of readFileSync(testEnv.operatorLog, 'utf8').split('\n')) {
      if (!line.includes('"cluster finalized"')) continue;
      const { cluster } = JSON.parse(line) as { cluster?: string };
      if (cluster !== undefined && cluster in counts) counts[cluster] = (counts[cluster] ?? 0) + 1;
    }
    return counts;
  };

  it.each(Array.from({ length: rounds }, (_, round) => round))(
    'round %i: the deleted clusters leave /crd clusters, their organization goes, each finalized once',
    async (round) => {
      const org = `race-${round}-${suffix}`;
      const names = Array.from({ length: perRound }, (_, i) => `race-${round}-${i}-${suffix}`);
      expectOk(
        await root.call('POST', '/organizations', {
          name: org,
          cnName: org,
          contact: 'Ops',
          email: `ops@${org}.example`,
        }),
      );
      for (const name of names) await gitOpsCluster(root, org, name);
      expect(await crdClusters()).toEqual(expect.arrayContaining(names));

      // Each API delete finalizes inline while the controller, woken by the deletion, does too.
      const deleted = await Promise.all(
        names.map((name) =>
          api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${name}`, {
            token: root.token,
            body: { organizationId: org },
          }),
        ),
      );
      deleted.forEach((answer) => expectOk(answer));
      expectOk(await root.call('DELETE', `/organizations/${org}`));

      const listed = await eventually(crdClusters, (list) => names.every((n) => !list.includes(n)));
      expect(listed.filter((name) => names.includes(name))).toEqual([]);
      const orgOnHub = () =>
        hub(['get', 'organizations.nimbus.io', org, '-o', 'name']).status === 0;
      expect(await eventually(orgOnHub, (present) => !present)).toBe(false);
      expect(names.filter((name) => onHub(name))).toEqual([]);
      expect(finalizations(names)).toEqual(Object.fromEntries(names.map((name) => [name, 1])));
    },
    120_000,
  );
});
