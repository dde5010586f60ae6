import { requireIdentity } from '../identity-locals.js';
import {
  listRepositories,
  listTags,
  providerRegistries,
  splitImage,
} from '../../registries/browse.js';
import { searchDockerHub } from '../../registries/docker-hub.js';
import { credentialFields } from '../../registries/logins.js';
import type { RegistryServices } from '../../registries/registry-service.js';
import {
  createRegistry,
  deleteRegistry,
  listOrganizationRegistries,
  testRegistry,
  updateRegistry,
} from '../../registries/registry-service.js';
import { registryHostRules, registryKinds } from '@nimbus/api/shared';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Image registries. */
export function registryEndpoints(services: RegistryServices): Implementation[] {
  return [
    implement('listSupportedRegistries', () => ({
      items: registryKinds.map((kind) => ({
        kind,
        hostExample: registryHostRules[kind].example,
        credentialFields: credentialFields[kind],
      })),
    })),
    implement('listOrganizationRegistries', ({ params, query }, { res }) =>
      listOrganizationRegistries(services, requireIdentity(res), params.orgId, query),
    ),
    implement('testRegistry', ({ body }, { res }) =>
      testRegistry(services, requireIdentity(res), body),
    ),
    implement('createRegistry', ({ body }, { res }) =>
      createRegistry(services, requireIdentity(res), body),
    ),
    implement('updateRegistry', ({ body }, { res }) =>
      updateRegistry(services, requireIdentity(res), body),
    ),
    implement('deleteRegistry', ({ body }, { res }) =>
      deleteRegistry(services, requireIdentity(res), body.organizationId, body.name),
    ),
    implement('listProviderRegistries', ({ params }, { res }) =>
      providerRegistries(services, requireIdentity(res), params.providerId),
    ),
    implement('splitRepository', ({ params, query }, { res }) =>
      splitImage(services, requireIdentity(res), params.providerId, query.image),
    ),
    implement('searchDockerHub', ({ query }) => searchDockerHub(services.vendors, query)),
    implement('listRegistryRepositories', ({ params }, { res }) =>
      listRepositories(services, requireIdentity(res), params.registryId),
    ),
    implement('listRepositoryTags', ({ params }, { res }) =>
      listTags(services, requireIdentity(res), params.registryId, params.image),
    ),
  ];
}
