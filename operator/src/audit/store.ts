import type { AuditFilter, AuditRecord, RecordSlice } from './record.js';

export interface PageWindow {
  offset: number;
  limit: number;
  /** false: the matching records are not counted (a copy reads every page; total is then -1). */
  total?: false;
}

/**
 * Where audit records are kept: this replica's own SQLite file (the default) or the PostgreSQL
 * database every replica shares (docs/audit.md "Where records are kept"). Records are never
 * changed once written.
 */
export interface AuditStore {
  /** For the log: the file, or the database's host and name (never its credentials). */
  readonly location: string;
  /** True when every replica writes here and reads from here: no other replica is asked. */
  readonly shared: boolean;
  /** Stores the batch whole or not at all; a record already stored (same id) is kept once. */
  append(records: readonly AuditRecord[]): Promise<void>;
  query(filter: AuditFilter, window: PageWindow): Promise<RecordSlice>;
  /** Deletes records older than the cut-off (epoch ms), oldest first; returns how many went. */
  prune(olderThan: number): Promise<number>;
  /** Deletes the oldest records until the records take at most maxBytes; returns how many went. */
  pruneToSize(maxBytes: number): Promise<number>;
  /** Bytes the records and their indexes take (free space excluded). */
  usedBytes(): Promise<number>;
  count(): Promise<number>;
  close(): Promise<void>;
}
