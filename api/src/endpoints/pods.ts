import { locationPath } from '../schemas/common.js';
import { execProtocols, podExecParams, podExecQuery } from '../schemas/pod-exec.js';
import { endpoint, upgrade } from '../endpoint.js';

export const podEndpoints = {
  execPod: endpoint({
    method: 'GET',
    path: `/k8s.{host}${locationPath}/namespaces/:namespace/pods/:pod/exec`,
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
};
