// The multi-cluster index end to end: a member registered through the API is followed by the
// operator's index and listed by /crd.{host}; deleting the Cluster removes its objects.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';

const suffix = `idx${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const clusters = '/providers/ProviderKubeconfig/clusters';
const hub = (args: string[]) => kubectl(testEnv.hubKubeconfig, args);

const memberAKubeconfig = (): string => {
  const path = testEnv.memberKubeconfigs.find((file) => file.endsWith('member-a.kubeconfig'));
  if (!path) throw new Error('member-a kubeconfig not configured');
  return readFileSync(path, 'utf8');
};

interface PodList {
  items: Array<{
    metadata: { name: string; namespace: string; managedFields?: unknown };
    cluster: string;
    vendor: string;
    region: string;
  }>;
  nextCursor?: string;
}

let root: Session;

const crd = <T>(path: string) => api<T>('GET', 'crd', path, { token: root.token });
const webPods = `/pods?cluster=${cluster}&namespace=demo&label=app:web&pageSize=500`;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'index',
      contact: 'Ops',
      email: 'ops@index.example',
    }),
  );
}, 60_000);

afterAll(() => {
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('/crd.{host} lists from the index', () => {
  it('indexes member-a once registered and lists its demo/web pods', async () => {
    expectOk(
      await api('POST', 'manage', clusters, {
        token: root.token,
        body: {
          name: cluster,
          organizationId: org,
          region: 'local',
          credentials: { kubeconfig: memberAKubeconfig() },
        },
      }),
    );
    const listed = await eventually(
      async () => expectOk(await crd<PodList>(webPods)),
      (data) => data.items.length > 0,
      45_000,
    );
    expect(listed.items.length).toBeGreaterThan(0);
    for (const pod of listed.items) {
      expect(pod).toMatchObject({ cluster, vendor: 'ProviderKubeconfig', region: 'local' });
      expect(pod.metadata.namespace).toBe('demo');
      expect(pod.metadata.name).toMatch(/^web-/);
      expect(pod.metadata.managedFields).toBeUndefined();
    }
    const found = expectOk(
      await crd<Array<{ providerTopology: { cluster: string } }>>('/search?keyword=web'),
    );
    expect(found.map((group) => group.providerTopology.cluster)).toContain(cluster);
  }, 60_000);

  it('follows a create, a change and a delete made with kubectl', async () => {
    const name = `follow-${suffix}`;
    const member = testEnv.memberKubeconfigs.find((file) => file.endsWith('member-a.kubeconfig'));
    if (!member) throw new Error('member-a kubeconfig not configured');
    const onMember = (args: string[]) => kubectl(member, ['-n', 'demo', ...args]);
    const mine = `/configmaps?cluster=${cluster}&namespace=demo&name=${name}`;
    type Item = PodList['items'][number] & { metadata: { labels?: Record<string, string> } };
    // The watch delivers each change; how fast is measured by bench/index-sync.ts, not here.
    const follow = async (done: (items: Item[]) => boolean): Promise<void> => {
      const seen = await eventually(
        async () => expectOk(await crd<{ items: Item[] }>(mine)).items,
        done,
        { intervalMs: 100 },
      );
      expect(done(seen)).toBe(true);
    };
    try {
      onMember(['create', 'configmap', name, '--from-literal=step=one']);
      await follow((items) => items.length === 1);
      onMember(['label', 'configmap', name, 'stage=changed']);
      await follow((items) => items[0]?.metadata.labels?.stage === 'changed');
      onMember(['delete', 'configmap', name]);
      await follow((items) => items.length === 0);
    } finally {
      onMember(['delete', 'configmap', name, '--ignore-not-found']);
    }
  }, 30_000);

  it('forgets the cluster once it is deleted', async () => {
    expectOk(
      await api('DELETE', 'manage', `${clusters}/${cluster}`, {
        token: root.token,
        body: { organizationId: org },
      }),
    );
    const after = await eventually(
      async () => expectOk(await crd<PodList>(webPods)),
      (data) => data.items.length === 0,
      15_000,
    );
    expect(after.items).toEqual([]);
  }, 30_000);
});
