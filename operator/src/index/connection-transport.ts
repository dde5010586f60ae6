// Streaming GETs against a member over the cluster's pooled member transport (the one user
// calls and health probes use), with the operator's own identity.
import type { MemberTransport } from '../member/transport/transport.js';
import type { KubeGet, KubeResponse, KubeTransport } from './kube-transport.js';

export class ConnectionTransport implements KubeTransport {
  constructor(
    private readonly transport: () => Promise<MemberTransport>,
    private readonly connectTimeoutMs = 10_000,
  ) {}

  async get({ path, query, accept, signal }: KubeGet): Promise<KubeResponse> {
    const transport = await this.transport();
    const search = new URLSearchParams(query).toString();
    const opened = await transport.stream('operator', {
      path: search === '' ? path : `${path}?${search}`,
      headers: { accept },
      timeoutMs: this.connectTimeoutMs,
      signal,
    });
    return { status: opened.status, body: opened.body };
  }
}
