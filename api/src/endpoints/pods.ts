import { locationPath } from '../schemas/common.js';
import { execProtocols, podExecParams, podExecQuery } from '../schemas/pod-exec.js';
import { podLogsParams, podLogsQuery } from '../schemas/pod-logs.js';
import { endpoint, raw, upgrade } from '../endpoint.js';

const podPath = `/k8s.{host}${locationPath}/namespaces/:namespace/pods/:pod`;

export const podEndpoints = {
  execPod: endpoint({
    method: 'GET',
    path: `${podPath}/exec`,
    access: {
      allow: 'authenticated',
      note: 'Clusters the caller may see (effect Allow); then the member decides as the caller (pods/exec). The Origin must be the console’s own.',
    },
    summary: 'Run a command or shell in a container',
    tag: 'k8s',
    params: podExecParams,
    query: podExecQuery,
    response: upgrade(
      execProtocols,
      'The member’s exec stream, relayed as is: channel 0 stdin, 1 stdout, 2 stderr, 3 status, 4 resize (v5 adds 255 close). Closed when the session is revoked.',
    ),
  }),
  podLogs: endpoint({
    method: 'GET',
    path: `${podPath}/log`,
    access: {
      allow: 'authenticated',
      note: 'Clusters the caller may see (effect Allow); then the member decides as the caller (pods/log, the pod:logs permission).',
    },
    summary: 'A container’s log, streamed',
    tag: 'k8s',
    params: podLogsParams,
    query: podLogsQuery,
    response: raw(
      'text/plain',
      'The member’s log as it arrives, line by line (UTF-8, not enveloped on success). With follow=true the response stays open until the container stops, the client goes away, the caller’s session or access ends, or NIMBUS_STREAM_MAX_LIFETIME is reached; a stream cut for those reasons ends without its final chunk, so a client can tell it from a log that ended.',
    ),
  }),
};
