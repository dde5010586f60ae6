import { requireIdentity } from '../identity-locals.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import { publicObject } from '../../k8s/resources/sanitize.js';
import {
  deleteWorkload,
  hotfixWorkload,
  listRevisions,
  restartWorkload,
  rollbackWorkload,
  runCronJob,
  scaleWorkload,
  suspendCronJob,
} from '../../k8s/workloads/lifecycle.js';
import { workloadEvents, workloadPods, workloadServices } from '../../k8s/workloads/related.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/**
 * The application lifecycle and the workload detail reads, all as the caller. Objects are
 * answered as the detail read answers them (`publicObject`: no managedFields).
 */
export function workloadEndpoints(
  members: MemberAccess,
  now: () => Date = () => new Date(),
): Implementation[] {
  // The caller is checked (9997 for a denied cluster) before anything is sent to the member.
  const memberFor = (params: ClusterLocation, ctx: CallContext) =>
    members.forCaller(requireIdentity(ctx.res), params);

  return [
    implement('scaleWorkload', async ({ params, body }, ctx) =>
      publicObject(
        params.kind,
        await scaleWorkload(await memberFor(params, ctx), params, body.replicas),
      ),
    ),
    implement('restartWorkload', async ({ params }, ctx) =>
      publicObject(params.kind, await restartWorkload(await memberFor(params, ctx), params, now())),
    ),
    implement('rollbackWorkload', async ({ params, body }, ctx) =>
      publicObject(
        params.kind,
        await rollbackWorkload(await memberFor(params, ctx), params, body.revision),
      ),
    ),
    implement('hotfixWorkload', async ({ params, body }, ctx) =>
      publicObject(params.kind, await hotfixWorkload(await memberFor(params, ctx), params, body)),
    ),
    implement('suspendCronJob', async ({ params, body }, ctx) =>
      publicObject(
        'cronjobs',
        await suspendCronJob(await memberFor(params, ctx), params, body.suspend),
      ),
    ),
    implement('runCronJob', async ({ params }, ctx) =>
      publicObject('jobs', await runCronJob(await memberFor(params, ctx), params, now())),
    ),
    implement('deleteWorkload', async ({ params, query }, ctx) =>
      publicObject(
        params.kind,
        await deleteWorkload(await memberFor(params, ctx), params, query.propagationPolicy),
      ),
    ),
    implement('listWorkloadRevisions', async ({ params }, ctx) =>
      listRevisions(await memberFor(params, ctx), params),
    ),
    implement('listWorkloadPods', async ({ params }, ctx) =>
      workloadPods(await memberFor(params, ctx), params),
    ),
    implement('listWorkloadEvents', async ({ params }, ctx) =>
      workloadEvents(await memberFor(params, ctx), params),
    ),
    implement('listWorkloadServices', async ({ params }, ctx) =>
      workloadServices(await memberFor(params, ctx), params),
    ),
  ];
}
