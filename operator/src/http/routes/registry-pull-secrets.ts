import { requireIdentity } from '../identity-locals.js';
import {
  createConfigObject,
  readConfigObject,
  replaceConfigObject,
} from '../../k8s/configs/config-objects.js';
import { configItem } from '../../k8s/configs/config-views.js';
import { locationFromBodyOrHeaders } from '../location.js';
import type { MemberAccess } from '../../k8s/member-access.js';
import { registryPullSecret } from '../../registries/pull-secret.js';
import { writePullSecret } from '../../registries/pull-secret-reuse.js';
import type { RegistryServices } from '../../registries/registry-service.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/**
 * A namespace's pull secret from a stored registry, written in the member as the caller; Nimbus's
 * own secret of that name for the same registry is refreshed, any other is left alone.
 */
export function registryPullSecretEndpoints(
  members: MemberAccess,
  registries: RegistryServices,
): Implementation[] {
  return [
    implement('createRegistryPullSecret', async ({ params, body }, ctx) => {
      const identity = requireIdentity(ctx.res);
      const location = locationFromBodyOrHeaders(ctx.req);
      // The member connection first: a cluster the caller cannot reach is not there for them.
      const member = await members.forCaller(identity, location);
      const secret = await registryPullSecret(registries, identity, location.cluster, body);
      const { namespace } = params;
      const written = await writePullSecret(
        {
          create: (input) => createConfigObject(member, 'secrets', namespace, input),
          read: (name) => readConfigObject(member, 'secrets', namespace, name),
          replace: (input) => replaceConfigObject(member, 'secrets', namespace, input),
        },
        secret,
        body.registryId,
      );
      return configItem('secrets', written);
    }),
  ];
}
