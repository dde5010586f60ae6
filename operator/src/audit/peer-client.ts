import { signPeerRequest } from './peer-auth.js';
import type { PeerQuery } from './peer-protocol.js';
import { peerAnswerSchema, peerRecordsPath } from './peer-protocol.js';
import type { RecordSlice } from './record.js';

export const defaultPeerTimeoutMs = 3_000;

/** Asks one replica (base URL such as http://10.0.0.7:8080) for its newest matching records. */
export async function queryPeer(
  baseUrl: string,
  peerKey: Buffer,
  query: PeerQuery,
  timeoutMs = defaultPeerTimeoutMs,
): Promise<RecordSlice> {
  const body = JSON.stringify(query);
  const url = new URL(peerRecordsPath, baseUrl);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signPeerRequest(peerKey, { method: 'POST', path: url.pathname, body }),
    },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`peer ${url.host} answered HTTP ${response.status}`);
  const answer = peerAnswerSchema.safeParse(await response.json());
  if (!answer.success) throw new Error(`peer ${url.host} sent an unexpected answer`);
  return answer.data.data;
}
