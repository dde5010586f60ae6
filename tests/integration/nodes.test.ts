// Node detail, cordon, taints, labels and annotations, pods and events of a test-bed member node,
// done by a system admin through the console and checked with kubectl on the member.
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
  onMember,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const suffix = `nd${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
// A node of our own: taints and cordons never disturb the demo pods other tests count on.
const node = `nimbus-${suffix}`;
const busyNode = 'member-a-node-0';
const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';

interface NodeDetail {
  name: string;
  uid: string;
  ready: boolean;
  unschedulable: boolean;
  roles: string[];
  kubeletVersion: string;
  osImage: string;
  architecture: string;
  taints: Array<{ key: string; value?: string; effect: string }>;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  capacity: Record<string, string>;
  conditions: Array<{ type: string; status: string }>;
}

let root: Session;

const memberNode = (): {
  metadata: { uid: string; labels: Record<string, string>; annotations: Record<string, string> };
  spec: {
    unschedulable?: boolean;
    taints?: Array<{ key: string; value?: string; effect: string }>;
  };
} => JSON.parse(onMember('member-a', ['get', 'node', node, '-o', 'json']).stdout);

function apply(objects: object[]): void {
  const result = onMember(
    'member-a',
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  );
  if (result.status !== 0) throw new Error(result.stderr);
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'nodes',
      contact: 'Ops',
      email: 'ops@nodes.example',
    }),
  );
  apply([
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: node,
        annotations: { 'kwok.x-k8s.io/node': 'fake', 'nimbus.io/drop': 'me' },
        labels: {
          type: 'kwok',
          'kubernetes.io/hostname': node,
          'node-role.kubernetes.io/worker': '',
          'nimbus.io/drop': 'me',
        },
      },
      spec: { taints: [{ key: 'nimbus.io/test', value: 'nodes', effect: 'NoSchedule' }] },
      status: {
        allocatable: { cpu: '2', memory: '4Gi', pods: '10' },
        capacity: { cpu: '2', memory: '4Gi', pods: '10' },
        nodeInfo: {
          architecture: 'amd64',
          bootID: '',
          containerRuntimeVersion: 'kwok',
          kernelVersion: 'kwok',
          kubeProxyVersion: 'fake',
          kubeletVersion: 'fake',
          machineID: '',
          operatingSystem: 'linux',
          osImage: 'kwok simulated node',
          systemUUID: '',
        },
      },
    },
  ]);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  expect(await memberAllows('member-a', root.userName, 'patch', 'nodes')).toBe('yes');
}, 90_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  onMember('member-a', ['delete', 'node', node, '--ignore-not-found', '--wait=false']);
  onMember('member-a', ['delete', 'events', '-n', 'default', '-l', `nimbus.io/test=${suffix}`]);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

const detail = () => atCluster<NodeDetail>(root, 'crd', 'GET', cluster, `/nodes/${node}`);

describe('node detail', () => {
  it('shows the node as the member has it', async () => {
    const ready = await eventually(detail, (r) => r.body.data?.ready === true, 30_000);
    expect(ready.body.code).toBe(0);
    const data = ready.body.data;
    expect(data).toMatchObject({
      name: node,
      uid: memberNode().metadata.uid,
      unschedulable: false,
      roles: ['worker'],
      osImage: 'kwok simulated node',
      architecture: 'amd64',
      taints: [{ key: 'nimbus.io/test', value: 'nodes', effect: 'NoSchedule' }],
      capacity: { cpu: '2', memory: '4Gi', pods: '10' },
    });
    expect(data.labels).toMatchObject({ type: 'kwok', 'nimbus.io/drop': 'me' });
    expect(data.annotations[lastApplied]).toContain(node);
    expect(data.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
  });

  it('answers 1004 for a node the member does not have', async () => {
    const { body } = await atCluster(root, 'crd', 'GET', cluster, `/nodes/no-such-${suffix}`);
    expect(body.code).toBe(1004);
  });
});

describe('cordon', () => {
  it('cordons and uncordons, and kubectl sees spec.unschedulable flip', async () => {
    const cordoned = await atCluster<NodeDetail>(
      root,
      'crd',
      'PUT',
      cluster,
      `/nodes/${node}?unschedulable=true`,
    );
    expect(cordoned.body.code).toBe(0);
    expect(cordoned.body.data.unschedulable).toBe(true);
    expect(memberNode().spec.unschedulable).toBe(true);
    const back = await atCluster<NodeDetail>(
      root,
      'crd',
      'PUT',
      cluster,
      `/nodes/${node}?unschedulable=false`,
    );
    expect(back.body.data.unschedulable).toBe(false);
    expect(memberNode().spec.unschedulable).toBeUndefined();
  });
});

describe('labels, annotations and taints', () => {
  it('replaces each set; kubectl shows them and last-applied survives', async () => {
    const current = memberNode().metadata;
    const { 'nimbus.io/drop': _label, ...labels } = current.labels;
    const taints = [
      { key: 'nimbus.io/test', value: 'nodes', effect: 'NoSchedule' },
      { key: 'nimbus.io/prefer', value: 'elsewhere', effect: 'PreferNoSchedule' },
      { key: 'nimbus.io/evict', effect: 'NoExecute' },
    ];
    const { body } = await atCluster<NodeDetail>(root, 'k8s', 'PUT', cluster, `/nodes/${node}`, {
      body: {
        labels: { ...labels, tier: 'gold' },
        annotations: { 'kwok.x-k8s.io/node': 'fake', 'nimbus.io/note': 'hello world' },
        taints,
      },
    });
    expect(body.code).toBe(0);
    expect(body.data.taints).toEqual(taints);
    const seen = memberNode();
    expect(seen.metadata.labels.tier).toBe('gold');
    expect(seen.metadata.labels).not.toHaveProperty('nimbus.io/drop');
    expect(seen.metadata.labels.type).toBe('kwok');
    expect(seen.metadata.annotations['nimbus.io/note']).toBe('hello world');
    expect(seen.metadata.annotations).not.toHaveProperty('nimbus.io/drop');
    expect(seen.metadata.annotations[lastApplied]).toBe(current.annotations[lastApplied]);
    expect(
      (seen.spec.taints ?? []).map(({ key, value, effect }) => ({
        key,
        ...(value ? { value } : {}),
        effect,
      })),
    ).toEqual(taints);
    const round = await detail();
    expect(round.body.data.labels.tier).toBe('gold');
    expect(round.body.data.taints.map((t) => t.effect)).toEqual([
      'NoSchedule',
      'PreferNoSchedule',
      'NoExecute',
    ]);
  });

  it('refuses a bad effect or label key and leaves the node alone', async () => {
    const before = memberNode();
    for (const payload of [
      { taints: [{ key: 'a', effect: 'NoWay' }] },
      { labels: { 'no spaces': 'x' } },
    ]) {
      const { body } = await atCluster(root, 'k8s', 'PUT', cluster, `/nodes/${node}`, {
        body: payload,
      });
      expect(body.code).toBe(1000);
    }
    expect(memberNode().metadata.labels).toEqual(before.metadata.labels);
  });
});

describe('pods and events of a node', () => {
  // Only namespace demo: files in the other integration lane create and delete pods in their own
  // namespaces at any moment, and kwok puts them on this node too.
  it('lists the demo pods on a node like kubectl does', async () => {
    const expected = onMember('member-a', [
      'get',
      'pods',
      '-n',
      'demo',
      '--field-selector',
      `spec.nodeName=${busyNode}`,
      '-o',
      'jsonpath={.items[*].metadata.name}',
    ])
      .stdout.trim()
      .split(/\s+/)
      .filter(Boolean)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await atCluster<{
      items: Array<{ name: string; namespace: string; cells: Record<string, unknown> }>;
    }>(root, 'crd', 'GET', cluster, `/nodes/${busyNode}/pods?pageSize=500`);
    expect(body.code).toBe(0);
    const demoPods = body.data.items.filter((p) => p.namespace === 'demo');
    expect(demoPods.map((p) => p.name).sort()).toEqual(expected);
    const demo = demoPods[0];
    expect(demo?.cells).toMatchObject({ phase: 'Running', ready: '1/1', node: busyNode });
  });

  it('lists the events of a node, newest first', async () => {
    const event = (name: string, reason: string, at: string) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: `${node}.${name}`,
        namespace: 'default',
        labels: { 'nimbus.io/test': suffix },
      },
      involvedObject: { kind: 'Node', name: node, apiVersion: 'v1' },
      type: 'Warning',
      reason,
      message: `${reason} for the test`,
      count: 3,
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: at,
      source: { component: 'nimbus-test' },
    });
    apply([
      event('old', 'NimbusOld', '2026-01-01T01:00:00Z'),
      event('new', 'NimbusNew', '2026-01-01T02:00:00Z'),
    ]);
    const { body } = await atCluster<{
      items: Array<{ reason: string; count: number; source: string; type: string }>;
    }>(root, 'crd', 'GET', cluster, `/nodes/${node}/events`);
    expect(body.code).toBe(0);
    const ours = body.data.items.filter((e) => e.reason.startsWith('Nimbus'));
    expect(ours.map((e) => e.reason)).toEqual(['NimbusNew', 'NimbusOld']);
    expect(ours[0]).toMatchObject({ type: 'Warning', count: 3, source: 'nimbus-test' });
  });
});

describe('cluster detail', () => {
  it('counts the nodes the index holds and shows the probed version', async () => {
    const members = onMember('member-a', ['get', 'nodes', '-o', 'name']).stdout.trim().split('\n');
    const read = () =>
      atCluster<{
        name: string;
        ready: boolean;
        organization: string;
        kubernetesVersion: string;
        nodeCount: number;
        readyNodeCount: number;
        capacity: { cpu: number; memory: number; pods: number };
      }>(root, 'crd', 'GET', cluster);
    const answer = await eventually(
      read,
      (r) => r.body.data?.nodeCount === members.length && r.body.data.kubernetesVersion !== '',
      30_000,
    );
    expect(answer.body.data).toMatchObject({
      name: cluster,
      ready: true,
      organization: org,
      nodeCount: members.length,
    });
    expect(answer.body.data.kubernetesVersion).toMatch(/^v1\./);
    expect(answer.body.data.readyNodeCount).toBeGreaterThanOrEqual(3);
    // Three demo nodes of 4 cores and 16 GiB each, plus ours.
    expect(answer.body.data.capacity.cpu).toBeGreaterThanOrEqual(14);
    expect(answer.body.data.capacity.memory).toBeGreaterThanOrEqual(52 * 2 ** 30);
  });
});
