// The admin lists' notices: which organization's list a hub change concerns, and who hears it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '../identity/identity.js';
import { createMemoryStore, type MemoryHubStore } from '../testing/memory-store.js';
import { ChangeFeed, type IndexNotice } from './change-feed.js';
import { followHubLists, hubListNotice, hubNoticeScope } from './hub-list-notices.js';

let store: MemoryHubStore;
let heard: IndexNotice[];
let uid: Record<string, string>;

beforeEach(async () => {
  store = createMemoryStore();
  uid = {};
  for (const name of ['acme', 'globex']) {
    const org = await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
    uid[name] = org.metadata.uid;
  }
  const feed = new ChangeFeed();
  heard = [];
  feed.subscribe((notices) => heard.push(...notices));
  followHubLists(store, feed);
});

const orgOf = (name: string) => uid[name] ?? '';

describe('the admin lists on the change feed', () => {
  it("tells a group's organization, naming the list and the organization only", async () => {
    await store.userGroups.create({
      metadata: { name: 'ops' },
      spec: { organization: 'acme', description: 'on call' },
    });
    expect(heard).toEqual([hubListNotice('hub.groups', orgOf('acme'))]);
    expect(heard[0]).toMatchObject({ cluster: '', namespace: '', name: '', type: 'relist' });
  });

  it('tells the organization a member left as well as the one she joined, and on delete', async () => {
    const member = (organization: string) => ({
      metadata: { name: 'alice' },
      spec: {
        email: 'alice@example.com',
        organizations: [{ name: organization, admin: false }],
      },
    });
    await store.users.create(member('acme'));
    await store.users.apply(member('globex'));
    await store.users.delete('alice');
    expect(heard).toEqual([
      hubListNotice('hub.users', orgOf('acme')),
      hubListNotice('hub.users', orgOf('acme')),
      hubListNotice('hub.users', orgOf('globex')),
      hubListNotice('hub.users', orgOf('globex')),
    ]);
  });

  it("tells a cluster's organization by its labels, and nothing of one that has none", async () => {
    await store.clusters.create({
      metadata: {
        name: 'prod',
        labels: { 'nimbus.io/organization': 'acme', 'nimbus.io/organization-uid': orgOf('acme') },
      },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: 'prod-kubeconfig', namespace: 'nimbus-system' },
      },
    });
    await store.clusters.create({
      metadata: { name: 'stray' },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: 'stray-kubeconfig', namespace: 'nimbus-system' },
      },
    });
    expect(heard).toEqual([hubListNotice('hub.clusters', orgOf('acme'))]);
  });
});

describe('who hears an admin list notice', () => {
  const caller = (organizations: Identity['organizations'], sysAdmin = false): Identity => ({
    userName: 'someone',
    userId: 'someone-uid',
    sysAdmin,
    organizations,
    role: 'user',
    via: 'session',
  });
  const acme = (admin: boolean) => ({ name: 'acme', uid: 'acme-uid', admin });

  it("a member hears her organization's lists, the users list only as its administrator", () => {
    const member = hubNoticeScope(caller([acme(false)]));
    expect(member(hubListNotice('hub.clusters', 'acme-uid'))).toBe(true);
    expect(member(hubListNotice('hub.users', 'acme-uid'))).toBe(false);
    expect(member(hubListNotice('hub.clusters', 'globex-uid'))).toBe(false);
    const admin = hubNoticeScope(caller([acme(true)]));
    expect(admin(hubListNotice('hub.users', 'acme-uid'))).toBe(true);
    expect(admin(hubListNotice('hub.users', 'globex-uid'))).toBe(false);
  });

  it('a system administrator hears every organization; nobody hears an index notice here', () => {
    const root = hubNoticeScope(caller([], true));
    expect(root(hubListNotice('hub.users', 'globex-uid'))).toBe(true);
    const pods: IndexNotice = {
      cluster: 'prod',
      kind: 'pods',
      namespace: 'shop',
      name: 'web-1',
      type: 'upsert',
    };
    expect(root(pods)).toBe(false);
  });
});
