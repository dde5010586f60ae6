import { X509Certificate } from 'node:crypto';
import { parse, stringify } from 'yaml';
import { tokenTimes } from '../../core/token-times.js';
import { agentServiceAccount } from './manifest.js';

/** What a registration by command stores: a kubeconfig of the agent's token (ProviderKubeconfig). */
export interface AgentCredentials {
  server: string;
  /** PEM of the CA (bundle) the member's serving certificate chains to. */
  ca: string;
  token: string;
}

/** The certificates of a PEM bundle, each parsed; undefined when any is not a certificate. */
export function parseCaBundle(pem: string): string | undefined {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!blocks || blocks.length === 0 || blocks.length > 16) return undefined;
  try {
    for (const block of blocks) new X509Certificate(block);
  } catch {
    return undefined;
  }
  return `${blocks.join('\n')}\n`;
}

export function agentKubeconfig(credentials: AgentCredentials): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'member',
        cluster: {
          server: credentials.server,
          'certificate-authority-data': Buffer.from(credentials.ca).toString('base64'),
        },
      },
    ],
    users: [{ name: agentServiceAccount, user: { token: credentials.token } }],
    contexts: [{ name: 'member', context: { cluster: 'member', user: agentServiceAccount } }],
    'current-context': 'member',
  });
}

/** The parts of a kubeconfig agentKubeconfig wrote; undefined for any other. */
export function agentCredentialsOf(kubeconfig: string): AgentCredentials | undefined {
  try {
    const config = parse(kubeconfig) as {
      clusters?: Array<{ cluster?: { server?: unknown; 'certificate-authority-data'?: unknown } }>;
      users?: Array<{ user?: { token?: unknown } }>;
    };
    const cluster = config.clusters?.[0]?.cluster;
    const token = config.users?.[0]?.user?.token;
    const ca = cluster?.['certificate-authority-data'];
    if (
      typeof cluster?.server !== 'string' ||
      typeof token !== 'string' ||
      typeof ca !== 'string'
    ) {
      return undefined;
    }
    return { server: cluster.server, ca: Buffer.from(ca, 'base64').toString('utf8'), token };
  } catch {
    return undefined;
  }
}

/**
 * When to renew a token: once two thirds of its life have passed, so a member that is
 * unreachable for a while still has a third of it to come back in. Unknown times: now.
 */
export function renewalTime(token: string): number {
  const times = tokenTimes(token);
  if (!times) return 0;
  return times.issuedAt + ((times.expiresAt - times.issuedAt) * 2) / 3;
}
