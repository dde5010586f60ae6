import type { Request } from 'express';
import { invalid } from '../../core/problems.js';
import { requireIdentity } from '../identity-locals.js';
import type { MemberRouteDeps } from '../../k8s/deps.js';
import { locationFromBodyOrHeaders } from '../location.js';
import type { ClusterLocation } from '../../k8s/member-access.js';
import { createNamespace } from '../../k8s/namespaces/namespace-create.js';
import {
  listNamespaces,
  namespaceItem,
  namespacePath,
} from '../../k8s/namespaces/namespace-detail.js';
import { assertPathNamespace } from '../../k8s/namespaces/path-namespace.js';
import { createSpecObject, replaceSpecObject } from '../../k8s/namespaces/quota-limits.js';
import { systemNamespaces } from '../../k8s/namespaces/system-namespaces.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

const locationOf = (params: ClusterLocation): ClusterLocation => ({
  vendor: params.vendor,
  region: params.region,
  cluster: params.cluster,
});

/** Namespaces, resource quotas and limit ranges below /k8s.{host}, as the caller. */
export function namespaceEndpoints(deps: MemberRouteDeps): Implementation[] {
  const { members } = deps;
  // Calls whose path names no cluster take it from the body or the X-Nimbus-* headers.
  const placedMember = (req: Request, ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), locationFromBodyOrHeaders(req));
  const specBody = <B extends { metadata: { name: string; namespace?: string | undefined } }>(
    body: B,
    namespace: string,
    name?: string,
  ): B => {
    assertPathNamespace(body, namespace);
    if (name !== undefined && body.metadata.name !== name) {
      throw invalid('metadata.name', `must be ${name}, the name in the path`);
    }
    return body;
  };

  return [
    implement('listNamespaces', async ({ params }, { res }) =>
      listNamespaces(await members.forCaller(requireIdentity(res), locationOf(params))),
    ),
    implement('deleteNamespace', async ({ params }, { res }) => {
      if (systemNamespaces.has(params.name)) {
        throw invalid('name', `${params.name} is a system namespace and cannot be deleted`);
      }
      const member = await members.forCaller(requireIdentity(res), locationOf(params));
      return namespaceItem(
        await member.json({ method: 'DELETE', path: namespacePath(params.name) }),
      );
    }),
    implement('createNamespace', async ({ body }, ctx) =>
      createNamespace(await placedMember(ctx.req, ctx), body),
    ),
    implement('createResourceQuota', async ({ params, body }, ctx) => {
      const input = specBody(body, params.namespace);
      return createSpecObject(
        await placedMember(ctx.req, ctx),
        'resourcequotas',
        params.namespace,
        input,
      );
    }),
    implement('replaceResourceQuota', async ({ params, body }, ctx) => {
      const input = specBody(body, params.namespace, params.name);
      const member = await placedMember(ctx.req, ctx);
      return replaceSpecObject(member, 'resourcequotas', params.namespace, params.name, input.spec);
    }),
    implement('createLimitRange', async ({ params, body }, ctx) => {
      const input = specBody(body, params.namespace);
      return createSpecObject(
        await placedMember(ctx.req, ctx),
        'limitranges',
        params.namespace,
        input,
      );
    }),
    implement('replaceLimitRange', async ({ params, body }, ctx) => {
      const input = specBody(body, params.namespace, params.name);
      const member = await placedMember(ctx.req, ctx);
      return replaceSpecObject(member, 'limitranges', params.namespace, params.name, input.spec);
    }),
  ];
}
