import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '../../identity/identity.js';
import { setIdentity } from '../identity-locals.js';
import { requestContextMiddleware } from '../request-context.js';
import { handle } from '../respond.js';
import { organizationLabel, organizationUidLabel } from '../../access/org-scope.js';
import { recordEverything } from '../../testing/audit.js';
import { serve } from '../../testing/http.js';
import { captureLogs } from '../../testing/logs.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { auditMiddleware } from './capture.js';
import { hubAuditDirectory } from '../../audit/organization.js';
import type { AuditDirectory, AuditOrganization } from '../../audit/organization.js';
import type { AuditRecord } from '../../audit/record.js';
import { createAuditRecorder } from '../../audit/record-call.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// bob belongs to org-a and org-b and is working in org-b.
const bob: Identity = {
  userName: 'bob',
  userId: 'uid-bob',
  sysAdmin: false,
  organizations: [
    { name: 'org-a', uid: 'uid-a', admin: false },
    { name: 'org-b', uid: 'uid-b', admin: false },
  ],
  currentOrganization: 'org-b',
  role: 'user',
  via: 'session',
};

// carol administers org-a.
const carol: Identity = {
  ...bob,
  userName: 'carol',
  userId: 'uid-carol',
  organizations: [{ name: 'org-a', uid: 'uid-a', admin: true }],
  currentOrganization: 'org-a',
  role: 'organization-admin',
};

const orgA = { name: 'org-a', uid: 'uid-a' };
const orgB = { name: 'org-b', uid: 'uid-b' };
// org-c exists, and neither bob nor carol belongs to it.
const orgC = { name: 'org-c', uid: 'uid-c' };
const organizations: Record<string, AuditOrganization> = {
  'uid-a': orgA,
  'org-a': orgA,
  'org-b': orgB,
  'org-c': orgC,
};
// prod-a belongs to org-a, prod-c to org-c; orphan to nobody (an earlier organization's, say).
const owners: Record<string, AuditOrganization> = { 'prod-a': orgA, 'prod-c': orgC };
const registered = new Set(['prod-a', 'prod-c', 'orphan']);
// Members the hub knows now, beyond what the caller's identity listed when the call began.
const joined = new Set<string>();
let directory: AuditDirectory = {
  organization: (reference) => organizations[reference],
  clusterOwner: (cluster) => owners[cluster],
  clusterRegistered: (cluster) => registered.has(cluster),
  isMember: (userName, uid) => joined.has(`${userName}/${uid}`),
};

async function recordOf(
  path: string,
  init: RequestInit = {},
  identity: Identity | null = bob,
): Promise<AuditRecord | undefined> {
  const records: AuditRecord[] = [];
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use(
    '/api',
    auditMiddleware(
      createAuditRecorder(recordEverything, (record) => records.push(record)),
      'nimbus.io',
      directory,
    ),
  );
  app.use((_req, res, next) => {
    if (identity) setIdentity(res, identity);
    next();
  });
  const iam = express.Router();
  iam.use(express.json());
  iam.get(
    '/organizations/:orgId/users',
    handle(() => []),
  );
  iam.delete(
    '/organizations/:organizationId/roles/:roleId',
    handle(() => ({})),
  );
  iam.post(
    '/groups',
    handle(() => ({})),
  );
  // Deleting what the call addresses: the record must still name it.
  iam.delete(
    '/organizations/:orgId',
    handle(() => {
      delete organizations['org-a'];
      delete organizations['uid-a'];
      return null;
    }),
  );
  app.use('/api/v1/iam.nimbus.io', iam);
  const k8s = express.Router();
  k8s.use(express.json());
  k8s.put(
    '/vendors/:vendor/regions/:region/clusters/:cluster/nodes/:node',
    handle(() => ({})),
  );
  k8s.post(
    '/namespaces',
    handle(() => ({})),
  );
  app.use('/api/v1/k8s.nimbus.io', k8s);
  const manage = express.Router();
  manage.use(express.json());
  manage.post(
    '/providers/:kind/clusters/:cluster/test',
    handle(() => ({})),
  );
  iam.get(
    '/join/organizations/:orgId',
    handle(() => {
      joined.add('bob/uid-c');
      return {};
    }),
  );
  manage.delete(
    '/providers/:kind/clusters/:cluster',
    handle(() => {
      delete owners['prod-a'];
      return {};
    }),
  );
  app.use('/api/v1/manage.nimbus.io', manage);
  const server = await serve(app);
  cleanups.push(() => server.close());
  await (await fetch(`${server.url}${path}`, init)).text();
  // The record is written on the server's 'finish', just after the client has the answer.
  await vi.waitFor(() => expect(records.length).toBeGreaterThan(0));
  return records[0];
}

const acted = (record: AuditRecord | undefined) =>
  record && { name: record.organization, uid: record.organizationUid };

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('the organization a call acted in', () => {
  it("is the caller's current organization when the request names none", async () => {
    expect(acted(await recordOf('/api/v1/iam.nimbus.io/nothing'))).toEqual(orgB);
  });

  it('is null for an anonymous caller', async () => {
    const record = await recordOf('/api/v1/iam.nimbus.io/nothing', {}, null);
    expect(acted(record)).toEqual({ name: null, uid: null });
  });

  it('is the organization a path parameter addresses, by uid or name', async () => {
    const byUid = await recordOf('/api/v1/iam.nimbus.io/organizations/uid-a/users');
    expect(acted(byUid)).toEqual(orgA);
    const byName = await recordOf('/api/v1/iam.nimbus.io/organizations/org-a/roles/r1', {
      method: 'DELETE',
    });
    expect(acted(byName)).toEqual(orgA);
  });

  it("is the body's organizationId, and the current one when that is unknown", async () => {
    const known = await recordOf(
      '/api/v1/iam.nimbus.io/groups',
      json('POST', { organizationId: 'uid-a', name: 'ops' }),
    );
    expect(acted(known)).toEqual(orgA);
    const unknown = await recordOf(
      '/api/v1/iam.nimbus.io/groups',
      json('POST', { organizationId: 'org-gone', name: 'ops' }),
    );
    expect(acted(unknown)).toEqual(orgB);
  });

  it('is still the organization a call deletes', async () => {
    const record = await recordOf('/api/v1/iam.nimbus.io/organizations/org-a', {
      method: 'DELETE',
    });
    expect(acted(record)).toEqual(orgA);
    organizations['org-a'] = orgA;
    organizations['uid-a'] = orgA;
  });
});

describe('who can file a record under an organization', () => {
  it('nobody anonymous, whatever organization the body or header names', async () => {
    const planted = await recordOf(
      '/api/v1/iam.nimbus.io/groups',
      json('POST', { organizationId: 'uid-a', name: 'ops' }, { 'X-Nimbus-Organization': 'org-a' }),
      null,
    );
    expect(acted(planted)).toEqual({ name: null, uid: null });
    const viaCluster = await recordOf(
      '/api/v1/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/prod-a/nodes/n1',
      json('PUT', {}),
      null,
    );
    expect(acted(viaCluster)).toEqual({ name: null, uid: null });
  });

  it('no caller who is not a member of the organization named or owning the cluster', async () => {
    const named = await recordOf(
      '/api/v1/iam.nimbus.io/groups',
      json('POST', { organizationId: 'org-c', name: 'ops' }),
    );
    expect(acted(named)).toEqual({ name: null, uid: null });
    const inPath = await recordOf('/api/v1/iam.nimbus.io/organizations/org-c/users');
    expect(acted(inPath)).toEqual({ name: null, uid: null });
    const member = await recordOf(
      '/api/v1/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/prod-c/nodes/n1',
      json('PUT', {}),
    );
    expect(acted(member)).toEqual({ name: null, uid: null });
  });

  it('a system administrator anywhere, and a member who just joined', async () => {
    const root: Identity = { ...bob, userName: 'root', sysAdmin: true, organizations: [] };
    const byRoot = await recordOf(
      '/api/v1/iam.nimbus.io/groups',
      json('POST', { organizationId: 'org-c', name: 'ops' }),
      root,
    );
    expect(acted(byRoot)).toEqual(orgC);
    const join = await recordOf('/api/v1/iam.nimbus.io/join/organizations/org-c');
    expect(acted(join)).toEqual(orgC);
    joined.clear();
  });
});

describe('the organization of a cluster connection test', () => {
  const test = (cluster: string) =>
    `/api/v1/manage.nimbus.io/providers/ProviderKubeconfig/clusters/${cluster}/test`;

  it('is the named organization for a cluster not registered yet, if the caller administers it', async () => {
    const byAdmin = await recordOf(
      test('new-one'),
      json('POST', { organizationId: 'org-a' }),
      carol,
    );
    expect(acted(byAdmin)).toEqual(orgA);
    // bob is a plain member of org-a.
    const byMember = await recordOf(test('new-one'), json('POST', { organizationId: 'org-a' }));
    expect(acted(byMember)).toEqual({ name: null, uid: null });
  });

  it("is the registered cluster's owner, or none, whatever the body names", async () => {
    const owned = await recordOf(test('prod-a'), json('POST', { organizationId: 'org-b' }), carol);
    expect(acted(owned)).toEqual(orgA);
    const orphan = await recordOf(test('orphan'), json('POST', { organizationId: 'org-a' }), carol);
    expect(acted(orphan)).toEqual({ name: null, uid: null });
  });
});

describe('the organization of a member call', () => {
  const node = (cluster: string) =>
    `/api/v1/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/${cluster}/nodes/n1`;

  it('is the owner of the addressed cluster, not the organization the client names', async () => {
    // bob works in org-b (header), but cordons a node of org-a's cluster.
    const record = await recordOf(
      node('prod-a'),
      json('PUT', { organizationId: 'org-b' }, { 'X-Nimbus-Organization': 'org-b' }),
    );
    expect(acted(record)).toEqual(orgA);
  });

  it('names no organization when none owns the cluster, so nobody can plant records', async () => {
    const record = await recordOf(node('orphan'), json('PUT', { organizationId: 'org-b' }));
    expect(acted(record)).toEqual({ name: null, uid: null });
  });

  it('takes the cluster of a namespace call from the body or the X-Nimbus-Cluster header', async () => {
    const inBody = await recordOf(
      '/api/v1/k8s.nimbus.io/namespaces',
      json('POST', { vendor: 'ProviderKubeconfig', region: 'local', cluster: 'prod-a', name: 'x' }),
    );
    expect(acted(inBody)).toEqual(orgA);
    const inHeader = await recordOf(
      '/api/v1/k8s.nimbus.io/namespaces',
      json('POST', { name: 'x' }, { 'X-Nimbus-Cluster': 'prod-a' }),
    );
    expect(acted(inHeader)).toEqual(orgA);
  });

  it("files a cluster's deletion under its owner, whatever organizationId the body claims", async () => {
    const record = await recordOf(
      '/api/v1/manage.nimbus.io/providers/ProviderKubeconfig/clusters/prod-a',
      json('DELETE', { organizationId: 'org-b' }),
    );
    expect(acted(record)).toEqual(orgA);
    owners['prod-a'] = orgA;
  });
});

describe('the hub directory', () => {
  it('resolves organizations by uid or name, and cluster owners by uid stamp', async () => {
    const store = createMemoryStore();
    const org = await store.organizations.apply({
      metadata: { name: 'acme' },
      spec: { cnName: 'acme', contact: 'Jane', email: 'ops@acme.example' },
    });
    const spec = {
      provider: 'ProviderKubeconfig' as const,
      region: 'local',
      credentialsSecretRef: { name: 'c', namespace: store.namespace },
    };
    await store.clusters.create({
      metadata: {
        name: 'prod',
        labels: { [organizationLabel]: 'acme', [organizationUidLabel]: org.metadata.uid },
      },
      spec,
    });
    await store.clusters.create({
      metadata: {
        name: 'inherited',
        labels: { [organizationLabel]: 'acme', [organizationUidLabel]: 'uid-of-an-old-acme' },
      },
      spec,
    });
    directory = hubAuditDirectory(store);
    const acme = { name: 'acme', uid: org.metadata.uid };
    expect(directory.organization(org.metadata.uid)).toEqual(acme);
    expect(directory.organization('acme')).toEqual(acme);
    expect(directory.organization('nobody')).toBeUndefined();
    expect(directory.clusterOwner('prod')).toEqual(acme);
    expect(directory.clusterOwner('inherited')).toBeUndefined();
    expect(directory.clusterRegistered('inherited')).toBe(true);
    expect(directory.clusterRegistered('nowhere')).toBe(false);
    await store.users.create({
      metadata: { name: 'dora' },
      spec: { email: 'dora@example.com', organizations: [{ name: 'acme', admin: false }] },
    });
    expect(directory.isMember('dora', org.metadata.uid)).toBe(true);
    expect(directory.isMember('dora', 'uid-of-an-old-acme')).toBe(false);
    expect(directory.isMember('nobody', org.metadata.uid)).toBe(false);
  });
});
