import type { Request } from 'express';
import { requireIdentity } from '../identity-locals.js';
import type { KubeObject } from '../../index/trim.js';
import { ingressManifest } from '../../k8s/forms/network-manifests.js';
import { createService } from '../../k8s/forms/service-create.js';
import {
  persistentVolumeClaimManifest,
  persistentVolumeManifest,
  storageClassManifest,
} from '../../k8s/forms/storage-manifests.js';
import { locationFromBodyOrHeaders } from '../location.js';
import type { MemberAccess } from '../../k8s/member-access.js';
import { publicObject } from '../../k8s/resources/sanitize.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

const ns = (namespace: string) => `/api/v1/namespaces/${encodeURIComponent(namespace)}`;

/** The creation forms: each manifest is built here and created on the member as the caller. */
export function resourceFormEndpoints(members: MemberAccess): Implementation[] {
  const memberOf = (ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), locationFromBodyOrHeaders(ctx.req as Request));
  const create = async (
    ctx: CallContext,
    collection: string,
    path: string,
    manifest: KubeObject,
  ) => {
    const member = await memberOf(ctx);
    return publicObject(
      collection,
      await member.json<KubeObject>({ method: 'POST', path, body: manifest }),
    );
  };

  return [
    implement('createService', async ({ params, body }, ctx) =>
      publicObject('services', await createService(await memberOf(ctx), params.namespace, body)),
    ),
    implement('createIngress', ({ params, body }, ctx) =>
      create(
        ctx,
        'ingresses',
        `/apis/networking.k8s.io/v1/namespaces/${encodeURIComponent(params.namespace)}/ingresses`,
        ingressManifest(body, params.namespace),
      ),
    ),
    implement('createPersistentVolumeClaim', ({ params, body }, ctx) =>
      create(
        ctx,
        'persistentvolumeclaims',
        `${ns(params.namespace)}/persistentvolumeclaims`,
        persistentVolumeClaimManifest(body, params.namespace),
      ),
    ),
    implement('createPersistentVolume', ({ body }, ctx) =>
      create(ctx, 'persistentvolumes', '/api/v1/persistentvolumes', persistentVolumeManifest(body)),
    ),
    implement('createStorageClass', ({ body }, ctx) =>
      create(
        ctx,
        'storageclasses',
        '/apis/storage.k8s.io/v1/storageclasses',
        storageClassManifest(body),
      ),
    ),
  ];
}
