import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

/**
 * Connection data for the vendor fakes to hand back: kubeconfigs built in a test, or the test-bed
 * member's real one when `make testbed-up` has run.
 */
export interface KubeconfigParts {
  server: string;
  certificateAuthorityData?: string;
  /** The kubeconfig user entry, e.g. `{ token }` or client-certificate-data/client-key-data. */
  user: Record<string, unknown>;
  /** Extra cluster-entry fields, e.g. an attack's `proxy-url`. */
  clusterExtras?: Record<string, unknown>;
}

/** A syntactically valid base64 PEM block (not a real key), as the sanitizer requires. */
export function fakePem(label: string, content = 'fake'): string {
  const pem = `-----BEGIN ${label}-----\n${Buffer.from(content).toString('base64')}\n-----END ${label}-----\n`;
  return Buffer.from(pem).toString('base64');
}

export function kubeconfigDocument(
  parts: KubeconfigParts,
  name = 'member',
): Record<string, unknown> {
  const cluster: Record<string, unknown> = { server: parts.server, ...parts.clusterExtras };
  if (parts.certificateAuthorityData !== undefined) {
    cluster['certificate-authority-data'] = parts.certificateAuthorityData;
  }
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster }],
    users: [{ name, user: parts.user }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
  };
}

export function kubeconfigYaml(parts: KubeconfigParts, name?: string): string {
  return stringify(kubeconfigDocument(parts, name));
}

export const MEMBER_A_KUBECONFIG = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../.cache/testbed/member-a.kubeconfig',
);

export function hasMemberA(): boolean {
  return existsSync(MEMBER_A_KUBECONFIG);
}

export function readMemberA(): string {
  return readFileSync(MEMBER_A_KUBECONFIG, 'utf8');
}

/** `host:port` of a kubeconfig's first cluster, for an SSRF allow-list entry. */
export function serverHostOf(kubeconfig: string): string {
  const doc = parse(kubeconfig) as { clusters: { cluster: { server: string } }[] };
  const server = doc.clusters[0]?.cluster.server;
  if (server === undefined) throw new Error('kubeconfig has no cluster');
  return new URL(server).host;
}
