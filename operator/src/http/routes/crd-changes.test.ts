import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../../access/built-in-roles.js';
import { ChangeFeed, type IndexNotice } from '../../index/change-feed.js';
import { IndexStore } from '../../index/store.js';
import { readEventStream, type EventReader } from '../../testing/event-stream.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { signedInAcmeUser, startIdentityApp } from '../../testing/identity.js';

let app: IdentityTestApp;
let index: IndexStore;
let feed: ChangeFeed;
let tokens: Record<string, string> = {};

const notice = (cluster: string, kind: string, name: string, namespace = 'demo'): IndexNotice => ({
  cluster,
  kind,
  namespace,
  name,
  type: 'upsert',
});

async function follow(user: string, query: string, on = app): Promise<EventReader> {
  const response = await fetch(`${on.url}/api/v1/crd.nimbus.io/changes?${query}`, {
    headers: { Authorization: `Bearer ${tokens[user] ?? ''}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = readEventStream(response.body as ReadableStream<Uint8Array>);
  expect(await reader.next()).toEqual({ event: 'ready', data: '{}' });
  return reader;
}

async function nextChanges(reader: EventReader): Promise<IndexNotice[]> {
  const event = await reader.next();
  expect(event?.event).toBe('changes');
  return (JSON.parse(event?.data ?? '{}') as { changes: IndexNotice[] }).changes;
}

/** An app with organization acme, clusters alpha and bravo, and the users of these tests. */
async function build(changes: ChangeFeed) {
  const built = await startIdentityApp({}, undefined, { index, changes });
  await built.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  for (const role of builtInRoles) await built.store.roles.create(builtInRoleObject(role));
  for (const name of ['alpha', 'bravo']) {
    await built.store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'eu-west-1',
        credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
  }
  const users = {
    alice: await signedInAcmeUser(built, 'alice', {
      clusterPermissions: [
        { cluster: 'alpha', role: 'developer', effect: 'Allow' },
        { cluster: 'bravo', role: 'developer', effect: 'Deny' },
      ],
    }),
    root: await signedInAcmeUser(built, 'root', { sysAdmin: true }),
    carol: await signedInAcmeUser(built, 'carol', {
      clusterPermissions: [
        { cluster: 'alpha', role: 'developer', effect: 'Allow' },
        { cluster: 'bravo', role: 'developer', effect: 'Allow' },
      ],
    }),
  };
  return { built, users };
}

beforeAll(async () => {
  index = IndexStore.open(':memory:');
  feed = new ChangeFeed();
  const { built, users } = await build(feed);
  app = built;
  tokens = users;
});

afterAll(async () => {
  await app.close();
  index.close();
});

describe('GET /crd.{host}/changes', () => {
  it('tells the caller only what her list would show, in one event per burst', async () => {
    const reader = await follow('alice', 'kind=pods&kind=deployments');
    feed.publish([
      notice('bravo', 'pods', 'hidden-in-denied-cluster'),
      notice('alpha', 'configmaps', 'not-asked-for'),
      notice('alpha', 'pods', 'web-1'),
      notice('alpha', 'pods', 'web-1'),
    ]);
    feed.publish([{ ...notice('alpha', 'deployments', 'web'), type: 'delete' }]);
    expect(await nextChanges(reader)).toEqual([
      notice('alpha', 'pods', 'web-1'),
      { ...notice('alpha', 'deployments', 'web'), type: 'delete' },
    ]);
    await reader.close();
  });

  it("narrows to the clusters and namespaces asked for; a relist reaches every namespace's list", async () => {
    const reader = await follow('root', 'kind=pods&cluster=bravo&namespace=shop');
    feed.publish([
      notice('alpha', 'pods', 'other-cluster', 'shop'),
      notice('bravo', 'pods', 'other-namespace', 'demo'),
      notice('bravo', 'pods', 'cart', 'shop'),
      { cluster: 'bravo', kind: 'pods', namespace: '', name: '', type: 'relist' },
    ]);
    expect(await nextChanges(reader)).toEqual([
      notice('bravo', 'pods', 'cart', 'shop'),
      { cluster: 'bravo', kind: 'pods', namespace: '', name: '', type: 'relist' },
    ]);
    await reader.close();
  });

  it('folds more objects than one event carries into their kinds listed again', async () => {
    const reader = await follow('root', 'kind=pods');
    feed.publish(Array.from({ length: 250 }, (_, i) => notice('alpha', 'pods', `pod-${i}`)));
    expect(await nextChanges(reader)).toEqual([
      { cluster: 'alpha', kind: 'pods', namespace: '', name: '', type: 'relist' },
    ]);
    await reader.close();
  });

  it('stops telling a caller whose binding on the cluster was turned to Deny', async () => {
    const reader = await follow('carol', 'kind=pods');
    const marker = notice('bravo', 'pods', 'marker');
    feed.publish([notice('alpha', 'pods', 'before'), marker]);
    expect(await nextChanges(reader)).toEqual([notice('alpha', 'pods', 'before'), marker]);
    await app.store.users.modify('carol', (spec) => ({
      ...spec,
      clusterPermissions: [
        { cluster: 'alpha', role: 'developer', effect: 'Deny' },
        { cluster: 'bravo', role: 'developer', effect: 'Allow' },
      ],
    }));
    // Once the rights are read again nothing of alpha is told; the marker in bravo shows the
    // stream is still open and has passed everything published before it.
    await vi.waitFor(
      async () => {
        feed.publish([notice('alpha', 'pods', 'after'), marker]);
        expect(await nextChanges(reader)).toEqual([marker]);
      },
      { timeout: 5_000, interval: 50 },
    );
    await reader.close();
  });

  it('ends the stream when the feed closes (the replica stops)', async () => {
    const own = new ChangeFeed();
    const { built, users } = await build(own);
    try {
      tokens = { ...tokens, other: users.root };
      const reader = await follow('other', 'kind=pods', built);
      own.close();
      expect(await reader.next()).toBeUndefined();
    } finally {
      tokens = { ...tokens, other: '' };
      await built.close();
    }
  });

  it('holds at most 16 streams per user open at once, and frees one as it closes', async () => {
    const { built, users } = await build(new ChangeFeed());
    tokens = { ...tokens, many: users.alice };
    try {
      const open: EventReader[] = [];
      for (let i = 0; i < 16; i++) open.push(await follow('many', 'kind=pods', built));
      const refused = await built.call('GET', '/crd.nimbus.io/changes?kind=pods', {
        token: users.alice,
      });
      expect(refused).toMatchObject({ status: 429, body: { code: 1006 } });
      // Another user is not held to alice's count.
      const other = await follow('root', 'kind=pods');
      await other.close();
      await open.pop()?.close();
      await vi.waitFor(async () => {
        const again = await follow('many', 'kind=pods', built);
        open.push(again);
      });
      for (const reader of open) await reader.close();
    } finally {
      await built.close();
    }
  });

  it('refuses a kind the index does not hold, as an envelope before any event', async () => {
    const { body } = await app.call('GET', '/crd.nimbus.io/changes?kind=pods&kind=widgets', {
      token: tokens.alice ?? '',
    });
    expect(body).toMatchObject({ code: 1000 });
    const none = await app.call('GET', '/crd.nimbus.io/changes', { token: tokens.alice ?? '' });
    expect(none.body).toMatchObject({ code: 1000 });
  });
});
