import { randomBytes } from 'node:crypto';
import { redactText } from '../observability/redact.js';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { Logger } from '../logger.js';

/** The object an Event is about (events.k8s.io `regarding`); uid makes `kubectl describe` find it. */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  namespace?: string;
}

export type EventType = 'Normal' | 'Warning';

/** What a controller reports; `note` is built from names and our own messages only. */
export interface EventIntent {
  type: EventType;
  /** CamelCase, e.g. BindingOutsideOrganization. */
  reason: string;
  /** What the controller did or tried, e.g. Validate, Probe, ProjectRbac. */
  action: string;
  note: string;
}

/** An events.k8s.io/v1 Event as the sink writes it. */
export interface HubEvent extends EventIntent {
  namespace: string;
  name: string;
  regarding: ObjectReference;
  eventTime: string;
  reportingController: string;
  reportingInstance: string;
}

export interface EventSeries {
  count: number;
  lastObservedTime: string;
}

/** Where Events go: the hub (event-sink.ts), or memory in unit tests. */
export interface EventSink {
  create(event: HubEvent): Promise<void>;
  updateSeries(namespace: string, name: string, series: EventSeries): Promise<void>;
}

export interface EventRecorder {
  /** Never throws and never waits: a failed write is logged, the reconcile goes on. */
  record(regarding: ObjectReference, intent: EventIntent): void;
  /** Writes the counts of repeated Events now (at shutdown, and in tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventRecorderOptions {
  sink: EventSink;
  logger: Logger;
  /** Who reports: the replica's identity (pod name). */
  instance: string;
  clock?: Clock;
  /** Repeats of an Event within this time count into its series; later ones start a new Event. */
  seriesWindowMs?: number;
  /** How often the count of a repeating Event is written (the second occurrence at once). */
  seriesRefreshMs?: number;
  /** New Events per object: a burst, then one per refill period (client-go's spam filter). */
  burstPerObject?: number;
  refillPerObjectMs?: number;
  maxTracked?: number;
}

export const reportingController = 'nimbus.io/operator';
/**
 * The API server accepts a new-style Event about a cluster-scoped object only in `default` (or
 * kube-system); `kubectl describe` finds it there by the object's kind, name and uid.
 */
export const clusterScopedEventNamespace = 'default';
const maxNoteBytes = 1024;
const bearerPattern = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/** The note as stored: credentials cut out, control characters gone, at most 1 kB. */
export function safeNote(note: string): string {
  const text = redactText(note)
    .replace(bearerPattern, '$1 [REDACTED]')
    .replace(/\p{Cc}+/gu, ' ');
  if (Buffer.byteLength(text) <= maxNoteBytes) return text;
  let cut = text.slice(0, maxNoteBytes - 3);
  while (Buffer.byteLength(cut) > maxNoteBytes - 3) cut = cut.slice(0, -1);
  return `${cut}...`;
}

function eventName(objectName: string): string {
  return `${objectName.slice(0, 236)}.${randomBytes(8).toString('hex')}`;
}

interface Tracked {
  namespace: string;
  name: string;
  count: number;
  lastObservedAt: number;
  /** Resolves once the create finished (or failed: then undefined and it is forgotten). */
  created: Promise<boolean>;
  /** The count last written; the series is behind when count exceeds it. */
  written: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Events about hub objects, deduplicated as client-go's events.k8s.io recorder does: the first
 * occurrence creates an Event, repeats within the series window only raise its count (written at
 * the second occurrence, then at most once per refresh period), and each object may start only
 * a burst of new Events and one per refill period after. A controller in a hot loop therefore
 * writes a bounded number of Events, however often it records.
 */
export function createEventRecorder(options: EventRecorderOptions): EventRecorder {
  const clock = options.clock ?? realClock;
  const log = options.logger.child({ component: 'events' });
  const windowMs = options.seriesWindowMs ?? 6 * 60_000;
  // client-go refreshes a series every 30 minutes; every 30 s, 1,000 groups whose members were
  // arriving patched their Events 4,000 times in a two-minute apply (docs/performance.md).
  const refreshMs = options.seriesRefreshMs ?? 5 * 60_000;
  const burst = options.burstPerObject ?? 25;
  const refillMs = options.refillPerObjectMs ?? 5 * 60_000;
  const maxTracked = options.maxTracked ?? 4096;
  const tracked = new Map<string, Tracked>();
  const buckets = new Map<string, Bucket>();
  const writes = new Set<Promise<unknown>>();
  let refreshTimer: unknown;
  let stopped = false;

  const iso = (ms: number) => new Date(ms).toISOString();
  const keep = (work: Promise<unknown>) => {
    writes.add(work);
    void work.finally(() => writes.delete(work));
  };

  function allowNew(uid: string): boolean {
    const now = clock.now();
    const bucket = buckets.get(uid) ?? { tokens: burst, at: now };
    const refilled = Math.min(burst, bucket.tokens + Math.floor((now - bucket.at) / refillMs));
    const at = refilled > bucket.tokens ? now : bucket.at;
    buckets.delete(uid);
    if (buckets.size >= maxTracked) buckets.delete(buckets.keys().next().value as string);
    if (refilled < 1) {
      buckets.set(uid, { tokens: refilled, at });
      return false;
    }
    buckets.set(uid, { tokens: refilled - 1, at });
    return true;
  }

  async function writeSeries(entry: Tracked): Promise<void> {
    if (!(await entry.created) || entry.count <= entry.written) return;
    const count = entry.count;
    const series = { count, lastObservedTime: iso(entry.lastObservedAt) };
    try {
      await options.sink.updateSeries(entry.namespace, entry.name, series);
      entry.written = Math.max(entry.written, count);
    } catch (error) {
      log.warn({ err: error, event: entry.name }, 'could not update an event count');
    }
  }

  function scheduleRefresh(): void {
    if (refreshTimer !== undefined || stopped) return;
    refreshTimer = clock.setTimeout(() => {
      refreshTimer = undefined;
      keep(refresh());
    }, refreshMs);
  }

  async function refresh(): Promise<void> {
    const now = clock.now();
    const behind: Tracked[] = [];
    for (const [key, entry] of tracked) {
      if (entry.count > entry.written) behind.push(entry);
      else if (now - entry.lastObservedAt > windowMs) tracked.delete(key);
    }
    await Promise.all(behind.map(writeSeries));
  }

  function create(key: string, regarding: ObjectReference, intent: EventIntent): void {
    const now = clock.now();
    const namespace = regarding.namespace ?? clusterScopedEventNamespace;
    const event: HubEvent = {
      ...intent,
      namespace,
      name: eventName(regarding.name),
      regarding,
      eventTime: iso(now),
      reportingController,
      reportingInstance: options.instance.slice(0, 128),
    };
    const created = options.sink.create(event).then(
      () => true,
      (error: unknown) => {
        tracked.delete(key);
        log.warn(
          { err: error, reason: intent.reason, object: regarding.name },
          'event not recorded',
        );
        return false;
      },
    );
    keep(created);
    if (tracked.size >= maxTracked) tracked.delete(tracked.keys().next().value as string);
    tracked.set(key, {
      namespace,
      name: event.name,
      count: 1,
      lastObservedAt: now,
      created,
      written: 1,
    });
  }

  return {
    record(regarding, wanted) {
      if (stopped) return;
      const intent = { ...wanted, note: safeNote(wanted.note) };
      // Keyed as client-go's events.k8s.io recorder keys a series (object, reason, action; not
      // the note): a problem whose wording changes while it lasts, such as a group's missing
      // members arriving one by one, counts into its one Event, whose note stays the first; the
      // object's condition says what holds now. Keyed by note, 1,000 groups whose members were
      // being applied wrote 24,640 Events to the hub (docs/performance.md "Ten times that").
      const key = [regarding.uid, intent.type, intent.reason, intent.action].join('\0');
      const entry = tracked.get(key);
      const now = clock.now();
      if (entry && now - entry.lastObservedAt <= windowMs) {
        entry.count++;
        entry.lastObservedAt = now;
        // The first repeat is written at once, so `kubectl describe` shows it is recurring.
        if (entry.written === 1 && entry.count === 2) keep(writeSeries(entry));
        else scheduleRefresh();
        return;
      }
      if (entry) tracked.delete(key);
      if (!allowNew(regarding.uid)) {
        log.debug({ reason: intent.reason, object: regarding.name }, 'event dropped (rate limit)');
        return;
      }
      create(key, regarding, intent);
    },
    async flush() {
      await Promise.all([...writes]);
      await refresh();
    },
    async stop() {
      stopped = true;
      if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer);
      refreshTimer = undefined;
      await Promise.all([...writes]);
      await refresh();
    },
  };
}
