import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IndexStore } from '../../index/store.js';
import { tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { testClusterServices } from '../../testing/clusters.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { signedInAcmeUser, startIdentityApp } from '../../testing/identity.js';
import type { FakeNodeMember } from '../../testing/fake-node-member.js';
import { startFakeNodeMember } from '../../testing/fake-node-member.js';
import { fakeClock, until } from '../../testing/fake-clock.js';

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
const at = (cluster: string) => `/vendors/ProviderKubeconfig/regions/eu-west-1/clusters/${cluster}`;
const crd = (cluster: string, rest = '') => `/crd.nimbus.io${at(cluster)}${rest}`;
const k8s = (cluster: string, rest = '') => `/k8s.nimbus.io${at(cluster)}${rest}`;

let app: IdentityTestApp;
let member: FakeNodeMember;
let index: IndexStore;
const tokens: Record<string, string> = {};
const memberTimeoutMs = 1_000;
const clock = fakeClock();

function call(method: string, path: string, user: string, body?: unknown, headers = {}) {
  return app.call(method, path, { token: tokens[user] ?? '', body, headers });
}

function nodeObject(name: string, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      uid: `uid-${name}`,
      resourceVersion: '7',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/os': 'linux' },
      annotations: { [lastApplied]: '{"kind":"Node"}', note: 'keep' },
    },
    spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute', timeAdded: 'T0' }] },
    status: {
      addresses: [
        { type: 'Hostname', address: name },
        { type: 'InternalIP', address: '10.0.0.7' },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.36.0',
        kubeProxyVersion: 'v1.36.0',
        osImage: 'Ubuntu 24.04',
        kernelVersion: '6.8.0',
        containerRuntimeVersion: 'containerd://2.0',
        architecture: 'amd64',
        operatingSystem: 'linux',
      },
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '3500m', memory: '7Gi', pods: '110' },
      conditions: [
        { type: 'Ready', status: 'True', reason: 'KubeletReady', lastTransitionTime: 'T1' },
      ],
    },
    ...extra,
  };
}

function pod(name: string, restarts: number) {
  return {
    metadata: { name, namespace: 'demo', creationTimestamp: '2026-01-02T00:00:00Z' },
    spec: {
      nodeName: 'node-1',
      containers: [{ name: 'a' }, { name: 'b' }],
    },
    status: {
      phase: 'Running',
      podIP: '10.1.0.9',
      containerStatuses: [
        { ready: true, restartCount: restarts },
        { ready: false, restartCount: 1 },
      ],
    },
  };
}

async function addUser(name: string, extra: Record<string, unknown>) {
  tokens[name] = await signedInAcmeUser(app, name, extra);
}

beforeAll(async () => {
  member = await startFakeNodeMember();
  index = IndexStore.open(':memory:');
  // Member deadlines on a fake clock: only the silent member's test moves it past one.
  app = await startIdentityApp(
    {},
    (store) => testClusterServices(store, [member.host], memberTimeoutMs, clock),
    { index },
  );
  const org = await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  await app.store.roles.create({
    metadata: { name: 'read-only' },
    spec: {
      builtIn: true,
      permissions: [
        { name: 'node:list', effect: 'Allow' },
        { name: 'cluster:view', effect: 'Allow' },
      ],
    },
  });
  await addUser('root', { sysAdmin: true, organizations: [] });
  for (const name of ['alpha', 'bravo']) {
    const created = await call(
      'POST',
      '/manage.nimbus.io/providers/ProviderKubeconfig/clusters',
      'root',
      {
        name,
        organizationId: org.metadata.uid,
        region: 'eu-west-1',
        credentials: { kubeconfig: tokenKubeconfig(member.url, 'member-token') },
      },
    );
    expect(created.body.code).toBe(0);
  }
  await addUser('alice', {
    clusterPermissions: [
      { cluster: 'alpha', role: 'read-only', effect: 'Allow' },
      { cluster: 'bravo', role: 'read-only', effect: 'Deny' },
    ],
  });
});

beforeEach(() => {
  member.nodes.clear();
  member.nodes.set('node-1', nodeObject('node-1'));
  member.requests.length = 0;
  member.refuse.clear();
  member.hangFor.clear();
});

afterAll(async () => {
  await app.close();
  await member.close();
  index.close();
});

describe('GET node detail', () => {
  it('reads the node as the caller and never forwards a smuggled impersonation header', async () => {
    const { body } = await call('GET', crd('alpha', '/nodes/node-1'), 'alice', undefined, {
      'Impersonate-User': 'system:admin',
      'Impersonate-Group': 'system:masters',
    });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      name: 'node-1',
      uid: 'uid-node-1',
      ready: true,
      unschedulable: false,
      roles: ['control-plane'],
      internalIP: '10.0.0.7',
      kubeletVersion: 'v1.36.0',
      containerRuntimeVersion: 'containerd://2.0',
      taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }],
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
    });
    const seen = member.requests.filter((r) => r.path === '/api/v1/nodes/node-1');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['impersonate-user']).toBe('nimbus:alice');
    expect(seen[0]?.headers['impersonate-group']).toBeUndefined();
  });

  it('refuses a denied cluster with 9997 before any member call', async () => {
    const { body } = await call('GET', crd('bravo', '/nodes/node-1'), 'alice');
    expect(body.code).toBe(9997);
    const cordon = await call('PUT', crd('bravo', '/nodes/node-1?unschedulable=true'), 'alice');
    expect(cordon.body.code).toBe(9997);
    expect(member.requests).toEqual([]);
  });

  it('fails at once with 2001 for a cluster the last probe found not ready', async () => {
    await app.store.clusters.applyStatus('bravo', { ready: false });
    try {
      const { body } = await call('GET', crd('bravo', '/nodes/node-1'), 'root');
      expect(body.code).toBe(2001);
      expect(member.requests).toEqual([]);
    } finally {
      await app.store.clusters.applyStatus('bravo', { ready: true });
    }
  });

  it('answers 2001 within the member deadline when the member never answers', async () => {
    member.hangFor.add('nimbus:root');
    const asked = member.requests.length;
    const answer = call('GET', crd('alpha', '/nodes/node-1'), 'root');
    await until(() => member.requests.length > asked);
    clock.advance(memberTimeoutMs);
    expect((await answer).body.code).toBe(2001);
  });

  it('answers 1004 for an unknown node, cluster or wrong region', async () => {
    expect((await call('GET', crd('alpha', '/nodes/node-9'), 'alice')).body.code).toBe(1004);
    expect((await call('GET', crd('charlie', '/nodes/node-1'), 'alice')).body.code).toBe(1004);
    const wrong = '/crd.nimbus.io/vendors/ProviderKubeconfig/regions/us-east-1/clusters/alpha';
    expect((await call('GET', `${wrong}/nodes/node-1`, 'alice')).body.code).toBe(1004);
  });
});

describe('PUT cordon', () => {
  it('cordons and uncordons with a merge patch as the caller', async () => {
    const cordoned = await call('PUT', crd('alpha', '/nodes/node-1?unschedulable=true'), 'root');
    expect(cordoned.body).toMatchObject({ code: 0, data: { unschedulable: true } });
    expect(member.nodes.get('node-1')?.spec).toMatchObject({ unschedulable: true });
    const patch = member.requests.find((r) => r.method === 'PATCH');
    expect(patch?.headers['content-type']).toBe('application/merge-patch+json');
    expect(patch?.headers['impersonate-user']).toBe('nimbus:root');
    const back = await call('PUT', crd('alpha', '/nodes/node-1?unschedulable=false'), 'root');
    expect(back.body).toMatchObject({ code: 0, data: { unschedulable: false } });
    expect(member.nodes.get('node-1')?.spec).not.toHaveProperty('unschedulable');
  });

  it("maps the member's own refusal to 9997", async () => {
    member.refuse.set('nimbus:alice', new Set(['patch']));
    const { body } = await call('PUT', crd('alpha', '/nodes/node-1?unschedulable=true'), 'alice');
    expect(body.code).toBe(9997);
    expect(body.message).toContain('cannot patch');
    expect(member.nodes.get('node-1')?.spec).not.toHaveProperty('unschedulable');
  });

  it('refuses a missing or odd unschedulable value', async () => {
    for (const query of ['', '?unschedulable=yes']) {
      const { body } = await call('PUT', crd('alpha', `/nodes/node-1${query}`), 'root');
      expect(body.code).toBe(1000);
      expect(body.message).toContain('unschedulable');
    }
    expect(member.requests).toEqual([]);
  });
});

describe('PUT labels, annotations and taints', () => {
  it('replaces each given set, keeping last-applied and the time a kept taint was added', async () => {
    const { body } = await call('PUT', k8s('alpha', '/nodes/node-1'), 'root', {
      labels: { 'kubernetes.io/os': 'linux', tier: 'gold' },
      annotations: { owner: 'team-a' },
      taints: [
        { key: 'dedicated', value: 'db', effect: 'NoExecute' },
        { key: 'gpu', effect: 'NoSchedule' },
        { key: 'spot', value: 'yes', effect: 'PreferNoSchedule' },
      ],
    });
    expect(body.code).toBe(0);
    const node = member.nodes.get('node-1') as {
      metadata: { labels: object; annotations: object };
      spec: { taints: object[] };
    };
    expect(node.metadata.labels).toEqual({ 'kubernetes.io/os': 'linux', tier: 'gold' });
    expect(node.metadata.annotations).toEqual({
      owner: 'team-a',
      [lastApplied]: '{"kind":"Node"}',
    });
    expect(node.spec.taints).toEqual([
      { key: 'dedicated', value: 'db', effect: 'NoExecute', timeAdded: 'T0' },
      { key: 'gpu', effect: 'NoSchedule' },
      { key: 'spot', value: 'yes', effect: 'PreferNoSchedule' },
    ]);
    expect(body.data).toMatchObject({ roles: [], labels: { tier: 'gold' } });
    const patch = member.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({ metadata: { resourceVersion: '7' } });
  });

  it('leaves sets that were not given alone and clears taints with an empty list', async () => {
    const { body } = await call('PUT', k8s('alpha', '/nodes/node-1'), 'root', { taints: [] });
    expect(body.code).toBe(0);
    const node = member.nodes.get('node-1') as { metadata: { labels: object }; spec: object };
    expect(node.spec).not.toHaveProperty('taints');
    expect(node.metadata.labels).toHaveProperty('kubernetes.io/os', 'linux');
  });

  it('refuses bad keys, values and effects with readable messages before calling the member', async () => {
    const cases: Array<[unknown, string]> = [
      [{ labels: { 'bad key': 'x' } }, 'at most 63 characters'],
      [{ labels: { ok: '-bad-' } }, 'must be empty or at most 63'],
      [{ labels: { 'Example.com/x': 'y' } }, 'DNS subdomain'],
      [{ annotations: { '/x': 'y' } }, 'at most 63 characters'],
      [
        { taints: [{ key: 'a', effect: 'Sometimes' }] },
        'NoSchedule, PreferNoSchedule or NoExecute',
      ],
      [
        {
          taints: [
            { key: 'a', effect: 'NoSchedule' },
            { key: 'a', value: 'b', effect: 'NoSchedule' },
          ],
        },
        'only once',
      ],
      [{}, 'give labels, annotations or taints'],
    ];
    for (const [payload, message] of cases) {
      const { body } = await call('PUT', k8s('alpha', '/nodes/node-1'), 'root', payload);
      expect(body.code, JSON.stringify(payload)).toBe(1000);
      expect(body.message).toContain(message);
    }
    expect(member.requests).toEqual([]);
  });

  it("maps the member's refusal to 9997 and a concurrent change to a conflict", async () => {
    member.refuse.set('nimbus:alice', new Set(['patch']));
    const refused = await call('PUT', k8s('alpha', '/nodes/node-1'), 'alice', { labels: {} });
    expect(refused.body.code).toBe(9997);
    const denied = await call('PUT', k8s('bravo', '/nodes/node-1'), 'alice', { labels: {} });
    expect(denied.body.code).toBe(9997);
    expect(member.requests.every((r) => r.headers['impersonate-user'] === 'nimbus:alice')).toBe(
      true,
    );
    member.racing.on = true;
    const raced = await call('PUT', k8s('alpha', '/nodes/node-1'), 'root', { labels: {} });
    expect(raced.body.code).toBe(1005);
    expect(member.nodes.get('node-1')?.metadata).toHaveProperty('labels');
  });
});

describe('pods and events of a node', () => {
  it('pages the pods on the node with the member continue token', async () => {
    member.pods.splice(0, member.pods.length, pod('web-1', 2), pod('web-2', 0), pod('web-3', 0));
    const first = await call('GET', crd('alpha', '/nodes/node-1/pods?pageSize=2'), 'alice');
    const page = first.body.data as { items: Array<Record<string, unknown>>; nextCursor?: string };
    expect(page.items.map((p) => p.name)).toEqual(['web-1', 'web-2']);
    // Each pod is a row of the Pod list's columns, filled from the live object.
    expect(page.items[0]).toEqual({
      name: 'web-1',
      namespace: 'demo',
      createdAt: '2026-01-02T00:00:00Z',
      cells: { phase: 'Running', ready: '1/2', restarts: '3', node: 'node-1', podIP: '10.1.0.9' },
    });
    const query = member.requests.at(-1)?.path ?? '';
    expect(decodeURIComponent(query)).toContain('fieldSelector=spec.nodeName=node-1');
    const second = await call(
      'GET',
      crd('alpha', `/nodes/node-1/pods?pageSize=2&cursor=${page.nextCursor ?? ''}`),
      'alice',
    );
    const rest = second.body.data as { items: Array<{ name: string }>; nextCursor?: string };
    expect(rest.items.map((p) => p.name)).toEqual(['web-3']);
    expect(rest.nextCursor).toBeUndefined();
  });

  it('lists the events of the node, newest first', async () => {
    const event = (reason: string, last: string) => ({
      metadata: { name: reason, namespace: 'default' },
      involvedObject: { kind: 'Node', name: 'node-1' },
      type: 'Normal',
      reason,
      message: `${reason} happened`,
      count: 2,
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: last,
      source: { component: 'kubelet', host: 'node-1' },
    });
    member.events.splice(
      0,
      member.events.length,
      event('Starting', '2026-01-01T01:00:00Z'),
      event('NodeReady', '2026-01-01T02:00:00Z'),
      { ...event('Other', '2026-01-01T03:00:00Z'), involvedObject: { kind: 'Node', name: 'x' } },
    );
    const { body } = await call('GET', crd('alpha', '/nodes/node-1/events'), 'alice');
    const items = (body.data as { items: Array<Record<string, unknown>> }).items;
    expect(items.map((e) => e.reason)).toEqual(['NodeReady', 'Starting']);
    expect(items[0]).toEqual({
      type: 'Normal',
      reason: 'NodeReady',
      message: 'NodeReady happened',
      count: 2,
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T02:00:00Z',
      source: 'kubelet, node-1',
    });
  });
});

describe('GET cluster detail', () => {
  it('sums the indexed nodes for an allowed caller and shows none to a denied one', async () => {
    const notReady = nodeObject('node-2');
    notReady.status.conditions = [
      { type: 'Ready', status: 'False', reason: 'x', lastTransitionTime: 'T' },
    ];
    index.upsert('alpha', 'nodes', [nodeObject('node-1'), notReady]);
    index.upsert('bravo', 'nodes', [nodeObject('node-1')]);
    await app.store.clusters.applyStatus('alpha', {
      ready: true,
      kubernetesVersion: 'v1.36.0',
      lastProbeTime: '2026-01-03T00:00:00Z',
    });
    const { body } = await call('GET', crd('alpha'), 'alice');
    expect(body.data).toMatchObject({
      name: 'alpha',
      kind: 'ProviderKubeconfig',
      regionID: 'eu-west-1',
      organization: 'acme',
      ready: true,
      status: 'Allow',
      kubernetesVersion: 'v1.36.0',
      lastProbeTime: '2026-01-03T00:00:00Z',
      nodeCount: 2,
      readyNodeCount: 1,
      capacity: { cpu: 8, memory: 16 * 2 ** 30, pods: 220 },
      allocatable: { cpu: 7, memory: 14 * 2 ** 30, pods: 220 },
    });
    const denied = await call('GET', crd('bravo'), 'alice');
    expect(denied.body.data).toMatchObject({ status: 'Deny', nodeCount: 0 });
    expect((await call('GET', crd('charlie'), 'alice')).body.code).toBe(1004);
    expect(member.requests).toEqual([]);
  });
});
