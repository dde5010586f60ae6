import type { Logger } from '../logger.js';
import { mergeSlices } from './merge.js';
import { defaultPeerTimeoutMs, queryPeer } from './peer-client.js';
import type { PeerSource } from './peers.js';
import type { AuditFilter, AuditRecordView, RecordSlice } from './record.js';
import { toView } from './record.js';
import type { AuditStore } from './store.js';

export interface AuditPage {
  items: AuditRecordView[];
  total: number;
  page: number;
  pageSize: number;
  /** True when some replica did not answer in time: its records are missing from this page. */
  partial: boolean;
}

export interface AuditSearchOptions {
  store: AuditStore;
  peers: PeerSource;
  /** Without a key (no session signing key configured) only this replica is searched. */
  peerKey: Buffer | undefined;
  peerTimeoutMs?: number;
}

export type AuditSearch = (
  filter: AuditFilter,
  page: number,
  pageSize: number,
  log: Logger,
  /** `total: false`: this replica's store does not count the matches (an export's pages). */
  options?: { total?: false },
) => Promise<AuditPage>;

/** Searches this replica's store and, in parallel with a deadline, every peer's. */
export function createAuditSearch(options: AuditSearchOptions): AuditSearch {
  const timeoutMs = options.peerTimeoutMs ?? defaultPeerTimeoutMs;

  async function peerUrls(log: Logger): Promise<{ urls: string[]; failed: boolean }> {
    // A shared store already holds every replica's records.
    if (!options.peerKey || options.store.shared) return { urls: [], failed: false };
    try {
      return { urls: await options.peers(), failed: false };
    } catch (error) {
      log.warn({ err: error }, 'audit peers could not be listed; answering from this replica');
      return { urls: [], failed: true };
    }
  }

  return async (filter, page, pageSize, log, searchOptions = {}) => {
    const offset = (page - 1) * pageSize;
    const { urls, failed } = await peerUrls(log);
    const done = (slice: RecordSlice, partial: boolean): AuditPage => ({
      items: slice.items.map(toView),
      total: slice.total,
      page,
      pageSize,
      partial,
    });
    if (urls.length === 0 || !options.peerKey) {
      const window = { offset, limit: pageSize, ...searchOptions };
      return done(await options.store.query(filter, window), failed);
    }
    const key = options.peerKey;
    const limit = offset + pageSize;
    const local = await options.store.query(filter, { offset: 0, limit, ...searchOptions });
    const answers = await Promise.allSettled(
      urls.map((url) => queryPeer(url, key, { filter, limit }, timeoutMs)),
    );
    const slices: RecordSlice[] = [local];
    let partial = failed;
    answers.forEach((answer, index) => {
      if (answer.status === 'fulfilled') slices.push(answer.value);
      else {
        partial = true;
        log.warn({ peer: urls[index], err: answer.reason }, 'audit peer did not answer');
      }
    });
    return done(mergeSlices(slices, offset, pageSize), partial);
  };
}
