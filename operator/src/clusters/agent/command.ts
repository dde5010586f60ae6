import { registrationTokenHeader } from '@nimbus/api';
import { agentNamespace, agentServiceAccount } from './manifest.js';

/** The first token's life; the operator renews it long before (rotation.ts). */
export const firstTokenDuration = '24h';

const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The one command an administrator runs where kubectl points at the member: apply the agent
 * manifest, then hand the hub a token of the agent's ServiceAccount (read from stdin, so it is in
 * no process list), the cluster's CA (kube-root-ca.crt, which every namespace has) and the API
 * server address kubectl uses. `manageUrl` is the hub's manage service, e.g.
 * https://nimbus.example.com/api/v1/manage.nimbus.io.
 */
export function registrationCommand(manageUrl: string, token: string): string {
  const lines = [
    `curl -fsSL ${quoted(`${manageUrl}/registration/manifest`)} | kubectl apply -f - &&`,
    `kubectl -n ${agentNamespace} create token ${agentServiceAccount} --duration=${firstTokenDuration} |`,
    `curl -sS --fail-with-body -H ${quoted(`${registrationTokenHeader}: ${token}`)}`,
    '  --data-urlencode token@-',
    `  --data-urlencode "ca=$(kubectl -n kube-system get configmap kube-root-ca.crt -o jsonpath='{.data.ca\\.crt}')"`,
    `  --data-urlencode "server=$(kubectl config view --minify -o jsonpath='{.clusters[0].cluster.server}')"`,
    `  ${quoted(`${manageUrl}/registration`)}`,
  ];
  return lines.join(' \\\n');
}
