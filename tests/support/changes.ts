// Follows the operator's change stream (watchChanges) as a test's user: the notices of the
// index's writes, read event by event.
import { expect } from 'vitest';
import { readEventStream, type EventReader } from '../../operator/src/testing/event-stream.js';
import { testEnv } from './env.js';

export interface Notice {
  cluster: string;
  kind: string;
  namespace: string;
  name: string;
  type: 'upsert' | 'delete' | 'relist';
  /** An admin list's notice: the uid of the organization whose list changed. */
  organization?: string;
}

export interface ChangeFollower {
  /** Reads events until a notice passes `wanted`; every notice read on the way, that one last. */
  until(wanted: (notice: Notice) => boolean, timeoutMs?: number): Promise<Notice[]>;
  close(): Promise<void>;
}

/** Opens the stream with `query` (kind=…&cluster=…) and waits for its `ready` event. */
export async function followChanges(token: string, query: string): Promise<ChangeFollower> {
  const url = new URL(`/api/v1/crd.${testEnv.host}/changes?${query}`, testEnv.operatorUrl);
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader: EventReader = readEventStream(response.body as ReadableStream<Uint8Array>);
  expect((await reader.next())?.event).toBe('ready');
  return {
    async until(wanted, timeoutMs = 30_000) {
      const seen: Notice[] = [];
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      try {
        for (;;) {
          const event = await reader.next();
          if (!event) throw new Error(`the stream ended; notices seen: ${JSON.stringify(seen)}`);
          if (event.event !== 'changes') continue;
          for (const notice of (JSON.parse(event.data) as { changes: Notice[] }).changes) {
            seen.push(notice);
            if (wanted(notice)) return seen;
          }
        }
      } catch (error) {
        if (abort.signal.aborted) {
          throw new Error(`no such notice within ${timeoutMs} ms; seen: ${JSON.stringify(seen)}`, {
            cause: error,
          });
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      abort.abort();
      await reader.close();
    },
  };
}
