// `kubectl logs` through the operator: the member's own log endpoint, read as the caller, so the
// member's RBAC (pods/log) decides; the body is handed on as it arrives, never held whole.
import type { PodLogsQuery } from '@nimbus/api';
import type { MemberStream } from '../clusters/member-client.js';
import type { Identity } from '../identity/identity.js';
import type { ClusterLocation, MemberAccess } from './member-access.js';

export interface LogTarget extends ClusterLocation {
  namespace: string;
  pod: string;
}

/** The member's log path with the PodLogOptions the caller gave (and only those). */
export function logPath(target: LogTarget, options: PodLogsQuery): string {
  const query = new URLSearchParams();
  if (options.container) query.set('container', options.container);
  if (options.follow) query.set('follow', 'true');
  if (options.tailLines !== undefined) query.set('tailLines', String(options.tailLines));
  if (options.sinceSeconds !== undefined) query.set('sinceSeconds', String(options.sinceSeconds));
  if (options.sinceTime !== undefined) query.set('sinceTime', options.sinceTime);
  if (options.previous) query.set('previous', 'true');
  if (options.timestamps) query.set('timestamps', 'true');
  if (options.limitBytes !== undefined) query.set('limitBytes', String(options.limitBytes));
  const pod = `/api/v1/namespaces/${encodeURIComponent(target.namespace)}/pods/${encodeURIComponent(target.pod)}`;
  const search = query.toString();
  return `${pod}/log${search ? `?${search}` : ''}`;
}

/**
 * Opens the member's log as the caller. Resolves at the member's response headers; `signal`
 * ends the member request at any time (the client went away, the caller's access ended).
 */
export async function openPodLogs(
  members: MemberAccess,
  identity: Identity,
  target: LogTarget,
  options: PodLogsQuery,
  signal: AbortSignal,
): Promise<MemberStream> {
  const member = await members.forCaller(identity, target);
  return member.stream({
    path: logPath(target, options),
    headers: { accept: 'text/plain, */*' },
    signal,
  });
}
