import type { Request } from 'express';
import { invalid } from '../../core/problems.js';
import { requireIdentity } from '../identity-locals.js';
import {
  createConfigObject,
  deleteConfigObject,
  listConfigObjects,
  readConfigObject,
  replaceConfigObject,
} from '../../k8s/configs/config-objects.js';
import { configItem } from '../../k8s/configs/config-views.js';
import { registrySecret } from '../../k8s/configs/registry-secret.js';
import { updateSecretValues } from '../../k8s/configs/secret-values.js';
import { locationFromBodyOrHeaders } from '../location.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import { assertPathNamespace } from '../../k8s/namespaces/path-namespace.js';
import { publicObject } from '../../k8s/resources/sanitize.js';
import { objectEvents } from '../../k8s/workloads/related.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

const locationOf = ({ vendor, region, cluster }: ClusterLocation): ClusterLocation => ({
  vendor,
  region,
  cluster,
});

/** The body's metadata must agree with the path: its namespace, and on replace its name. */
function checkPath(
  body: { metadata: { name: string; namespace?: string | undefined } },
  namespace: string,
  name?: string,
): void {
  assertPathNamespace(body, namespace);
  if (name !== undefined && body.metadata.name !== name) {
    throw invalid('metadata.name', `must be ${name}, the name in the path`);
  }
}

/**
 * Config maps and secrets, as the caller; Secret values are written, never answered.
 * Also a pod's events (its detail page), read the same way.
 */
export function configEndpoints(members: MemberAccess): Implementation[] {
  const at = async (params: ClusterLocation, ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), locationOf(params));
  const placed = async (req: Request, ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), locationFromBodyOrHeaders(req));

  return [
    implement('listConfigMaps', async ({ params }, ctx) => ({
      items: (await listConfigObjects(await at(params, ctx), 'configmaps', params.namespace)).map(
        (item) => configItem('configmaps', item),
      ),
    })),
    implement('getConfigMap', async ({ params }, ctx) =>
      publicObject(
        'configmaps',
        await readConfigObject(await at(params, ctx), 'configmaps', params.namespace, params.name),
      ),
    ),
    implement('createConfigMap', async ({ params, body }, ctx) => {
      checkPath(body, params.namespace);
      const member = await placed(ctx.req, ctx);
      return publicObject(
        'configmaps',
        await createConfigObject(member, 'configmaps', params.namespace, body),
      );
    }),
    implement('replaceConfigMap', async ({ params, body }, ctx) => {
      checkPath(body, params.namespace, params.name);
      const member = await placed(ctx.req, ctx);
      return publicObject(
        'configmaps',
        await replaceConfigObject(member, 'configmaps', params.namespace, body),
      );
    }),
    implement('deleteConfigMap', async ({ params }, ctx) =>
      configItem(
        'configmaps',
        await deleteConfigObject(
          await at(params, ctx),
          'configmaps',
          params.namespace,
          params.name,
        ),
      ),
    ),
    implement('listSecrets', async ({ params }, ctx) => ({
      items: (await listConfigObjects(await at(params, ctx), 'secrets', params.namespace)).map(
        (item) => configItem('secrets', item),
      ),
    })),
    implement('getSecret', async ({ params }, ctx) =>
      configItem(
        'secrets',
        await readConfigObject(await at(params, ctx), 'secrets', params.namespace, params.name),
      ),
    ),
    implement('createSecret', async ({ params, body }, ctx) => {
      checkPath(body, params.namespace);
      const member = await placed(ctx.req, ctx);
      return configItem(
        'secrets',
        await createConfigObject(member, 'secrets', params.namespace, body),
      );
    }),
    implement('replaceSecret', async ({ params, body }, ctx) => {
      checkPath(body, params.namespace, params.name);
      const member = await placed(ctx.req, ctx);
      return configItem(
        'secrets',
        await replaceConfigObject(member, 'secrets', params.namespace, body),
      );
    }),
    implement('updateSecretValues', async ({ params, body }, ctx) =>
      configItem(
        'secrets',
        await updateSecretValues(await at(params, ctx), params.namespace, params.name, body),
      ),
    ),
    implement('deleteSecret', async ({ params }, ctx) =>
      configItem(
        'secrets',
        await deleteConfigObject(await at(params, ctx), 'secrets', params.namespace, params.name),
      ),
    ),
    implement('listPodEvents', async ({ params }, ctx) =>
      objectEvents(await at(params, ctx), params.namespace, 'Pod', params.name),
    ),
    implement('createRegistrySecret', async ({ params, body }, ctx) => {
      const member = await placed(ctx.req, ctx);
      return configItem(
        'secrets',
        await createConfigObject(member, 'secrets', params.namespace, registrySecret(body)),
      );
    }),
  ];
}
