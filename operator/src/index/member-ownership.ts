// Which replica syncs which member, with the shared store: one Lease per member cluster on the
// hub, held by the replica whose watch loops write that member's rows, so each member is watched
// once however many replicas run (docs/decisions/member-ownership.md). Every replica reads every
// member's rows from the shared store.
import { createHash } from 'node:crypto';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { LeaseStore, LeaseValue } from '../hub/leases.js';
import type { Logger } from '../logger.js';

export const ownerLeasePrefix = 'nimbus-index-';
const purposeLabel = 'nimbus.io/purpose';
const scopeLabel = 'nimbus.io/index-scope';
const memberPurpose = 'index-member';
const replicaPurpose = 'index-replica';
const holderAnnotation = 'nimbus.io/holder';
const renewedAnnotation = 'nimbus.io/renewed';
const clusterAnnotation = 'nimbus.io/cluster';

/** A holder whose record has not changed for this long (by our clock) is gone. */
export const defaultOwnershipLeaseMs = 15_000;
export const defaultOwnershipRenewMs = 5_000;

export interface MemberOwnership {
  /** This replica syncs `cluster` now. */
  owns(cluster: string): boolean;
  /** The clusters this replica holds, sorted. */
  owned(): string[];
  /** Called after each change of what this replica holds; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** One round: renew, release beyond the fair share, take what nobody holds. */
  tick(): Promise<void>;
  /** Renews every renewMs until stopped. */
  start(): void;
  /** Stops renewing and gives every Lease up, so the other replicas take over at once. */
  stop(): Promise<void>;
}

export interface MemberOwnershipOptions {
  leases: LeaseStore;
  /** Unique per replica (the pod name, or host and pid). */
  identity: string;
  /** The member clusters to divide: the ready Clusters, by name. */
  clusters: () => string[];
  logger: Logger;
  clock?: Clock;
  leaseMs?: number;
  renewMs?: number;
  /**
   * Replicas sharing one store divide its members: a short name of the store, so that another
   * installation's replicas in the same namespace (the test bed's) never take these Leases.
   */
  scope?: string;
}

const shortHash = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Lease names are DNS subdomains; a replica's identity may not be one (a host name). */
const replicaLeaseName = (scope: string, identity: string): string =>
  `${ownerLeasePrefix}${scope ? `${scope}-` : ''}replica-${shortHash(identity)}`;

export const memberLeaseName = (cluster: string, scope = ''): string =>
  `${ownerLeasePrefix}${scope ? `${scope}-` : ''}${cluster}`;

/** The scope of the replicas on one shared store: a short hash of where it is. */
export const storeScope = (location: string): string => shortHash(location).slice(0, 8);

/**
 * A replica's fair share: every replica holds `members / replicas` rounded down, and the
 * remainder goes one each to that many replicas. Those already holding more than the floor keep
 * the extra one, first by name, and a replica holding no more may take one while fewer do: so
 * four members on three replicas settle as 2/1/1, never 2/2/0, moving as few as they can.
 * `heldBy` counts the live member Leases each replica holds.
 */
export function fairShare(
  identity: string,
  members: number,
  replicas: readonly string[],
  heldBy: ReadonlyMap<string, number>,
): number {
  const count = Math.max(replicas.length, 1);
  const floor = Math.floor(members / count);
  const remainder = members % count;
  const over = replicas.filter((replica) => (heldBy.get(replica) ?? 0) > floor).sort();
  const at = over.indexOf(identity);
  if (at >= 0) return at < remainder ? floor + 1 : floor;
  return over.length < remainder ? floor + 1 : floor;
}

export function createMemberOwnership(options: MemberOwnershipOptions): MemberOwnership {
  const { leases, identity } = options;
  const clock = options.clock ?? realClock;
  const leaseMs = options.leaseMs ?? defaultOwnershipLeaseMs;
  const renewMs = options.renewMs ?? defaultOwnershipRenewMs;
  const scope = options.scope ?? '';
  const selector = `${purposeLabel} in (${memberPurpose},${replicaPurpose}),${scopeLabel}=${scope}`;
  const log = options.logger.child({ component: 'index-ownership', identity });
  // What each Lease said when we first saw it say so: expiry is measured by our clock only.
  const observed = new Map<string, { record: string; at: number }>();
  let held = new Set<string>();
  const listeners = new Set<() => void>();
  let lastRenewed = clock.now();
  let timer: unknown;
  let running: Promise<void> | undefined;
  let stopped = false;

  const holderOf = (lease: LeaseValue): string => lease.annotations[holderAnnotation] ?? '';

  function alive(lease: LeaseValue, now: number): boolean {
    const holder = holderOf(lease);
    if (holder === '') return false;
    // Each write changes the resourceVersion, whatever the writer's clock says.
    const record = `${holder}|${lease.resourceVersion}`;
    const seen = observed.get(lease.name);
    if (seen?.record !== record) {
      observed.set(lease.name, { record, at: now });
      return true;
    }
    return now - seen.at < leaseMs;
  }

  const annotations = (cluster?: string) => ({
    [holderAnnotation]: identity,
    [renewedAnnotation]: new Date(clock.now()).toISOString(),
    ...(cluster ? { [clusterAnnotation]: cluster } : {}),
  });

  /** Writes the Lease as ours; false when another replica wrote it first. */
  async function claim(name: string, existing: LeaseValue | undefined, cluster?: string) {
    const write = {
      name,
      labels: { [purposeLabel]: cluster ? memberPurpose : replicaPurpose, [scopeLabel]: scope },
      annotations: annotations(cluster),
    };
    try {
      if (existing) await leases.replace({ ...write, resourceVersion: existing.resourceVersion });
      else await leases.create(write);
      return true;
    } catch (error) {
      log.debug({ err: error, lease: name }, 'lease not written');
      return false;
    }
  }

  async function release(lease: LeaseValue): Promise<void> {
    try {
      await leases.replace({
        name: lease.name,
        labels: lease.labels,
        annotations: { ...lease.annotations, [holderAnnotation]: '' },
        resourceVersion: lease.resourceVersion,
      });
    } catch (error) {
      log.debug({ err: error, lease: lease.name }, 'lease not released');
    }
  }

  function publish(before: string[]): void {
    const after = [...held].sort();
    if (after.join(',') === before.join(',')) return;
    log.info({ clusters: after }, 'member clusters this replica syncs');
    for (const listener of listeners) listener();
  }

  async function round(): Promise<void> {
    const before = [...held].sort();
    const now = clock.now();
    let all: LeaseValue[];
    try {
      all = await leases.list(selector);
    } catch (error) {
      // Unrenewed for a whole lease, ours may be another replica's by now: stop syncing them.
      if (now - lastRenewed >= leaseMs && held.size > 0) {
        log.warn({ err: error }, 'member leases not renewed in time: syncing none');
        held.clear();
        publish(before);
      }
      return;
    }
    const byName = new Map(all.map((lease) => [lease.name, lease]));
    // Every Lease is observed each round, so a holder's silence is timed from when it began.
    const live = new Set(all.filter((lease) => alive(lease, now)).map((lease) => lease.name));
    const ownReplica = replicaLeaseName(scope, identity);
    await claim(ownReplica, byName.get(ownReplica));
    const replicas = new Set([identity]);
    for (const lease of all) {
      if (lease.labels[purposeLabel] === replicaPurpose && live.has(lease.name)) {
        replicas.add(holderOf(lease));
      }
    }
    const wanted = [...new Set(options.clusters())].sort();
    const heldBy = new Map<string, number>();
    for (const lease of all) {
      if (lease.labels[purposeLabel] !== memberPurpose || !live.has(lease.name)) continue;
      if (!wanted.includes(lease.annotations[clusterAnnotation] ?? '')) continue;
      heldBy.set(holderOf(lease), (heldBy.get(holderOf(lease)) ?? 0) + 1);
    }
    const share = fairShare(identity, wanted.length, [...replicas], heldBy);
    const mine = wanted.filter((cluster) => {
      const lease = byName.get(memberLeaseName(cluster, scope));
      return lease !== undefined && holderOf(lease) === identity;
    });
    // Beyond the share (the last by name), or no longer a ready member: given up.
    const keep = new Set(mine.slice(0, share));
    // Only what the Leases say now is ours: one taken meanwhile (renewals that failed for a
    // whole lease) is another replica's, whatever this one thought. Made aside and swapped in at
    // the end, so `owns` never answers from a round half done.
    const next = new Set<string>();
    for (const lease of all) {
      if (lease.labels[purposeLabel] !== memberPurpose || holderOf(lease) !== identity) continue;
      if (!keep.has(lease.annotations[clusterAnnotation] ?? '')) await release(lease);
    }
    for (const cluster of keep) {
      const name = memberLeaseName(cluster, scope);
      if (await claim(name, byName.get(name), cluster)) next.add(cluster);
    }
    for (const cluster of wanted) {
      if (next.size >= share) break;
      const name = memberLeaseName(cluster, scope);
      const lease = byName.get(name);
      if (next.has(cluster) || live.has(name)) continue;
      if (await claim(name, lease, cluster)) {
        next.add(cluster);
        log.info({ cluster, replicas: replicas.size, share }, 'member cluster taken over');
      }
    }
    await removeStale(all, wanted, live);
    held = next;
    lastRenewed = now;
    publish(before);
  }

  /** Replicas gone for a whole lease, and members given up that are no longer ready. */
  async function removeStale(
    all: LeaseValue[],
    wanted: string[],
    live: ReadonlySet<string>,
  ): Promise<void> {
    for (const lease of all) {
      const stale =
        lease.labels[purposeLabel] === replicaPurpose
          ? holderOf(lease) !== identity && !live.has(lease.name)
          : holderOf(lease) === '' && !wanted.includes(lease.annotations[clusterAnnotation] ?? '');
      if (!stale) continue;
      observed.delete(lease.name);
      await leases.delete(lease.name).catch((error: unknown) => {
        log.debug({ err: error, lease: lease.name }, 'stale lease not removed');
      });
    }
  }

  const ownership: MemberOwnership = {
    owns: (cluster) => held.has(cluster),
    owned: () => [...held].sort(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick() {
      // One round at a time: a slow hub must not make two rounds write the same Leases.
      running ??= round().finally(() => (running = undefined));
      return running;
    },
    start() {
      const next = () => {
        if (stopped) return;
        timer = clock.setTimeout(() => {
          void ownership.tick().finally(next);
        }, renewMs);
      };
      void ownership.tick().finally(next);
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      await running;
      const before = [...held].sort();
      held.clear();
      publish(before);
      try {
        const all = await leases.list(selector);
        for (const lease of all) {
          if (holderOf(lease) !== identity) continue;
          // This replica's own Lease goes; its members' are given up for the others to take.
          if (lease.labels[purposeLabel] === replicaPurpose) await leases.delete(lease.name);
          else await release(lease);
        }
      } catch (error) {
        log.warn({ err: error }, 'member leases not released: others take over when they expire');
      }
    },
  };
  return ownership;
}
