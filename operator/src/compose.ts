// The composition root's wiring of the services the API routes call (docs/decisions/
// operator-layering.md): main.ts builds the hub store, identity, cluster services and the index,
// then these from them; the routes (http/routes/) only bind services to the contract. The test
// apps call the same function, so what they serve is wired as the operator is.
import { grantedInOrganization } from './access/permissions.js';
import { permissionGate } from './access/permission-gate.js';
import { createCatalogue } from './appstore/catalogue.js';
import type { ClusterServices } from './clusters/registration.js';
import type { RouteServices } from './http/routes/index.js';
import { iamDepsFrom } from './iam/context.js';
import type { IdentityServices } from './identity/services.js';
import { createMemberAccess } from './k8s/member-access.js';
import { registryServicesFrom } from './registries/registry-service.js';
import { createProviderClients } from './sso/provider-client.js';

export function routeServices(deps: {
  identity?: IdentityServices | undefined;
  clusters?: ClusterServices | undefined;
}): RouteServices {
  const { identity, clusters } = deps;
  const store = identity?.store;
  const policy = clusters?.policy ?? {};
  return {
    ...(store && clusters
      ? {
          members: createMemberAccess({ store, connector: clusters.connector }),
          registries: registryServicesFrom(store, clusters),
        }
      : {}),
    ...(identity
      ? {
          sso: {
            store: identity.store,
            sessions: identity.sessions,
            flowKey: identity.flowKey,
            clients: createProviderClients({
              store: identity.store,
              policy,
              ...(clusters?.resolve ? { resolve: clusters.resolve } : {}),
            }),
          },
          iam: iamDepsFrom(identity),
          gate: permissionGate(identity.store),
          catalogue: createCatalogue({
            store: identity.store,
            browses: (caller, org) =>
              grantedInOrganization(identity.store, caller, org, 'appstore:list'),
            policy,
          }),
        }
      : {}),
  };
}
