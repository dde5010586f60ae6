import { credentialsKey } from '../clusters/connector.js';
import { IndexStore } from '../index/store.js';
import { testClusterServices } from './clusters.js';
import { tokenKubeconfig } from './fake-apiserver.js';
import type { FakeObjectMember, Refusal, ObjectCall } from './fake-object-member.js';
import { startFakeObjectMember } from './fake-object-member.js';
import type { IdentityTestApp } from './identity.js';
import { signedInAcmeUser, startIdentityApp } from './identity.js';
import { seedBuiltInRoles } from './org-fixtures.js';

export interface MemberRouteApp {
  app: IdentityTestApp;
  member: FakeObjectMember;
  index: IndexStore;
  /** Login tokens: root (system admin), alice (developer in alpha, denied in bravo). */
  tokens: Record<'root' | 'alice', string>;
  close(): Promise<void>;
}

/**
 * The real app with identity, cluster access and an index; cluster alpha (vendor
 * ProviderKubeconfig, region r1) is a loopback fake member, bravo (region r2) has no member.
 */
export async function startMemberRouteApp(
  refuse?: (call: ObjectCall) => Refusal | undefined,
): Promise<MemberRouteApp> {
  const member = await startFakeObjectMember({ token: 'tok', ...(refuse ? { refuse } : {}) });
  const index = IndexStore.open(':memory:');
  const app = await startIdentityApp({}, (store) => testClusterServices(store, [member.host]), {
    index,
  });
  await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  // The built-in roles as the operator applies them: root holds owner in every member.
  await seedBuiltInRoles(app.store);
  for (const [name, region] of [
    ['alpha', 'r1'],
    ['bravo', 'r2'],
  ] as const) {
    await app.store.secrets.create({
      name: `${name}-credentials`,
      data: {
        [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(member.url, 'tok') }),
      },
    });
    await app.store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region,
        credentialsSecretRef: { name: `${name}-credentials`, namespace: app.store.namespace },
      },
    });
  }
  const tokens = { root: '', alice: '' };
  const users: Array<['root' | 'alice', Record<string, unknown>]> = [
    ['root', { sysAdmin: true }],
    [
      'alice',
      {
        clusterPermissions: [
          { cluster: 'alpha', role: 'developer', effect: 'Allow' },
          { cluster: 'bravo', role: 'developer', effect: 'Deny' },
        ],
      },
    ],
  ];
  for (const [userName, extra] of users) {
    tokens[userName] = await signedInAcmeUser(app, userName, extra);
  }
  return {
    app,
    member,
    index,
    tokens,
    async close() {
      await app.close();
      await member.close();
      index.close();
    },
  };
}
