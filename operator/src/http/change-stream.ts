// The change stream a live list follows (watchChanges): the index's notices the caller asked for
// and may hear, as server-sent events (docs/decisions/live-changes.md).
import type { Response } from 'express';
import { ApiError, errors } from '../core/errors.js';
import type { ChangeFeed, IndexNotice } from '../index/change-feed.js';
import type { NoticeFilter } from '../index/notice-scope.js';
import type { Identity } from '../identity/identity.js';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { StreamGuardSettings } from './guarded-stream.js';
import { guardStream } from './upgrade/revocation.js';
import { requestContext } from './request-context.js';

/** Notices within this long go out as one event: a rollout's burst costs the client one read. */
export const changeFlushMs = 100;
/** More distinct objects than this in one event are told as their kinds listed again. */
export const maxNoticesPerEvent = 200;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const heartbeatMs = 25_000;
/** One per browser tab is the console's use; beyond this a user is holding sockets for nothing. */
export const maxChangeStreamsPerUser = 16;
/** How long a browser waits before reconnecting a stream that ended. */
const reconnectMs = 3_000;

export interface ChangeStreamOptions {
  feed: ChangeFeed;
  settings: StreamGuardSettings;
  identity: Identity;
  /** The kinds, clusters and namespaces the stream asked for. */
  asked: NoticeFilter;
  /** The caller's rights as the hub states them now; read again when users, roles … change. */
  rights: () => Promise<NoticeFilter>;
}

const objectKey = (n: IndexNotice) =>
  `${n.cluster}\u0000${n.kind}\u0000${n.namespace}\u0000${n.name}\u0000${n.organization ?? ''}`;

/** One event's notices: the last word on each object, or whole kinds when there are too many. */
export function coalesce(notices: readonly IndexNotice[]): IndexNotice[] {
  const latest = new Map<string, IndexNotice>();
  for (const notice of notices) {
    const key = objectKey(notice);
    latest.delete(key);
    latest.set(key, notice);
  }
  const distinct = [...latest.values()];
  if (distinct.length <= maxNoticesPerEvent) return distinct;
  const kinds = new Map<string, IndexNotice>();
  for (const { cluster, kind } of distinct) {
    kinds.set(`${cluster}\u0000${kind}`, {
      cluster,
      kind,
      namespace: '',
      name: '',
      type: 'relist',
    });
  }
  return [...kinds.values()];
}

function eventText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Answers with the stream and resolves when it ends: the client left, the caller's access ended
 * or the streams' lifetime was reached (guardStream), or the feed closed (the replica stops).
 * Until the caller's rights are read again after a hub change (guardStream's recheck delay), the
 * rights read before hold, as for every open stream.
 */
export async function answerChangeStream(
  res: Response,
  options: ChangeStreamOptions,
): Promise<void> {
  const { feed, settings, identity, asked } = options;
  const clock: Clock = settings.clock ?? realClock;
  const log = requestContext(res).log;
  let rights = await options.rights();

  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write(`retry: ${reconnectMs}\n\n${eventText('ready', {})}`);

  return new Promise<void>((resolve) => {
    const stoppers: Array<() => void> = [];
    let pending: IndexNotice[] = [];
    let flushTimer: unknown;
    let ended = false;

    const end = (): void => {
      if (ended) return;
      ended = true;
      for (const stop of stoppers.splice(0)) stop();
      if (!res.writableEnded) res.end();
      resolve();
    };

    const flush = (): void => {
      flushTimer = undefined;
      if (ended || pending.length === 0) return;
      // A client that does not read keeps its notices here, folded, until the socket drains.
      if (res.writableNeedDrain) {
        pending = coalesce(pending);
        res.once('drain', flush);
        return;
      }
      const changes = coalesce(pending);
      pending = [];
      res.write(eventText('changes', { changes }));
    };

    const hear = (notices: readonly IndexNotice[]): void => {
      for (const notice of notices) if (asked(notice) && rights(notice)) pending.push(notice);
      if (pending.length > maxNoticesPerEvent * 4) pending = coalesce(pending);
      if (pending.length > 0 && flushTimer === undefined) {
        flushTimer = clock.setTimeout(flush, changeFlushMs);
      }
    };
    stoppers.push(() => {
      if (flushTimer !== undefined) clock.clearTimeout(flushTimer);
    });
    stoppers.push(feed.subscribe(hear, end));

    // The rights read again whenever what they are made of changed in the hub (guardStream
    // checks such changes, debounced, and tells when access stands).
    const readRights = (): void => {
      if (ended) return;
      options.rights().then(
        (next) => {
          rights = next;
        },
        (error: unknown) => {
          log.warn({ err: error }, 'ending a change stream: rights could not be read');
          end();
        },
      );
    };

    const beat = (): unknown =>
      clock.setTimeout(() => {
        if (ended) return;
        res.write(': keep-alive\n\n');
        heartbeat = beat();
      }, heartbeatMs);
    let heartbeat = beat();
    stoppers.push(() => clock.clearTimeout(heartbeat));

    stoppers.push(
      guardStream({ ...settings, identity, onAccessChecked: readRights }, ({ reason }) => {
        log.info({ user: identity.userName, reason }, 'ending a change stream');
        end();
      }),
    );
    res.once('close', end);
    // The client may have gone while the rights were read.
    if (res.destroyed) end();
  });
}

/** Counts each user's open streams; `open` refuses (1006) past `limit`, its result releases one. */
export function openStreamCounter(limit: number): { open(userId: string): () => void } {
  const open = new Map<string, number>();
  return {
    open(userId) {
      const count = open.get(userId) ?? 0;
      if (count >= limit) {
        throw new ApiError(errors.rateLimited, {
          message: `at most ${limit} change streams per user are open at once`,
        });
      }
      open.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
    },
  };
}
