// Streaming GETs against a member over the cluster's pooled member transport (the one user
// calls and health probes use), with the operator's own identity.
import type { MemberCalls } from '../clusters/member-client.js';
import type { KubeGet, KubeResponse, KubeTransport } from './kube-transport.js';

export class ConnectionTransport implements KubeTransport {
  constructor(
    /** The operator's calls to the member (connector.for(cluster, 'operator')). */
    private readonly member: () => Promise<Pick<MemberCalls, 'stream'>>,
    private readonly connectTimeoutMs = 10_000,
  ) {}

  async get({ path, query, accept, signal }: KubeGet): Promise<KubeResponse> {
    const member = await this.member();
    const search = new URLSearchParams(query).toString();
    const opened = await member.stream({
      path: search === '' ? path : `${path}?${search}`,
      headers: { accept },
      timeoutMs: this.connectTimeoutMs,
      signal,
    });
    return { status: opened.status, body: opened.body };
  }
}
