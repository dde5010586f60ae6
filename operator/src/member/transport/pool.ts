import type { ClusterConnection } from '../connection.js';
import type { OutboundPolicy, Resolver } from '../../outbound/policy.js';
import { checkOutboundUrl } from '../../outbound/policy.js';
import { forgetCredentialExpiry } from './observed.js';
import type { MemberTransport, TransportOptions } from './transport.js';
import { createMemberTransport } from './transport.js';

/** Short-lived tokens (EKS, GKE) are renewed this long before they expire. */
const renewBeforeMs = 60_000;

export class RefusedMemberUrl extends Error {
  constructor(readonly reason: string) {
    super(`the cluster server URL is refused: ${reason}`);
    this.name = 'RefusedMemberUrl';
  }
}

export interface TransportPool {
  /**
   * The transport of one registered cluster. `version` names its current credentials (e.g. the
   * Cluster's uid with the Secret's resourceVersion): a different version evicts the old one.
   */
  get(
    key: string,
    version: string,
    connect: () => Promise<ClusterConnection>,
  ): Promise<MemberTransport>;
  /** Drops a cluster's transport and its credential expiry series (the Cluster was deleted). */
  evict(key: string): void;
  close(): void;
}

/**
 * Resolves and SSRF-checks a member host once per connection and pins that answer for the
 * transport's lifetime, so DNS rebinding cannot redirect a later request.
 */
export async function openPinnedTransport(
  connection: ClusterConnection,
  policy: OutboundPolicy,
  resolve: Resolver | undefined,
  options: TransportOptions,
): Promise<MemberTransport> {
  const check = await checkOutboundUrl(connection.server, policy, resolve);
  if (!check.ok) throw new RefusedMemberUrl(check.reason);
  return createMemberTransport(connection, check.addresses, options);
}

export interface PoolSettings extends TransportOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
  /**
   * Whether `candidate` names credentials older than `current` (the connector compares the
   * Secret's resourceVersion): a caller that read them before they changed keeps the newer
   * transport instead of replacing it. Versions it cannot order replace, as any change does.
   */
  isOlder?: (candidate: string, current: string) => boolean;
}

export function createTransportPool(settings: PoolSettings): TransportPool {
  const entries = new Map<string, { version: string; transport: Promise<MemberTransport> }>();
  const now = (): number => (settings.clock ?? { now: Date.now }).now();

  const drop = (key: string): void => {
    const entry = entries.get(key);
    entries.delete(key);
    entry?.transport.then(
      (transport) => transport.close(),
      () => undefined,
    );
  };

  const fresh = async (entry: { transport: Promise<MemberTransport> }): Promise<boolean> => {
    try {
      const transport = await entry.transport;
      const expires = transport.expiresAt?.getTime();
      return expires === undefined || expires - renewBeforeMs > now();
    } catch {
      return false;
    }
  };

  /**
   * A newer connection replaces a transport: calls under way on it finish. Callers read the
   * credentials before they come here, so one that read them just before they changed may come
   * after one that read the new ones; `isOlder` keeps the newer transport then.
   */
  const replace = (key: string): void => {
    const entry = entries.get(key);
    entries.delete(key);
    entry?.transport.then(
      (transport) => transport.retire(),
      () => undefined,
    );
  };

  return {
    async get(key, version, connect) {
      const known = entries.get(key);
      const current =
        known && (known.version === version || settings.isOlder?.(version, known.version) === true);
      if (known && current && (await fresh(known))) return known.transport;
      if (entries.get(key) === known) replace(key);
      const transport = connect().then((connection) =>
        openPinnedTransport(connection, settings.policy, settings.resolve, {
          ...settings,
          cluster: key,
        }),
      );
      entries.set(key, { version, transport });
      // A failed connect is not cached: the next call tries again.
      transport.catch(() => {
        if (entries.get(key)?.transport === transport) entries.delete(key);
      });
      return transport;
    },
    evict(key) {
      drop(key);
      forgetCredentialExpiry(key);
    },
    close() {
      for (const key of [...entries.keys()]) drop(key);
    },
  };
}
