// From store sqlite to store postgres as docs/scaling.md says, on the release the earlier phases
// left (two StatefulSet replicas, each with audit records in its own file): first the StatefulSet
// is kept with its volumes while each replica's file is copied into the database, then the release
// becomes a Deployment without volumes. Every record is still there, and every replica reads the
// index one of them syncs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import { adminName, adminToken } from '../support/admin.js';
import type { Registration } from '../support/member-a.js';
import { demoPodsListed, registerMemberA, unregisterMemberA } from '../support/member-a.js';
import { startReleaseDatabase } from '../support/postgres.js';
import {
  execIn,
  hub,
  hubJson,
  isReady,
  namespace,
  podsOfRelease,
  release,
  replicaUrl,
  routedServiceUrl,
  upgradeToReleased,
} from '../support/release.js';
import type { Pod } from '../support/release.js';

const suffix = Date.now().toString(36);
const secret = `${release}-postgres`;
const marker = `store-switch-${suffix}`;
const registration: Registration = {
  baseUrl: '',
  token: '',
  org: `install-pg-${suffix}`,
  cluster: `member-a-pg-${suffix}`,
};

interface Owned {
  metadata: { ownerReferences?: { kind: string }[] };
  spec: { volumes?: { name: string }[] };
}

const storeOf = (pod: Pod): string | undefined =>
  pod.spec.containers[0]?.env?.find((variable) => variable.name === 'NIMBUS_STORE')?.value;
const ownerKind = (pod: Pod): string | undefined =>
  (pod as Pod & Owned).metadata.ownerReferences?.[0]?.kind;

/** `helm upgrade` of the released chart, keeping the values so far and setting these. */
function upgrade(values: string[]): void {
  const result = upgradeToReleased([
    '--reuse-values',
    ...values.flatMap((value) => ['--set', value]),
  ]);
  expect(result.stderr).not.toMatch(/Error/);
  expect(result.status).toBe(0);
}

/** The release's pods once exactly two run, Ready, on store postgres, owned by `kind`. */
async function podsOn(kind: string): Promise<Pod[]> {
  const pods = await eventually(
    podsOfRelease,
    (all) =>
      all.length === 2 &&
      all.every((pod) => isReady(pod) && storeOf(pod) === 'postgres' && ownerKind(pod) === kind),
    300_000,
  );
  expect(pods.map((pod) => [storeOf(pod), ownerKind(pod), isReady(pod)])).toEqual([
    ['postgres', kind, true],
    ['postgres', kind, true],
  ]);
  return pods;
}

type Page = { items: { uri: string; userName: string }[]; partial: boolean };

/** The audit records of the marker call, as the replica at baseUrl answers. */
async function markerRecords(baseUrl: string) {
  const token = await adminToken(baseUrl);
  const query = `/records?user=${adminName}&resource=iam/users&pageSize=100`;
  const page = await eventually(
    async () => (await api<Page>('GET', 'audit', query, { baseUrl, token })).body,
    (body) => body.code === 0 && body.data.items.some((item) => item.uri.includes(marker)),
    60_000,
  );
  expect(page.code).toBe(0);
  expect(page.data.partial).toBe(false);
  return page.data.items.filter((item) => item.uri.includes(marker));
}

describe('from store sqlite to store postgres', () => {
  beforeAll(async () => {
    const dsn = await startReleaseDatabase();
    // The connection string (with its password) only ever in the Secret, as docs/scaling.md says.
    const applied = hub(
      ['apply', '-n', namespace, '-f', '-'],
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: secret },
        stringData: { url: dsn },
      }),
    );
    expect(applied.status, applied.stderr).toBe(0);
  });

  afterAll(async () => {
    if (registration.token) await unregisterMemberA(registration);
    hub(['delete', 'secret', '-n', namespace, secret, '--ignore-not-found']);
  });

  it("keeps the StatefulSet's volumes at first, and each replica copies its file into the database", async () => {
    // A call recorded in a replica's SQLite file before the switch.
    const before = await routedServiceUrl();
    const token = await adminToken(before);
    await api('GET', 'iam', `/users/${marker}`, { baseUrl: before, token });
    expect(await markerRecords(before)).toHaveLength(1);

    upgrade(['store=postgres', `postgres.existingSecret=${secret}`, 'postgres.keepVolumes=true']);
    const pods = await podsOn('StatefulSet');
    for (const pod of pods) {
      const copied = execIn(pod.metadata.name, ['node', 'operator/dist/audit-copy.js']);
      expect(copied.status, `${pod.metadata.name}: ${copied.stderr}`).toBe(0);
    }
    expect(await markerRecords(await routedServiceUrl())).toHaveLength(1);
  });

  it('then runs as a Deployment without volumes, where every record is still there', async () => {
    upgrade(['postgres.keepVolumes=false']);
    const pods = await podsOn('ReplicaSet');
    for (const pod of pods) {
      expect((pod as Pod & Owned).spec.volumes?.map((volume) => volume.name)).not.toContain('data');
    }
    expect(hub(['get', 'statefulset', '-n', namespace, release]).status).not.toBe(0);
    expect(hub(['get', 'service', '-n', namespace, `${release}-peers`]).status).not.toBe(0);
    // Copied once, whichever replica answers.
    for (const pod of pods) expect(await markerRecords(replicaUrl(pod))).toHaveLength(1);
  });

  it('syncs a member from one replica, named in its status, and lists it from either', async () => {
    const pods = await podsOn('ReplicaSet');
    registration.baseUrl = await routedServiceUrl();
    registration.token = await adminToken(registration.baseUrl);
    await registerMemberA(registration);
    for (const pod of pods) {
      const token = await adminToken(replicaUrl(pod));
      expect(await demoPodsListed(replicaUrl(pod), token, registration.cluster)).toHaveLength(3);
    }
    type Cluster = { status?: { index?: { replica?: string; synced?: boolean } } };
    const synced = await eventually(
      () => hubJson<Cluster>(['get', 'clusters.nimbus.io', registration.cluster]).status?.index,
      (index) => index?.synced === true,
      60_000,
    );
    expect(pods.map((pod) => pod.metadata.name)).toContain(synced?.replica);
  });
});
