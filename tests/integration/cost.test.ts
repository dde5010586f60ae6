// The cost center against the test bed: member-a (3 simulated m5.xlarge nodes labelled us-east-1)
// and member-b (3 ecs.g7.xlarge) registered by kubeconfig with their Prometheus. The operator
// under test samples every 5 s (hack/operator.sh NIMBUS_COST_SAMPLE_SECONDS); its leader writes
// the day's rollup ConfigMap into the hub, and the API counts only the caller's Allow clusters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsUser,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `cost${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const clusterA = `member-a-${suffix}`;
const clusterB = `member-b-${suffix}`;
const viewer = `viewer-${suffix}`;

interface Item {
  name: string;
  cluster: string;
  namespace?: string;
  kind?: string;
  idle: boolean;
  cpuCost: number;
  memoryCost: number;
  totalCost: number;
}
interface Allocation {
  totalCost: number;
  idleCost: number;
  trend: Array<{ date: string; totalCost: number; idleCost: number }>;
  items: Item[];
  clusters: Array<{
    cluster: string;
    minutes: number;
    usageMetrics: boolean;
    priceSources: string[];
  }>;
}

let root: Session;
let allowed: Session;
const today = () => new Date().toISOString().slice(0, 10);

const allocation = (session: Session, query: Record<string, string>) =>
  api<Allocation>(
    'GET',
    'cost',
    `/allocation?${new URLSearchParams({ from: today(), to: today(), ...query })}`,
    {
      token: session.token,
    },
  );

/** The stored rollup of a cluster for today, as kubectl reads the hub. */
interface StoredRollup {
  minutes: number;
  nodes: Array<{ name: string; hourly: number; priceSource: string }>;
}
function storedRollup(cluster: string): StoredRollup | undefined {
  const stored = hubJson<{ items: Array<{ data?: Record<string, string> }> }>([
    'get',
    'configmaps',
    '-A',
    '-l',
    `nimbus.io/cost-rollup=true,nimbus.io/cluster=${cluster}`,
  ]);
  const text = stored.items[0]?.data?.['rollup.json'];
  return text ? (JSON.parse(text) as StoredRollup) : undefined;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'cost',
      contact: 'Ops',
      email: 'ops@cost.example',
    }),
  );
  await registerMember(root, clusterA, org, 'member-a');
  await registerMember(root, clusterB, org, 'member-b');
  // member-b as an on-premise cluster: its owner's custom price wins over its nodes' labels.
  hub([
    'patch',
    'clusters.nimbus.io',
    clusterB,
    '--type=merge',
    '-p',
    '{"spec":{"customPrice":{"cpuCoreHour":0.05,"memoryGiBHour":0.01}}}',
  ]);
  allowed = await gitOpsUser(viewer, org, [
    { cluster: clusterA, role: 'developer', effect: 'Allow' },
  ]);
  // A few samples of both clusters, with usage and pods indexed.
  await eventually(
    async () => [storedRollup(clusterA), storedRollup(clusterB)],
    (rollups) => rollups.every((r) => (r?.minutes ?? 0) >= 0.25),
    120_000,
  );
}, 180_000);

afterAll(async () => {
  await unregisterMember(root, clusterA, org);
  await unregisterMember(root, clusterB, org);
  removeGitOpsUser(viewer);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('cost allocation on the test bed', () => {
  it('prices member-a by the catalogue: the rows add up to 3 × $0.192 per node-hour sampled', async () => {
    const data = expectOk(
      await eventually(
        () => allocation(root, { aggregate: 'namespace', cluster: clusterA }),
        (r) =>
          r.body.code === 0 && r.body.data.items.some((i) => i.name === 'demo' && i.totalCost > 0),
        60_000,
      ),
    );
    const [info] = data.clusters;
    expect(info).toMatchObject({
      cluster: clusterA,
      priceSources: ['catalogue'],
      usageMetrics: true,
    });
    // Every node cost is either allocated or idle: total = minutes / 60 × 3 × 0.192.
    expect(data.totalCost).toBeCloseTo(((info?.minutes ?? 0) / 60) * 3 * 0.192, 6);
    const sum = data.items.reduce((total, item) => total + item.totalCost, 0);
    expect(sum).toBeCloseTo(data.totalCost, 9);
    const idle = data.items.find((i) => i.idle);
    expect(idle?.name).toBe('__idle__');
    expect(idle?.totalCost).toBeGreaterThan(0);
    expect(data.idleCost).toBeCloseTo(idle?.totalCost ?? 0, 9);
  });

  it('finds the demo Deployment by workload and by its app label', async () => {
    const byWorkload = expectOk(
      await allocation(root, { aggregate: 'workload', cluster: clusterA }),
    );
    expect(byWorkload.items).toContainEqual(
      expect.objectContaining({ name: 'web', namespace: 'demo', kind: 'Deployment', idle: false }),
    );
    const byLabel = expectOk(
      await allocation(root, { aggregate: 'label', label: 'app', cluster: clusterA }),
    );
    expect(byLabel.items.find((i) => i.name === 'web')?.totalCost).toBeGreaterThan(0);
  });

  it('prices member-b by its custom price: 3 nodes × (4 × 0.05 + 16 × 0.01) = $1.08 per hour', async () => {
    const data = expectOk(
      await eventually(
        () => allocation(root, { aggregate: 'cluster', cluster: clusterB }),
        (r) => r.body.code === 0 && r.body.data.clusters[0]?.priceSources.join() === 'custom',
        60_000,
      ),
    );
    expect(data.totalCost).toBeGreaterThan(0);
    // The rollup keeps each node's last price: 4 cores × 0.05 + 16 GiB × 0.01 = 0.36 per hour.
    const nodes = storedRollup(clusterB)?.nodes ?? [];
    expect(nodes.map((n) => n.priceSource)).toEqual(['custom', 'custom', 'custom']);
    for (const node of nodes) expect(node.hourly).toBeCloseTo(0.36, 9);
  });

  it('counts only the clusters bound to the caller with Allow', async () => {
    const mine = expectOk(await allocation(allowed, { aggregate: 'cluster' }));
    expect(mine.clusters.map((c) => c.cluster)).toEqual([clusterA]);
    expect(mine.items.every((i) => i.cluster === clusterA)).toBe(true);
    const refused = await allocation(allowed, { aggregate: 'cluster', cluster: clusterB });
    expect(refused.body.code).toBe(9997);
  });

  it('keeps the history in the hub, owned by the Cluster', () => {
    const owner = hub([
      'get',
      'configmaps',
      '-A',
      '-l',
      `nimbus.io/cost-rollup=true,nimbus.io/cluster=${clusterA}`,
      '-o',
      'jsonpath={.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}',
    ]);
    expect(owner.stdout.trim()).toBe(`Cluster/${clusterA}`);
  });
});
