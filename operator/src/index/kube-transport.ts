// What the watch loops need from a member: streamed GETs, so the same call serves paginated
// lists and long-running watches.
import type { IncomingMessage } from 'node:http';

export interface KubeResponse {
  status: number;
  body: IncomingMessage;
}

export interface KubeGet {
  path: string;
  query: Record<string, string>;
  accept: string;
  signal: AbortSignal;
}

export interface KubeTransport {
  get(request: KubeGet): Promise<KubeResponse>;
}
