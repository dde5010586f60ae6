import { requireIdentity } from '../identity-locals.js';
import type { MemberAccess } from '../../k8s/member-access.js';
import { openPodExec } from '../../k8s/pod-exec.js';
import { openPodLogs } from '../../k8s/pod-logs.js';
import type { Implementation } from '../contract/implement.js';
import { implement, implementUpgrade } from '../contract/implement.js';
import type { StreamGuardSettings } from '../guarded-stream.js';
import { answerGuardedStream } from '../guarded-stream.js';
import { relay } from '../upgrade/relay.js';

const logHeaders = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  // A proxy in front (an ingress) must pass lines on as they come, not buffer the answer.
  'X-Accel-Buffering': 'no',
};

/**
 * A pod's command or shell (the member's exec stream as the caller, joined to the console's) and
 * a container's log (the member's, piped through as the caller).
 */
export function podEndpoints(
  members: MemberAccess,
  streams: StreamGuardSettings,
): Implementation[] {
  return [
    implementUpgrade('execPod', async ({ params, query }, context) => {
      const member = await openPodExec(members, context.identity, params, query, {
        protocols: context.protocols,
        signal: context.signal,
      });
      try {
        relay(await context.accept(member.protocol || undefined), member);
      } catch (error) {
        member.terminate();
        throw error;
      }
    }),
    implement('podLogs', async ({ params, query }, { res }) => {
      const identity = requireIdentity(res);
      await answerGuardedStream(res, streams, {
        open: (signal) => openPodLogs(members, identity, params, query, signal),
        identity,
        cluster: params.cluster,
        headers: logHeaders,
      });
      return undefined;
    }),
  ];
}
