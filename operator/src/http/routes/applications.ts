import { requireIdentity } from '../identity-locals.js';
import { deleteAutoscale, getAutoscale, setAutoscale } from '../../k8s/applications/autoscale.js';
import { createApplication } from '../../k8s/applications/create-application.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The shared application form's create call and "scale automatically", as the caller. */
export function applicationEndpoints(members: MemberAccess): Implementation[] {
  const memberFor = (params: ClusterLocation, ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), params);
  return [
    implement('createApplication', async ({ params, body }, ctx) =>
      createApplication(await memberFor(params, ctx), params.namespace, body),
    ),
    implement('getAutoscale', async ({ params }, ctx) =>
      getAutoscale(await memberFor(params, ctx), params),
    ),
    implement('setAutoscale', async ({ params, body }, ctx) =>
      setAutoscale(await memberFor(params, ctx), params, body),
    ),
    implement('deleteAutoscale', async ({ params }, ctx) =>
      deleteAutoscale(await memberFor(params, ctx), params),
    ),
  ];
}
