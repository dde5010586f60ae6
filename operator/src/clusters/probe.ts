import type { MemberRequester, MemberResponse } from './member-client.js';
import { MemberCallError } from './member-client.js';

const metadataListAccept =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
const maxNodePages = 20;

function answered(response: MemberResponse, what: string): MemberResponse {
  if (response.status >= 200 && response.status < 300) return response;
  const hint =
    response.status === 401
      ? ' (the credentials were not accepted)'
      : response.status === 403
        ? ' (the credentials lack permission)'
        : '';
  throw new MemberCallError(`${what} answered HTTP ${response.status}${hint}`, 'network');
}

/** GET /version: the API server's gitVersion, e.g. v1.36.0. */
export async function fetchVersion(member: MemberRequester, timeoutMs?: number): Promise<string> {
  const response = answered(
    await member.request({ path: '/version', ...(timeoutMs ? { timeoutMs } : {}) }),
    'GET /version',
  );
  const body = response.json<{ gitVersion?: unknown }>();
  if (typeof body.gitVersion !== 'string') {
    throw new MemberCallError('GET /version did not answer a Kubernetes version', 'network');
  }
  return body.gitVersion;
}

/** Node count from metadata-only pages of 500, so large clusters stay cheap to probe. */
export async function countNodes(
  member: MemberRequester,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let count = 0;
  let next = '';
  for (let page = 0; page < maxNodePages; page++) {
    const query = `limit=500${next ? `&continue=${encodeURIComponent(next)}` : ''}`;
    const response = answered(
      await member.request({
        path: `/api/v1/nodes?${query}`,
        headers: { accept: metadataListAccept },
        ...options,
      }),
      'GET /api/v1/nodes',
    );
    const list = response.json<{ items?: unknown[]; metadata?: { continue?: string } }>();
    count += list.items?.length ?? 0;
    next = list.metadata?.continue ?? '';
    if (next === '') break;
  }
  return count;
}
