import { reachesCluster } from '../../access/caller-scope.js';
import type { HubStore } from '../../hub/store.js';
import { buildIdentity } from '../../identity/build-identity.js';
import { findByAccessKey } from '../../identity/credentials.js';
import type { Identity } from '../../identity/identity.js';
import type { Clock } from '../../member/transport/clock.js';
import { realClock } from '../../member/transport/clock.js';
import { relayClosedCode } from './close-codes.js';

/** NIMBUS_STREAM_MAX_LIFETIME's default: docs/api.md "Streams". */
export const defaultStreamMaxLifetimeSeconds = 4 * 3600;
/** How often an AK/SK caller's key is checked: no watch tells when a Secret changes. */
const accessKeyCheckMs = 60_000;
/**
 * Hub changes within this long cost one re-check: cluster probes and IAM status writes arrive
 * all the time, and each re-check walks every binding (the RBAC projection waits as long).
 */
export const recheckDelayMs = 500;

export interface StreamEnding {
  code: number;
  reason: string;
}

export interface StreamGuardOptions {
  store: Pick<
    HubStore,
    'sessions' | 'users' | 'userGroups' | 'roles' | 'clusters' | 'organizations' | 'secrets'
  >;
  /** The caller as authenticated at the handshake. */
  identity: Identity;
  /** The member cluster the stream reaches; the caller must keep reaching it. */
  cluster?: string | undefined;
  maxLifetimeSeconds: number;
  clock?: Clock;
  /**
   * Called after a change of what access is made of was checked and access stands: a stream
   * that filters by the caller's rights reads them again then, on the same subscriptions and
   * the same debounce rather than its own (docs/decisions/live-changes.md).
   */
  onAccessChecked?: () => void;
}

type Guarded = StreamGuardOptions['store'];

/**
 * Why the caller may no longer hold the stream, from the hub caches as they are now: their user
 * is gone (or re-created), or `cluster` left the scope every member call is checked against
 * (callerClusters: Deny binding, removed from the organization, organization or cluster deleted,
 * sysAdmin taken away). Undefined while access stands.
 */
async function lostAccess(
  store: Guarded,
  caller: Identity,
  cluster: string | undefined,
): Promise<string | undefined> {
  const now = currentIdentity(store, caller);
  if (!now) return 'user deleted';
  if (cluster === undefined) return undefined;
  return (await reachesCluster(store, now, cluster))
    ? undefined
    : `access to cluster ${cluster} ended`;
}

/**
 * Calls `listener` on every change of what a caller's access is made of in the hub caches
 * (users, groups, roles, clusters, organizations); returns the unsubscribe.
 */
export function onAccessChange(
  store: Pick<HubStore, 'users' | 'userGroups' | 'roles' | 'clusters' | 'organizations'>,
  listener: () => void,
): () => void {
  const stops = [
    store.users.subscribe(listener),
    store.userGroups.subscribe(listener),
    store.roles.subscribe(listener),
    store.clusters.subscribe(listener),
    store.organizations.subscribe(listener),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The caller of an open stream as the hub caches state them now (organizations, admin rights),
 * or undefined when their user is gone or was re-created under the same name.
 */
export function currentIdentity(
  store: Pick<HubStore, 'users' | 'organizations'>,
  caller: Identity,
): Identity | undefined {
  const user = store.users.get(caller.userName);
  if (!user || user.metadata.uid !== caller.userId) return undefined;
  return buildIdentity(store, user, {
    via: caller.via,
    ...(caller.sessionId ? { sessionId: caller.sessionId } : {}),
  });
}

/** The caller's Session ends the stream when it expires, if that comes before the lifetime. */
function sessionExpiry(store: Guarded, identity: Identity): number | undefined {
  if (identity.sessionId === undefined) return undefined;
  const expiresAt = store.sessions.get(identity.sessionId)?.spec.expiresAt;
  const at = expiresAt === undefined ? Number.NaN : Date.parse(String(expiresAt));
  return Number.isFinite(at) ? at : undefined;
}

function lifetimeText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/**
 * Watches an open stream's right to stay open and calls `end` once when it is lost: the
 * caller's Session is deleted (logout, password change, revocation) or expires, their access to
 * the stream's cluster ends (re-evaluated on every change of users, groups, roles, clusters and
 * organizations in the hub caches), an AK/SK caller's key is reset, or the stream reached its
 * maximum lifetime. Returns the unsubscribe, for a stream that closed by itself.
 */
export function guardStream(
  options: StreamGuardOptions,
  end: (ending: StreamEnding) => void,
): () => void {
  const { store, identity, cluster } = options;
  const clock = options.clock ?? realClock;
  let ended = false;
  let checking = false;
  let again = false;
  const stoppers: Array<() => void> = [];
  const stop = (): void => {
    for (const unsubscribe of stoppers.splice(0)) unsubscribe();
  };
  const finish = (ending: StreamEnding): void => {
    if (ended) return;
    ended = true;
    stop();
    end(ending);
  };
  const accessEnded = (reason: string): void =>
    finish({ code: relayClosedCode.accessEnded, reason });

  // One evaluation at a time; changes during it ask for one more.
  const recheck = (): void => {
    if (ended) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    void lostAccess(store, identity, cluster)
      .then((reason) => {
        if (reason !== undefined) accessEnded(reason);
        else options.onAccessChecked?.();
      })
      .catch(() => finish({ code: relayClosedCode.failed, reason: 'access could not be checked' }))
      .finally(() => {
        checking = false;
        if (again) {
          again = false;
          recheck();
        }
      });
  };
  let pendingCheck: unknown;
  const onChange = (): void => {
    if (ended || pendingCheck !== undefined) return;
    pendingCheck = clock.setTimeout(() => {
      pendingCheck = undefined;
      recheck();
    }, recheckDelayMs);
  };
  stoppers.push(() => {
    if (pendingCheck !== undefined) clock.clearTimeout(pendingCheck);
  });
  stoppers.push(onAccessChange(store, onChange));

  if (identity.sessionId !== undefined) {
    const sessionId = identity.sessionId;
    stoppers.push(
      store.sessions.subscribe((type, session) => {
        if (type === 'delete' && session.metadata.name === sessionId)
          accessEnded('session revoked');
      }),
    );
  }

  const lifetimeMs = options.maxLifetimeSeconds * 1000;
  const expiry = sessionExpiry(store, identity);
  const untilExpiry = expiry === undefined ? Number.POSITIVE_INFINITY : expiry - clock.now();
  const lifetime = clock.setTimeout(
    () =>
      untilExpiry < lifetimeMs
        ? accessEnded('session expired')
        : finish({
            code: relayClosedCode.lifetimeReached,
            reason: `stream lifetime of ${lifetimeText(options.maxLifetimeSeconds)} reached`,
          }),
    Math.max(0, Math.min(lifetimeMs, untilExpiry)),
  );
  stoppers.push(() => clock.clearTimeout(lifetime));

  if (identity.accessKey !== undefined) {
    const accessKey = identity.accessKey;
    let timer: unknown;
    const checkKey = (): void => {
      timer = clock.setTimeout(() => {
        void findByAccessKey(store, accessKey)
          .then((found) => {
            if (found?.user.metadata.uid !== identity.userId) accessEnded('access key reset');
            else if (!ended) checkKey();
          })
          .catch(() => {
            if (!ended) checkKey();
          });
      }, accessKeyCheckMs);
    };
    checkKey();
    stoppers.push(() => clock.clearTimeout(timer));
  }
  return stop;
}
