import type { IndexChangeView, IndexChangesEvent } from '@nimbus/api';
import { indexedDeclarations, isHubListKind } from '@nimbus/api/shared';
import { endpointDownloadUrl } from '../apiClient/endpointUrl';

/**
 * What a screen shows, as far as the index's changes concern it: kinds (plural), and the
 * cluster, namespace and object when it shows only those; or an admin list of the hub
 * (hubListKinds) of one organization (its uid).
 */
export interface LiveInterest {
  kinds: readonly string[];
  cluster?: string;
  namespace?: string;
  name?: string;
  organization?: string;
}

/** connecting: opening or reopening; live: changes arrive; off: nothing to follow, or no EventSource. */
export type LiveStatus = 'connecting' | 'live' | 'off';

interface Follower {
  interest: LiveInterest;
  onChange: () => void;
}

/** EventSource.CLOSED, which a stand-in in tests has no class for. */
const CLOSED = 2;
/** The operator follows at most this many kinds on one stream (changesQuery). */
const maxKinds = 10;
/** The index's kinds by plural, the name the stream and its notices use. */
const indexed = new Set<string>(indexedDeclarations().map((declaration) => declaration.plural));

type SourceFactory = (url: string) => EventSource;
let createSource: SourceFactory | undefined =
  typeof EventSource === 'undefined' ? undefined : (url) => new EventSource(url);

/** Tests give a stand-in; the browser's EventSource otherwise. */
export function setEventSourceFactory(factory: SourceFactory | undefined): void {
  createSource = factory;
}

const followers = new Set<Follower>();
const statusListeners = new Set<() => void>();
let source: EventSource | undefined;
let sourceUrl = '';
let status: LiveStatus = 'off';
let missedChanges = false;
let syncScheduled = false;

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The notices of one `changes` event (indexChangesEventSchema); what is not one is skipped. */
function changesOf(data: string): IndexChangeView[] {
  let parsed: Partial<IndexChangesEvent> | undefined;
  try {
    parsed = JSON.parse(data) as Partial<IndexChangesEvent>;
  } catch {
    return [];
  }
  const changes: unknown[] = Array.isArray(parsed?.changes) ? parsed.changes : [];
  return changes.filter((change): change is IndexChangeView => {
    const c = change as Partial<Record<keyof IndexChangeView, unknown>> | null;
    return (
      c !== null &&
      [c.cluster, c.kind, c.namespace, c.name].every(isText) &&
      (c.organization === undefined || isText(c.organization)) &&
      ['upsert', 'delete', 'relist'].includes(String(c.type))
    );
  });
}

function concerns(interest: LiveInterest, change: IndexChangeView): boolean {
  if (!interest.kinds.includes(change.kind)) return false;
  // An admin list's notice names only the organization whose list changed.
  if (isHubListKind(change.kind)) {
    return interest.organization === undefined || interest.organization === change.organization;
  }
  if (interest.cluster !== undefined && interest.cluster !== change.cluster) return false;
  if (change.type === 'relist') return true;
  if (interest.namespace !== undefined && interest.namespace !== change.namespace) return false;
  return interest.name === undefined || interest.name === change.name;
}

/** One value every follower shares, or none. */
function shared(values: ReadonlyArray<string | undefined>): string | undefined {
  const first = values[0];
  return first !== undefined && values.every((value) => value === first) ? first : undefined;
}

/** The one stream's address for everything followed now, or '' when there is nothing. */
function streamUrl(): string {
  const interests = [...followers].map((follower) => follower.interest);
  const kinds = [...new Set(interests.flatMap((interest) => interest.kinds))]
    .filter((kind) => indexed.has(kind) || isHubListKind(kind))
    .sort()
    .slice(0, maxKinds);
  if (kinds.length === 0) return '';
  const cluster = shared(interests.map((interest) => interest.cluster));
  const namespace = shared(interests.map((interest) => interest.namespace));
  return endpointDownloadUrl(
    'watchChanges',
    {},
    {
      kind: kinds,
      ...(cluster === undefined ? {} : { cluster }),
      ...(namespace === undefined ? {} : { namespace }),
    },
  );
}

function tellAll(test: (follower: Follower) => boolean): void {
  for (const follower of [...followers]) if (test(follower)) follower.onChange();
}

function open(url: string): void {
  source?.close();
  source = undefined;
  sourceUrl = url;
  if (!url || !createSource) {
    setStatus('off');
    return;
  }
  setStatus('connecting');
  const opened = createSource(url);
  source = opened;
  opened.addEventListener('ready', () => {
    setStatus('live');
    // What changed while the stream was away was never told: everyone reads again.
    if (missedChanges) tellAll(() => true);
    missedChanges = false;
  });
  opened.addEventListener('changes', (event) => {
    const changes = changesOf(String((event as MessageEvent).data));
    tellAll((follower) => changes.some((change) => concerns(follower.interest, change)));
  });
  opened.addEventListener('error', () => {
    // The browser reconnects by itself unless the answer was a refusal (then it is CLOSED).
    missedChanges = true;
    setStatus(opened.readyState === CLOSED ? 'off' : 'connecting');
  });
}

/** The stream follows the union of every interest: reopened only when that changes. */
function sync(): void {
  syncScheduled = false;
  const url = streamUrl();
  if (url !== sourceUrl) open(url);
}

function scheduleSync(): void {
  if (syncScheduled) return;
  syncScheduled = true;
  // Screens mount and unmount their sections together: one reopen for all of them.
  queueMicrotask(sync);
}

/**
 * Calls `onChange` whenever the index writes something `interest` covers (or whatever may have
 * been missed while the stream was away), over one change stream the whole page shares.
 */
export function followChanges(interest: LiveInterest, onChange: () => void): () => void {
  const follower = { interest, onChange };
  followers.add(follower);
  scheduleSync();
  return () => {
    followers.delete(follower);
    scheduleSync();
  };
}

export function liveStatus(): LiveStatus {
  return status;
}

export function onLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
