// One request to a test bed API server as a kubeconfig's user, answered synchronously
// (sync-https.ts): what kubectl would send, without a kubectl process.
import type { KubeAccess } from './access.js';
import { httpsSync, type SyncHttpsResponse } from './sync-https.js';

export type { KubeAccess };

export interface KubeRequestOptions {
  accept?: string;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export function kubeRequest(
  access: KubeAccess,
  method: string,
  path: string,
  options: KubeRequestOptions = {},
): SyncHttpsResponse {
  const headers: Record<string, string> = {
    accept: options.accept ?? 'application/json',
    'user-agent': 'nimbus-tests',
    ...options.headers,
  };
  if (access.token) headers.authorization = `Bearer ${access.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  return httpsSync({
    server: access.server,
    method,
    path,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(access.ca ? { ca: access.ca } : {}),
    ...(access.cert ? { cert: access.cert } : {}),
    ...(access.key ? { key: access.key } : {}),
  });
}
