// The change feed across replicas, with the shared store: only the replica that syncs a member
// writes its rows, yet a live list on any replica must hear of them. The writer tells the
// database (NOTIFY, committed writes only) and every replica listens on a connection of its own
// and tells its own feed (docs/decisions/member-ownership.md).
import pg from 'pg';
import type { Logger } from '../logger.js';
import type { PostgresConnection } from '../postgres/pool.js';
import { postgresClientConfig } from '../postgres/pool.js';
import type { ChangeFeed, IndexNotice } from './change-feed.js';

export const changesChannel = 'nimbus_index_changes';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const maxPayloadBytes = 7_000;

/** The notices as NOTIFY payloads (JSON arrays), each under the limit. */
export function payloadsOf(notices: readonly IndexNotice[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const notice of notices) {
    const text = JSON.stringify(notice);
    const size = Buffer.byteLength(text) + 1;
    if (batch.length > 0 && bytes + size > maxPayloadBytes) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
  return payloads;
}

/** Where the loops' writes are told: the database, which tells every replica. */
export function notifyingPublisher(
  pool: Pick<pg.Pool, 'query'>,
  logger: Logger,
): Pick<ChangeFeed, 'publish'> {
  return {
    publish(notices) {
      for (const payload of payloadsOf(notices)) {
        pool
          .query('SELECT pg_notify($1, $2)', [changesChannel, payload])
          .catch((error: unknown) => {
            logger.warn({ err: error }, 'index change not told to the other replicas');
          });
      }
    },
  };
}

const isNotice = (value: unknown): value is IndexNotice =>
  typeof value === 'object' &&
  value !== null &&
  ['cluster', 'kind', 'namespace', 'name', 'type'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  );

export interface ChangeListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ChangeListenerOptions {
  connection: PostgresConnection;
  feed: Pick<ChangeFeed, 'publish'>;
  logger: Logger;
  /** Notices may have been missed (the connection was lost): every list should read again. */
  onGap: () => void;
  retryMs?: number;
}

/** Listens on a connection of its own, opened again (and a gap told) whenever it is lost. */
export function listenForChanges(options: ChangeListenerOptions): ChangeListener {
  const log = options.logger.child({ component: 'index-changes' });
  const retryMs = options.retryMs ?? 2_000;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function receive(message: pg.Notification): void {
    if (message.channel !== changesChannel || !message.payload) return;
    try {
      const parsed: unknown = JSON.parse(message.payload);
      if (Array.isArray(parsed)) options.feed.publish(parsed.filter(isNotice));
    } catch (error) {
      log.warn({ err: error }, 'index change notice not understood');
    }
  }

  function lost(error: unknown): void {
    if (closed) return;
    log.warn({ err: error }, 'index change listener lost its connection: listening again');
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    retry ??= setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client(postgresClientConfig(options.connection));
    client = next;
    next.on('notification', receive);
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost(new Error('the connection ended'));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${changesChannel}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    // What was written while no connection listened is unknown: every list reads again.
    if (!first) options.onGap();
    first = false;
    markReady();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      markReady();
      await client?.end().catch(() => undefined);
    },
  };
}
