import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Logger } from '../logger.js';

export interface PostgresConnection {
  /** The DSN (from the chart's Secret); it may hold a password, so it is never logged. */
  url: string;
  /** PEM CA bundle the server's certificate must chain to; set: TLS with the name checked. */
  caFile?: string | undefined;
  /** Connections this replica keeps at most. */
  maxConnections?: number;
}

const int8 = 20;

/**
 * Epoch milliseconds and counts are BIGINT; pg hands those over as strings, so that a value
 * beyond 2^53 is not rounded. Ours stay far below, and every caller wants a number.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Where a DSN points, without its user or password: for logs and the status. */
export function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    const socket = parsed.searchParams.get('host');
    const host = socket ?? parsed.host;
    return `postgresql://${host}${parsed.pathname}`;
  } catch {
    return 'postgresql://(unparsable DSN)';
  }
}

/** How each connection to the shared store is made: the pool's, and a listener's own. */
export function postgresClientConfig(connection: PostgresConnection): pg.ClientConfig {
  return {
    connectionString: connection.url,
    ...(connection.caFile
      ? { ssl: { ca: readFileSync(connection.caFile, 'utf8'), rejectUnauthorized: true } }
      : {}),
    application_name: 'nimbus-operator',
    connectionTimeoutMillis: 10_000,
    types,
  };
}

/**
 * The replica's pool. An idle connection the server drops emits 'error' on the pool, which
 * would end the process unheard; it is logged, and the pool opens another on the next query.
 */
export function openPostgresPool(connection: PostgresConnection, log: Logger): pg.Pool {
  const pool = new pg.Pool({
    ...postgresClientConfig(connection),
    max: connection.maxConnections ?? 10,
  });
  pool.on('error', (error) => {
    log.warn({ err: error, store: postgresLocation(connection.url) }, 'PostgreSQL connection lost');
  });
  return pool;
}
