// How to reach the API server a test bed kubeconfig names, for requests made without kubectl:
// its current context's server, CA and client certificate (or token), and its namespace.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

export interface KubeAccess {
  server: string;
  namespace: string;
  ca?: string;
  cert?: string;
  key?: string;
  token?: string;
}

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: Array<{
    name: string;
    context?: { cluster?: string; user?: string; namespace?: string };
  }>;
  clusters?: Array<{ name: string; cluster?: Record<string, unknown> }>;
  users?: Array<{ name: string; user?: Record<string, unknown> }>;
}

// What the reader understands; a kubeconfig with anything else is left to kubectl.
const clusterKeys = new Set(['server', 'certificate-authority', 'certificate-authority-data']);
const userKeys = new Set([
  'client-certificate',
  'client-certificate-data',
  'client-key',
  'client-key-data',
  'token',
]);

const cache = new Map<string, { mtimeMs: number; access: KubeAccess | undefined }>();

/**
 * The access a kubeconfig grants, or undefined when it asks for something only kubectl does
 * (exec or auth plugins, a proxy, impersonation, TLS without verification).
 */
export function kubeconfigAccess(path: string): KubeAccess | undefined {
  const { mtimeMs } = statSync(path);
  const cached = cache.get(path);
  if (cached?.mtimeMs === mtimeMs) return cached.access;
  const access = read(path);
  cache.set(path, { mtimeMs, access });
  return access;
}

function read(path: string): KubeAccess | undefined {
  const file = parse(readFileSync(path, 'utf8')) as KubeconfigFile;
  const contexts = file.contexts ?? [];
  const context = contexts.find((c) => c.name === file['current-context'])?.context;
  if (!context) return undefined;
  const cluster = file.clusters?.find((c) => c.name === context.cluster)?.cluster;
  const user = file.users?.find((u) => u.name === context.user)?.user ?? {};
  if (!cluster || typeof cluster.server !== 'string' || !cluster.server.startsWith('https://'))
    return undefined;
  // A server under a path prefix (a proxy) is kubectl's to reach.
  if (new URL(cluster.server).pathname !== '/') return undefined;
  if (Object.keys(user).some((key) => !userKeys.has(key))) return undefined;
  if (Object.keys(cluster).some((key) => !clusterKeys.has(key))) return undefined;
  const base = dirname(path);
  const pem = (fileKey: string, dataKey: string, from: Record<string, unknown>) => {
    const data = from[dataKey];
    if (typeof data === 'string') return Buffer.from(data, 'base64').toString('utf8');
    const file = from[fileKey];
    return typeof file === 'string' ? readFileSync(resolve(base, file), 'utf8') : undefined;
  };
  const access: KubeAccess = {
    server: cluster.server,
    namespace: context.namespace ?? 'default',
  };
  const ca = pem('certificate-authority', 'certificate-authority-data', cluster);
  const cert = pem('client-certificate', 'client-certificate-data', user);
  const key = pem('client-key', 'client-key-data', user);
  if (ca) access.ca = ca;
  if (cert) access.cert = cert;
  if (key) access.key = key;
  if (typeof user.token === 'string') access.token = user.token;
  return access;
}
