// `kubectl exec` through the operator: the member's own exec endpoint, opened as the caller, so
// the member's RBAC (pods/exec) decides; the operator never runs anything itself.
import type WebSocket from 'ws';
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';
import type { ClusterLocation, MemberAccess } from './member-access.js';

export interface ExecTarget extends ClusterLocation {
  namespace: string;
  pod: string;
}

export interface ExecCommand {
  container?: string | undefined;
  command: readonly string[];
  tty: boolean;
  stdin: boolean;
}

/** The member's exec path: every word of the command is its own `command` parameter. */
export function execPath(target: ExecTarget, exec: ExecCommand): string {
  const query = new URLSearchParams();
  if (exec.container) query.set('container', exec.container);
  for (const word of exec.command) query.append('command', word);
  query.set('stdout', 'true');
  // With a terminal the member merges stderr into stdout and refuses both.
  query.set('stderr', exec.tty ? 'false' : 'true');
  query.set('stdin', exec.stdin ? 'true' : 'false');
  query.set('tty', exec.tty ? 'true' : 'false');
  const pod = `/api/v1/namespaces/${encodeURIComponent(target.namespace)}/pods/${encodeURIComponent(target.pod)}`;
  return `${pod}/exec?${query.toString()}`;
}

/** Opens the member's exec stream as the caller; the console's protocols are offered as is. */
export async function openPodExec(
  members: MemberAccess,
  identity: Identity,
  target: ExecTarget,
  exec: ExecCommand,
  options: { protocols: readonly string[]; signal: AbortSignal },
): Promise<WebSocket> {
  if (options.protocols.length === 0) {
    throw new ApiError(errors.validationFailed, {
      message: 'offer a Kubernetes stream protocol (v5.channel.k8s.io or v4.channel.k8s.io)',
    });
  }
  const member = await members.forCaller(identity, target);
  return member.upgrade({
    path: execPath(target, exec),
    protocols: options.protocols,
    signal: options.signal,
  });
}
