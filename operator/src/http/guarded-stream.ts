import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { MemberStream } from '../clusters/member-client.js';
import type { Identity } from '../identity/identity.js';
import type { StreamGuardOptions } from './upgrade/revocation.js';
import { guardStream } from './upgrade/revocation.js';
import { requestContext } from './request-context.js';

/** What every guarded stream shares: the hub caches its right is checked against, its limit. */
export type StreamGuardSettings = Omit<StreamGuardOptions, 'identity' | 'cluster'>;

export interface GuardedStream {
  /** Opens the member's stream; `signal` ends it when the client goes away or access ends. */
  open(signal: AbortSignal): Promise<MemberStream>;
  identity: Identity;
  cluster: string;
  /** The response headers of a stream that opened (status 200). */
  headers: Record<string, string>;
}

/**
 * Answers with a member's streamed body (logs), piped with the sockets' backpressure and never
 * held whole. The member request ends when the client goes away, and the response is cut
 * (no final chunk, so the client sees an unfinished body, not an ended log) when the caller's
 * access ends or the stream reaches NIMBUS_STREAM_MAX_LIFETIME, by the rules of the WebSocket
 * streams (guardStream). A refusal before the first byte is answered as any call's error.
 */
export async function answerGuardedStream(
  res: Response,
  settings: StreamGuardSettings,
  stream: GuardedStream,
): Promise<void> {
  const log = requestContext(res).log;
  const gone = new AbortController();
  res.once('close', () => gone.abort(new Error('the stream was closed')));
  const opened = await stream.open(gone.signal);
  const guard = { ...settings, identity: stream.identity, cluster: stream.cluster };
  const stop = guardStream(guard, ({ reason }) => {
    log.info({ user: stream.identity.userName, reason }, 'cutting a stream: access ended');
    res.destroy();
  });
  res.once('close', stop);
  res.status(200).set(stream.headers);
  res.flushHeaders();
  try {
    await pipeline(opened.body, res);
  } catch (error) {
    // How follows end (the client left, the stream was cut) and a member that failed midway look
    // alike here; the client sees an unfinished body either way.
    log.debug({ err: error }, 'a member stream ended early');
  }
}
