import type { MemberAccess } from '../../k8s/member-access.js';
import { openPodExec } from '../../k8s/pod-exec.js';
import type { Implementation } from '../contract/implement.js';
import { implementUpgrade } from '../contract/implement.js';
import { relay } from '../upgrade/relay.js';

/** A pod's command or shell: the member's exec stream as the caller, joined to the console's. */
export function podEndpoints(members: MemberAccess): Implementation[] {
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
  ];
}
