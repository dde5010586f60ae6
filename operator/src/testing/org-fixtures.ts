import { builtInRoleObject, builtInRoles } from '../access/built-in-roles.js';
import { createUser } from '../identity/accounts.js';
import type { HubStore } from '../hub/store.js';
import type { IdentityTestApp } from './identity.js';

const fixturePassword = 'secret12';

/** Creates a user in the given organizations and signs them in; answers their session token. */
export async function signedInUser(
  app: IdentityTestApp,
  name: string,
  orgs: { name: string; admin: boolean }[],
  sysAdmin = false,
): Promise<string> {
  await createUser(app.services, {
    userName: name,
    spec: { email: `${name}@example.com`, organizations: orgs, ...(sysAdmin ? { sysAdmin } : {}) },
    password: fixturePassword,
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: name, password: fixturePassword },
  });
  return (body.data as { token: string }).token;
}

/** Organizations by name, each with the kubeconfig clusters given for it; answers their uids. */
export async function seedOrganizations(
  store: Pick<HubStore, 'organizations' | 'clusters'>,
  clustersByOrganization: Record<string, readonly string[]>,
): Promise<Record<string, string>> {
  const uids: Record<string, string> = {};
  for (const [name, clusters] of Object.entries(clustersByOrganization)) {
    const org = await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
    uids[name] = org.metadata.uid;
    for (const cluster of clusters) {
      await store.clusters.create({
        metadata: { name: cluster, labels: { 'nimbus.io/organization': name } },
        spec: {
          provider: 'ProviderKubeconfig',
          region: 'eu-west-1',
          credentialsSecretRef: { name: `${cluster}-credentials`, namespace: 'nimbus-system' },
        },
      });
    }
  }
  return uids;
}

/** The built-in roles as the operator applies them at start. */
export async function seedBuiltInRoles(store: Pick<HubStore, 'roles'>): Promise<void> {
  for (const role of builtInRoles) await store.roles.create(builtInRoleObject(role));
}

/** Gives a user their own role bindings on clusters (effect Allow unless given). */
export async function bindRoles(
  store: Pick<HubStore, 'users'>,
  user: string,
  bindings: { cluster: string; role: string; effect?: 'Allow' | 'Deny' }[],
): Promise<void> {
  await store.users.modify(user, (spec) => ({
    ...spec,
    clusterPermissions: bindings.map((b) => ({ effect: 'Allow' as const, ...b })),
  }));
}
