import { builtInRoleObject, builtInRoles } from '../../access/built-in-roles.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openText, sealText } from '../../core/sealed-text.js';
import { cursorKey } from '../../identity/session-key.js';
import { IndexStore } from '../../index/store.js';
import type { KubeObject } from '../../index/trim.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { signedInAcmeUser, startIdentityApp } from '../../testing/identity.js';

const crd = '/crd.nimbus.io';

let app: IdentityTestApp;
let index: IndexStore;
const tokens: Record<string, string> = {};

function pod(cluster: string, name: string, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'demo',
      uid: `${cluster}-${name}`,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels,
      managedFields: [{ manager: 'kubectl' }],
    },
    spec: { nodeName: 'node-1' },
  };
}

async function addUser(name: string, extra: Record<string, unknown>) {
  tokens[name] = await signedInAcmeUser(app, name, extra);
}

function get(user: string, path: string) {
  return app.call('GET', `${crd}${path}`, { token: tokens[user] ?? '' });
}

interface ListData {
  items: Array<{
    metadata: { name: string; managedFields?: unknown };
    cluster: string;
    vendor: string;
    region: string;
  }>;
  nextCursor?: string;
}

beforeAll(async () => {
  index = IndexStore.open(':memory:');
  app = await startIdentityApp({}, undefined, { index });
  await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  // The built-in roles as the operator applies them: root holds owner in every member.
  for (const role of builtInRoles) await app.store.roles.create(builtInRoleObject(role));
  for (const [name, region] of [
    ['alpha', 'eu-west-1'],
    ['bravo', 'us-east-1'],
  ] as const) {
    await app.store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region,
        credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
  }
  await addUser('alice', {
    clusterPermissions: [
      { cluster: 'alpha', role: 'developer', effect: 'Allow' },
      { cluster: 'bravo', role: 'developer', effect: 'Deny' },
    ],
  });
  await addUser('root', { sysAdmin: true });
  index.upsert('alpha', 'pods', [
    pod('alpha', 'web-1', { app: 'web' }),
    pod('alpha', 'web-2', { app: 'web' }),
    pod('alpha', 'web-3', { app: 'web' }),
    pod('alpha', 'db-1', { app: 'db' }),
  ]);
  index.upsert('alpha', 'configmaps', [{ ...pod('alpha', 'web-config'), kind: 'ConfigMap' }]);
  index.upsert('bravo', 'pods', [pod('bravo', 'web-9', { app: 'web' })]);
});

afterAll(async () => {
  await app.close();
  index.close();
});

describe('GET /crd.{host}/:kind', () => {
  it("never shows a denied cluster's objects, even when asked for", async () => {
    const { body } = await get('alice', '/pods?pageSize=500');
    const items = (body.data as ListData).items;
    expect(items.map((item) => item.metadata.name)).toEqual(['db-1', 'web-1', 'web-2', 'web-3']);
    expect(items[0]).toMatchObject({ cluster: 'alpha', vendor: 'ProviderKubeconfig' });
    expect(items[0]?.region).toBe('eu-west-1');
    expect(items[0]?.metadata.managedFields).toBeUndefined();
    const asked = await get('alice', '/pods?cluster=bravo');
    expect((asked.body.data as ListData).items).toEqual([]);
  });

  it('shows every cluster to a system admin', async () => {
    const { body } = await get('root', '/pods?name=web&cluster=alpha,bravo');
    const items = (body.data as ListData).items;
    expect(items.map((item) => `${item.cluster}/${item.metadata.name}`)).toEqual([
      'alpha/web-1',
      'alpha/web-2',
      'alpha/web-3',
      'bravo/web-9',
    ]);
  });

  it('pages with the cursor and filters by label and name', async () => {
    const first = await get('alice', '/pods?pageSize=2&label=app:web');
    const page1 = first.body.data as ListData;
    expect(page1.items.map((item) => item.metadata.name)).toEqual(['web-1', 'web-2']);
    expect(page1.nextCursor).toBeDefined();
    const second = await get(
      'alice',
      `/pods?pageSize=2&label=app:web&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
    );
    const page2 = second.body.data as ListData;
    expect(page2.items.map((item) => item.metadata.name)).toEqual(['web-3']);
    expect(page2.nextCursor).toBeUndefined();
    const byName = await get('alice', '/pods?name=DB');
    expect((byName.body.data as ListData).items.map((item) => item.metadata.name)).toEqual([
      'db-1',
    ]);
  });

  it('hands its cursors out sealed, and takes back only what it sealed, unaltered', async () => {
    const first = await get('alice', '/pods?pageSize=2&label=app:web');
    const sealed = (first.body.data as ListData).nextCursor ?? '';
    // The keyset key inside names the page's last row by its number in the whole index, which
    // would count other organizations' writes between two pages; none of it shows.
    const store = openText(cursorKey(app.sessionKey), sealed) ?? '';
    expect(Buffer.from(store, 'base64url').toString('utf8')).toContain('web-2');
    for (const part of sealed.split('.')) {
      expect(Buffer.from(part, 'base64url').toString('utf8')).not.toContain('web-2');
    }
    const continueWith = (cursor: string) =>
      get('alice', `/pods?pageSize=2&label=app:web&cursor=${encodeURIComponent(cursor)}`);
    const second = await continueWith(sealed);
    expect((second.body.data as ListData).items.map((item) => item.metadata.name)).toEqual([
      'web-3',
    ]);
    // The store's own cursor, as the API handed it out before, and an altered one: 1000.
    expect((await continueWith(store)).body.code).toBe(1000);
    const [iv = '', tag = '', body = ''] = sealed.split('.');
    const altered = Buffer.from(body, 'base64url');
    altered[0] = (altered[0] ?? 0) ^ 1;
    const refused = await continueWith([iv, tag, altered.toString('base64url')].join('.'));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1000);
    // Sealed under another installation's key.
    const foreign = sealText(cursorKey(randomBytes(32)), store);
    expect((await continueWith(foreign)).body.code).toBe(1000);
  });

  it('refuses a bad cursor, a page size over 500 and an unknown kind', async () => {
    expect((await get('alice', '/pods?cursor=garbage')).body.code).toBe(1000);
    expect((await get('alice', '/pods?pageSize=501')).body.code).toBe(1000);
    expect((await get('alice', '/widgets')).body.code).toBe(1004);
  });

  it('refuses anonymous callers', async () => {
    const { status } = await app.call('GET', `${crd}/pods`);
    expect(status).toBe(401);
  });
});

describe('GET /crd.{host}/clusters', () => {
  it("lists the organization's clusters with the caller's effect", async () => {
    const { body } = await get('alice', '/clusters');
    const data = body.data as { items: Array<{ name: string; status: string }>; total: number };
    expect(data.items.map(({ name, status }) => ({ name, status }))).toEqual([
      { name: 'alpha', status: 'Allow' },
      { name: 'bravo', status: 'Deny' },
    ]);
    const filtered = await get('alice', '/clusters?name=rav&pageSize=1');
    expect((filtered.body.data as { items: Array<{ name: string }> }).items).toHaveLength(1);
    expect((filtered.body.data as { items: Array<{ name: string }> }).items[0]?.name).toBe('bravo');
  });
});

describe('GET /crd.{host}/search', () => {
  it('groups hits by cluster then kind, only in allowed clusters', async () => {
    const { body } = await get('alice', '/search?keyword=web');
    expect(body.data).toEqual([
      {
        providerTopology: { cluster: 'alpha', region: 'eu-west-1', vendor: 'ProviderKubeconfig' },
        resources: [
          {
            type: 'configmaps',
            unit: '',
            samples: [
              { labels: { name: 'web-config', namespace: 'demo' }, value: '2026-01-01T00:00:00Z' },
            ],
          },
          {
            type: 'pods',
            unit: '',
            samples: ['web-1', 'web-2', 'web-3'].map((name) => ({
              labels: { name, namespace: 'demo' },
              value: '2026-01-01T00:00:00Z',
            })),
          },
        ],
      },
    ]);
  });

  it('refuses an empty keyword', async () => {
    expect((await get('alice', '/search?keyword=%20')).body.code).toBe(1000);
    expect((await get('alice', '/search')).body.code).toBe(1000);
  });
});
