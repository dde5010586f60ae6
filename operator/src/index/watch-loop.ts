// One list-watch loop per (member cluster, kind): paginated list written page by page (a relist),
// then watch from
// the list's resourceVersion, following events and bookmarks; relist on 410 Gone, back off
// with full jitter on errors, and restart a watch that has gone silent (stall watchdog).
import { realClock, type Clock } from '../core/clock.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import {
  collectionPath,
  jsonAccept,
  metadataListAccept,
  metadataWatchAccept,
  type IndexedKind,
} from './kinds.js';
import type { KubeTransport } from './kube-transport.js';
import { abortableSleep, consumeLines, readChunks } from './http-stream.js';
import {
  listMetadata,
  pageItems,
  textOf,
  type BodyChunks,
  type ListMetadata,
} from './list-page.js';
import type { IndexChange, RelistWriter } from './store.js';
import { largeRelistObjects, type LeaveGate, type RelistGate } from './relist-gate.js';
import type { KubeObject } from './trim.js';

export interface IndexSink {
  beginRelist(cluster: string, kind: string): RelistWriter;
  /** A promise when the write happens elsewhere (index-writer.ts): the stream waits for it. */
  apply(cluster: string, kind: string, changes: readonly IndexChange[]): void | Promise<void>;
}

export interface WatchLoopOptions {
  cluster: string;
  kind: IndexedKind;
  transport: KubeTransport;
  sink: IndexSink;
  pageSize?: number;
  /** Restart the watch when neither an event nor a bookmark arrived for this long. */
  stallTimeoutMs?: number;
  /**
   * The stall watchdog's time and a watch's age: a fake in tests, so a busy machine cannot stall
   * a watch.
   */
  clock?: Clock;
  /** Asked of the server so watches end and are renewed regularly. */
  watchTimeoutSeconds?: number;
  /** One list page, from the request to its last byte; a page that takes longer is asked again. */
  pageTimeoutMs?: number;
  /** Times a page is asked before the relist fails (and starts over after the backoff). */
  pageAttempts?: number;
  backoff?: BackoffOptions;
  /** Injected for tests; must resolve early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onError?: (error: unknown) => void;
  /** Told when a list was written: where its time went (the runtime logs large ones). */
  onRelisted?: (summary: RelistSummary) => void;
  /** Told of lists, events and watch restarts (the index metrics). */
  observer?: WatchLoopObserver;
  /** Shared by the loops of one index writer: how many large relists write at once. */
  largeRelists?: RelistGate;
}

export interface RelistSummary {
  objects: number;
  pages: number;
  /** From the first request to the finish. */
  ms: number;
  /** Of that, waiting for the member's pages (not yet there when the previous was written). */
  waitingMs: number;
  /** Of that, waiting for other large relists to finish (largeRelists). */
  queuedMs: number;
}

/** Why a loop lists: its first list, or its resourceVersion expired (410 Gone). */
export type RelistReason = 'initial' | 'expired';
/** Why a watch ended: the server closed it, it went silent, it failed, or it expired. */
export type WatchRestartReason = 'closed' | 'stall' | 'error' | 'expired';

export interface WatchLoopObserver {
  listed(reason: RelistReason): void;
  /** Watch events (not bookmarks) written to the sink. */
  applied(events: number): void;
  /** An event or a bookmark arrived. */
  heard(): void;
  restarted(reason: WatchRestartReason): void;
  /** True once a list or a watch was answered, false after each failure. */
  synced(state: boolean): void;
}

export interface WatchLoopStats {
  resourceVersion?: string;
  synced: boolean;
  lists: number;
  watches: number;
  gone: number;
  stalls: number;
  failures: number;
  /** The most recent backoff delays (ms), newest last. */
  delays: number[];
  lastError?: string;
}

export class KubeHttpError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`kubernetes API answered ${status}: ${detail.slice(0, 200)}`);
    this.name = 'KubeHttpError';
  }
}

function worthAskingAgain(error: unknown): boolean {
  if (!(error instanceof KubeHttpError)) return true;
  return error.status === 429 || error.status >= 500;
}

/** A list page's chunks and its metadata, read without building its items. */
interface ListAnswer {
  chunks: BodyChunks;
  metadata: ListMetadata;
}

type WatchOutcome = 'gone' | 'stalled' | 'closed-idle' | 'closed';

interface WatchEvent {
  type?: string;
  object?: KubeObject & { code?: number; message?: string };
}

/** Writes one list page, handing its chunks over; the number of objects it held. */
async function writePage(relist: RelistWriter, chunks: BodyChunks): Promise<number> {
  if (relist.addChunks) return relist.addChunks(chunks);
  const items = pageItems(chunks);
  await relist.add(items);
  return items.length;
}

export class WatchLoop {
  readonly stats: WatchLoopStats = {
    synced: false,
    lists: 0,
    watches: 0,
    gone: 0,
    stalls: 0,
    failures: 0,
    delays: [],
  };
  private readonly controller = new AbortController();
  private running?: Promise<void>;
  private listReason: RelistReason = 'initial';

  constructor(private readonly options: WatchLoopOptions) {}

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
  }

  private get signal(): AbortSignal {
    return this.controller.signal;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.signal.aborted) {
      try {
        if (this.stats.resourceVersion === undefined) {
          await this.relist();
          attempt = 0;
        }
        const outcome = await this.watchOnce(this.stats.resourceVersion ?? '');
        const observer = this.options.observer;
        if (outcome === 'gone') {
          this.stats.gone++;
          this.stats.resourceVersion = undefined;
          this.listReason = 'expired';
          observer?.restarted('expired');
        } else if (outcome === 'stalled') {
          this.stats.stalls++;
          observer?.restarted('stall');
        } else if (outcome === 'closed') {
          attempt = 0;
          if (!this.signal.aborted) observer?.restarted('closed');
        } else if (!this.signal.aborted) {
          // A watch that ends before saying anything would otherwise spin.
          throw new Error('watch closed without any event');
        }
      } catch (error) {
        if (this.signal.aborted) {
          break;
        }
        attempt++;
        this.stats.failures++;
        this.stats.lastError = error instanceof Error ? error.message : String(error);
        this.options.onError?.(error);
        this.options.observer?.restarted('error');
        this.options.observer?.synced(false);
        const delay = backoffDelay(attempt, this.options.backoff);
        this.stats.delays = [...this.stats.delays.slice(-19), delay];
        await (this.options.sleep ?? abortableSleep)(delay, this.signal);
      }
    }
  }

  private async relist(): Promise<void> {
    const { kind } = this.options;
    const ended = new AbortController();
    // No limit on the whole list: half a million objects take minutes from a loaded member.
    // Each page has its own (pageWithRetries).
    const signal = AbortSignal.any([this.signal, ended.signal]);
    const summary: RelistSummary = { objects: 0, pages: 0, ms: 0, waitingMs: 0, queuedMs: 0 };
    const started = performance.now();
    let leaveGate: LeaveGate | undefined;
    let relist: RelistWriter | undefined;
    let finished = false;
    try {
      let first = await this.pageWithRetries(signal);
      const gate = this.options.largeRelists;
      if (gate && (first.metadata.remainingItemCount ?? 0) >= largeRelistObjects) {
        leaveGate = gate.tryEnter();
        if (!leaveGate) {
          // Its snapshot would age towards the member's compaction while the other large relists
          // write: list from the start once it may write.
          const queued = performance.now();
          leaveGate = await gate.enter(signal);
          summary.queuedMs = performance.now() - queued;
          first = await this.pageWithRetries(signal);
        }
      }
      // Pages go to the index as they arrive: memory holds the page being written and the next.
      relist = this.options.sink.beginRelist(this.options.cluster, kind.name);
      let resourceVersion: string | undefined;
      let next: Promise<ListAnswer> | undefined = Promise.resolve(first);
      while (next) {
        const waiting = performance.now();
        const page: ListAnswer = await next;
        summary.waitingMs += performance.now() - waiting;
        summary.pages++;
        const continueToken = page.metadata.continue || undefined;
        // The API server prepares the next page while this one is written (paced, so slowly).
        next = continueToken ? this.pageWithRetries(signal, continueToken) : undefined;
        next?.catch(() => undefined);
        summary.objects += await writePage(relist, page.chunks);
        resourceVersion = page.metadata.resourceVersion;
      }
      if (!resourceVersion) {
        throw new Error('list answer carried no resourceVersion to watch from');
      }
      await relist.finish();
      finished = true;
      summary.ms = performance.now() - started;
      this.stats.resourceVersion = resourceVersion;
    } finally {
      ended.abort();
      if (!finished) await relist?.abandon();
      leaveGate?.();
    }
    this.options.onRelisted?.(summary);
    this.stats.lists++;
    this.stats.synced = true;
    this.options.observer?.listed(this.listReason);
    this.options.observer?.synced(true);
  }

  /**
   * A page the member did not give (no answer in time, a dropped connection, 429 or 5xx) is asked
   * again with the same continue token, so one slow answer among hundreds of pages does not
   * start the relist over. 410 Gone (the token expired) and other refusals fail the relist.
   */
  private async pageWithRetries(signal: AbortSignal, continueToken?: string): Promise<ListAnswer> {
    const attempts = this.options.pageAttempts ?? 4;
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(this.options.pageTimeoutMs ?? 60_000);
      try {
        return await this.listPage(AbortSignal.any([signal, timeout]), continueToken);
      } catch (error) {
        if (signal.aborted || attempt >= attempts || !worthAskingAgain(error)) throw error;
        const delay = backoffDelay(attempt, this.options.backoff);
        await (this.options.sleep ?? abortableSleep)(delay, signal);
      }
    }
  }

  private async listPage(signal: AbortSignal, continueToken?: string): Promise<ListAnswer> {
    const { kind } = this.options;
    const query: Record<string, string> = { limit: String(this.options.pageSize ?? 500) };
    if (continueToken) {
      query.continue = continueToken;
    }
    const response = await this.options.transport.get({
      path: collectionPath(kind),
      query,
      accept: kind.metadataOnly ? metadataListAccept : jsonAccept,
      signal,
    });
    const chunks = await readChunks(response.body);
    if (response.status !== 200) {
      throw new KubeHttpError(response.status, textOf(chunks));
    }
    return { chunks, metadata: listMetadata(chunks) };
  }

  private async watchOnce(resourceVersion: string): Promise<WatchOutcome> {
    const { kind, cluster, sink } = this.options;
    const watchAbort = new AbortController();
    const signal = AbortSignal.any([this.signal, watchAbort.signal]);
    let stalled = false;
    const clock = this.options.clock ?? realClock;
    let timer: unknown;
    const arm = () => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(() => {
        stalled = true;
        watchAbort.abort();
      }, this.options.stallTimeoutMs ?? 300_000);
    };
    arm();
    try {
      this.stats.watches++;
      const response = await this.options.transport.get({
        path: collectionPath(kind),
        query: {
          watch: 'true',
          allowWatchBookmarks: 'true',
          resourceVersion,
          timeoutSeconds: String(this.options.watchTimeoutSeconds ?? 290),
        },
        accept: kind.metadataOnly ? metadataWatchAccept : jsonAccept,
        signal,
      });
      if (response.status === 410) {
        response.body.resume();
        return 'gone';
      }
      if (response.status !== 200) {
        throw new KubeHttpError(response.status, textOf(await readChunks(response.body)));
      }
      this.options.observer?.synced(true);
      const opened = clock.now();
      let heard = false;
      let gone = false;
      await consumeLines(response.body, async (lines) => {
        arm();
        heard = true;
        this.options.observer?.heard();
        const changes: IndexChange[] = [];
        let latest: string | undefined;
        for (const line of lines) {
          const event = JSON.parse(line) as WatchEvent;
          const object = event.object ?? {};
          if (event.type === 'ERROR') {
            if (object.code === 410) {
              gone = true;
              break;
            }
            throw new KubeHttpError(object.code ?? 500, object.message ?? 'watch error');
          }
          latest = object.metadata?.resourceVersion ?? latest;
          if (event.type === 'ADDED' || event.type === 'MODIFIED') {
            changes.push({ type: 'upsert', object });
          } else if (event.type === 'DELETED' && object.metadata?.uid) {
            const { uid, namespace, name } = object.metadata;
            changes.push({ type: 'delete', uid, namespace: namespace ?? '', name: name ?? '' });
          }
        }
        if (changes.length > 0) {
          await sink.apply(cluster, kind.name, changes);
          this.options.observer?.applied(changes.length);
        }
        if (latest !== undefined) {
          this.stats.resourceVersion = latest;
        }
        return !gone;
      });
      if (gone) {
        return 'gone';
      }
      if (stalled) {
        return 'stalled';
      }
      if (heard) return 'closed';
      // A quiet kind (no events, and no bookmark under a loaded API server) is still ended by its
      // timeoutSeconds: a renewal, not the failure of a watch that closes at once.
      const term = (this.options.watchTimeoutSeconds ?? 290) * 1000;
      return clock.now() - opened >= term / 2 ? 'closed' : 'closed-idle';
    } catch (error) {
      if (stalled && !this.signal.aborted) {
        return 'stalled';
      }
      throw error;
    } finally {
      clock.clearTimeout(timer);
      watchAbort.abort();
    }
  }
}
