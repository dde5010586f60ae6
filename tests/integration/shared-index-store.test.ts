// The index of the members' objects on the shared PostgreSQL store (docs/index.md "On
// PostgreSQL"), with real operator processes against the test bed's hub, member-a and Debian's
// PostgreSQL: a member registered once is synced by one of three replicas (its Lease) into the
// database's rows, every replica pages the same list (a cursor from one continues on another),
// another replica takes the member over within 30 s of the holder being killed and the index
// follows the member afterwards, and removing the Cluster removes its rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import { hubJson, namespace } from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';
import { memberKubeconfig, registerMember } from '../support/members.js';
import { killOperator, leaseIdentityOf } from '../support/operator.js';
import type { Replica, SharedStoreBed } from '../support/shared-store.js';
import { sharedStoreBed } from '../support/shared-store.js';

const suffix = `si${Date.now().toString(36)}`;
const password = `root${suffix}1`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const hub = (args: string[]) => kubectl(testEnv.hubKubeconfig, args);

let root: Session;
let bed: SharedStoreBed | undefined;

interface PodPage {
  items: Array<{ metadata: { name: string; namespace: string }; cluster: string }>;
  nextCursor?: string;
}

/** One page of member-a's demo pods labelled app=web (a jsonb containment on PostgreSQL). */
async function webPods(replica: Replica, cursor?: string): Promise<PodPage> {
  const query = `cluster=${cluster}&namespace=demo&label=app:web&pageSize=1`;
  const answer = await api<PodPage>(
    'GET',
    'crd',
    `/pods?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { baseUrl: replica.baseUrl, token: replica.token },
  );
  return expectOk(answer);
}

interface Lease {
  metadata: { annotations?: Record<string, string> };
}

/** Which replica syncs the cluster: the holder of its member Lease (docs/scaling.md). */
const syncedBy = (): string =>
  hubJson<{ items: Lease[] }>([
    'get',
    'leases',
    '-n',
    namespace,
    '-l',
    'nimbus.io/purpose=index-member',
  ]).items.find((lease) => lease.metadata.annotations?.['nimbus.io/cluster'] === cluster)?.metadata
    .annotations?.['nimbus.io/holder'] ?? '';

/** The replica the Cluster's status names as syncing it. */
const reportedSyncer = (): string =>
  hubJson<{ status?: { index?: { replica?: string } } }>(['get', 'clusters.nimbus.io', cluster])
    .status?.index?.replica ?? '';

const memberA = (args: string[]) => kubectl(memberKubeconfig('member-a'), args);

/** The ConfigMaps of demo named `name` that `replica` lists from the index. */
async function configMapsNamed(replica: Replica, name: string): Promise<string[]> {
  const answer = await api<PodPage>(
    'GET',
    'crd',
    `/configmaps?cluster=${cluster}&namespace=demo&name=${name}`,
    { baseUrl: replica.baseUrl, token: replica.token },
  );
  return expectOk(answer).items.map((item) => item.metadata.name);
}

/** The cluster's rows in the shared database, read directly. */
async function rowsOf(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: bed?.url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM index_objects WHERE cluster = $1',
      [name],
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  bed = await sharedStoreBed(`index_${suffix}`);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'shared-index',
      contact: 'Ops',
      email: 'ops@shared-index.example',
    }),
  );
}, 60_000);

afterAll(async () => {
  memberA(['-n', 'demo', 'delete', 'configmap', `after-${suffix}`, '--ignore-not-found']);
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  await bed?.close();
  removeGitOpsSystemAdmin(suffix);
}, 120_000);

describe('the index on the shared store', () => {
  it('is one set of rows every replica pages alike, and forgets a removed cluster', async () => {
    if (!bed) throw new Error('no shared store');
    // Three replicas, as the issue's failover case asks: whichever holds the member is killed.
    const running = [
      await bed.startReplica(1, root, password),
      await bed.startReplica(2, root, password),
      await bed.startReplica(3, root, password),
    ];
    const [first, second] = running as [Replica, Replica, Replica];
    await registerMember(root, cluster, org, 'member-a', { monitors: false });
    // demo/web runs three pods (hack/testbed/manifests/sample-workloads.yaml; index-watch scales
    // it between three and four), so its first page of one has a next one.
    const page = await eventually(
      () => webPods(first),
      (answer) => answer.items.length === 1 && answer.nextCursor !== undefined,
      60_000,
    );
    expect(await rowsOf(cluster)).toBeGreaterThan(0);
    const [firstPod] = page.items;
    expect(firstPod).toMatchObject({ cluster, metadata: { namespace: 'demo' } });
    // The other replica continues the same listing from the first one's cursor.
    const next = await webPods(second, page.nextCursor);
    expect(next.items).toHaveLength(1);
    // Names sort by their bytes on every store (docs/decisions/index-on-postgres.md).
    expect((next.items[0]?.metadata.name ?? '') > (firstPod?.metadata.name ?? '')).toBe(true);

    // One replica syncs the member. Killed (no SIGTERM, no Lease released), another takes it
    // over within 30 s, and the index follows the member from then on.
    const replicas = bed;
    const identities = [1, 2, 3].map((index) => leaseIdentityOf(replicas.instance(index)));
    const holder = await eventually(syncedBy, (who) => identities.includes(who), 30_000);
    expect(identities).toContain(holder);
    const killed = identities.indexOf(holder);
    // The Cluster says who syncs it (kubectl get clusters -o wide).
    expect(await eventually(reportedSyncer, (who) => who === holder)).toBe(holder);
    killOperator(bed.instance(killed + 1));
    const taker = await eventually(syncedBy, (who) => who !== holder && who !== '', 30_000);
    const survivors = identities.filter((who) => who !== holder);
    expect(survivors).toContain(taker);
    expect(await eventually(reportedSyncer, (who) => who === taker)).toBe(taker);
    const survivor = running[identities.indexOf(taker)] as Replica;
    const created = `after-${suffix}`;
    expect(memberA(['-n', 'demo', 'create', 'configmap', created]).status).toBe(0);
    expect(
      await eventually(
        () => configMapsNamed(survivor, created),
        (names) => names.length === 1,
      ),
    ).toEqual([created]);

    hub(['delete', 'clusters.nimbus.io', cluster, '--wait=false']);
    expect(
      await eventually(
        () => rowsOf(cluster),
        (rows) => rows === 0,
        60_000,
      ),
    ).toBe(0);
  }, 240_000);
});
