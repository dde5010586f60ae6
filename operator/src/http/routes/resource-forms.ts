import type { Request } from 'express';
import { kindCollectionPath, kindDeclaration, type DeclaredKind } from '@nimbus/api/shared';
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

/** The creation forms: each manifest is built here and created on the member as the caller. */
export function resourceFormEndpoints(members: MemberAccess): Implementation[] {
  const memberOf = (ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), locationFromBodyOrHeaders(ctx.req as Request));
  /** Creates `manifest` in the kind's collection (in `namespace` for a namespaced kind). */
  const create = async (
    ctx: CallContext,
    kind: DeclaredKind,
    manifest: KubeObject,
    namespace?: string,
  ) => {
    const member = await memberOf(ctx);
    const declaration = kindDeclaration(kind);
    const path = kindCollectionPath(declaration, namespace);
    return publicObject(
      declaration.plural,
      await member.json<KubeObject>({ method: 'POST', path, body: manifest }),
    );
  };

  return [
    implement('createService', async ({ params, body }, ctx) =>
      publicObject('services', await createService(await memberOf(ctx), params.namespace, body)),
    ),
    implement('createIngress', ({ params, body }, ctx) =>
      create(ctx, 'Ingress', ingressManifest(body, params.namespace), params.namespace),
    ),
    implement('createPersistentVolumeClaim', ({ params, body }, ctx) =>
      create(
        ctx,
        'PersistentVolumeClaim',
        persistentVolumeClaimManifest(body, params.namespace),
        params.namespace,
      ),
    ),
    implement('createPersistentVolume', ({ body }, ctx) =>
      create(ctx, 'PersistentVolume', persistentVolumeManifest(body)),
    ),
    implement('createStorageClass', ({ body }, ctx) =>
      create(ctx, 'StorageClass', storageClassManifest(body)),
    ),
  ];
}
