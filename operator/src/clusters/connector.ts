import { ApiError, errors } from '../core/errors.js';
import { compareResourceVersions } from '../hub/resource-version.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { realClock, type Clock } from '../core/clock.js';
import { tokenTimes } from '../core/token-times.js';
import { RefusedMemberUrl, createTransportPool } from '../member/transport/pool.js';
import type { MemberTransport } from '../member/transport/transport.js';
import { isAgentCluster } from './agent/agent-api.js';
import { credentialsUpdatedAnnotation } from './cluster-view.js';
import type { MemberCaller, MemberCalls } from './member-client.js';
import { callsOf, createOperatorCalls } from './member-client.js';
import { observedFetch } from './providers/observed-fetch.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { ClusterConnection, ProviderAdapter } from './providers/types.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { checkOutboundUrl } from '../outbound/policy.js';

/** The Secret key holding a cluster's credentials as JSON. */
export const credentialsKey = 'credentials';

export interface ClusterSettings {
  policy: OutboundPolicy;
  /** Deadline of every member call and of each provider connect. */
  timeoutMs: number;
  /** Vendor API base URLs, e.g. { aws: 'https://…' }; adapters read their own. */
  endpoints: Record<string, string>;
  resolve?: Resolver;
  fetch?: typeof fetch;
  /** Timers of member-call deadlines; tests pass a fake clock. */
  clock?: Clock;
}

export interface ClusterTarget {
  region: string;
  vendorClusterId?: string | undefined;
  vendorProjectId?: string | undefined;
}

export interface ClusterConnector {
  /**
   * The operator's calls with credentials not stored yet (a registration's checks), already
   * validated against the adapter's schema, on a connection of their own.
   */
  connect(
    adapter: ProviderAdapter,
    target: ClusterTarget,
    credentials: unknown,
    timeoutMs?: number,
  ): Promise<MemberCalls>;
  /**
   * The one way into a registered member: calls as `caller` on the cluster's pooled transport
   * (resolved and SSRF-pinned once, kept alive between calls). The operator's own calls read the
   * credentials Secret each time, so a controller always acts on the newest; user calls read it
   * again when the Cluster's spec or credentials changed through the API, or after five minutes,
   * not on every call, and use at once a newer Secret another caller has read.
   */
  for(
    cluster: ClusterObject,
    caller: MemberCaller,
    options?: { timeoutMs?: number | undefined },
  ): Promise<MemberCalls>;
  /** Closes the pooled connection of a deleted Cluster. */
  forget(clusterName: string): void;
  /** The clock of member-call deadlines (tests pass a fake one): budgets over several calls too. */
  readonly clock: Clock;
}

export interface PinnedConnection {
  connection: ClusterConnection;
  /** The addresses the SSRF check resolved; dial only these. */
  addresses: readonly string[];
}

/** How long user calls go on with the credentials they read (see ClusterConnector.for). */
const rememberCredentialsMs = 5 * 60_000;

/** What changes when the Cluster's spec or its credentials change through the API. */
function credentialsKeyOf(cluster: ClusterObject): string {
  return [
    cluster.metadata.uid,
    cluster.metadata.generation ?? 0,
    cluster.metadata.annotations?.[credentialsUpdatedAnnotation] ?? '',
  ].join('/');
}

function unreachable(message: string, cause?: unknown): ApiError {
  return new ApiError(errors.clusterUnreachable, {
    message: `cluster is unreachable: ${message}`,
    cause,
  });
}

function specOf(target: ClusterTarget) {
  return {
    region: target.region,
    ...(target.vendorClusterId ? { vendorClusterId: target.vendorClusterId } : {}),
    ...(target.vendorProjectId ? { vendorProjectId: target.vendorProjectId } : {}),
  };
}

/**
 * Whether a credentials version (`stored` below: the Cluster's uid, then its Secret's
 * resourceVersion) was read before `current`: the same Cluster, an older Secret.
 */
function olderCredentials(candidate: string, current: string): boolean {
  const [uid, version = ''] = candidate.split('|', 2);
  const [currentUid, currentVersion = ''] = current.split('|', 2);
  return uid === currentUid && compareResourceVersions(version, currentVersion) === -1;
}

/**
 * A command-registered cluster's agent token is one Nimbus renews (the member-agent controller),
 * like a vendor's short-lived token: its expiry goes on the connection, so a transport is not
 * kept past it and the expiry is reported as renewed automatically (docs/metrics.md).
 */
function withAgentExpiry(cluster: ClusterObject, connection: ClusterConnection): ClusterConnection {
  if (connection.expiresAt || !isAgentCluster(cluster) || !('token' in connection.auth)) {
    return connection;
  }
  const times = tokenTimes(connection.auth.token);
  return times ? { ...connection, expiresAt: new Date(times.expiresAt) } : connection;
}

export function createClusterConnector(
  store: Pick<HubStore, 'secrets'>,
  registry: ProviderRegistry,
  settings: ClusterSettings,
): ClusterConnector {
  const vendorConnect = async (
    adapter: ProviderAdapter,
    target: ClusterTarget,
    credentials: unknown,
    deadline: number,
  ): Promise<ClusterConnection> => {
    try {
      return await adapter.connect(specOf(target), credentials, {
        endpoints: settings.endpoints,
        fetch: observedFetch(adapter.kind, settings.fetch ?? fetch),
        now: () => new Date(),
        signal: AbortSignal.timeout(deadline),
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Vendor errors may quote request details; the reason stays in the log, not the answer.
      throw unreachable(`the ${adapter.kind} provider did not return a connection`, error);
    }
  };

  const pinned = async (
    adapter: ProviderAdapter,
    target: ClusterTarget,
    credentials: unknown,
    deadline: number,
  ): Promise<PinnedConnection> => {
    const connection = await vendorConnect(adapter, target, credentials, deadline);
    const check = await checkOutboundUrl(connection.server, settings.policy, settings.resolve);
    if (!check.ok) {
      throw new ApiError(errors.validationFailed, {
        message: `the cluster server URL is refused: ${check.reason}`,
      });
    }
    return { connection, addresses: check.addresses };
  };

  const connect: ClusterConnector['connect'] = async (adapter, target, credentials, timeoutMs) => {
    const deadline = timeoutMs ?? settings.timeoutMs;
    const { connection, addresses } = await pinned(adapter, target, credentials, deadline);
    return createOperatorCalls(connection, addresses, {
      timeoutMs: deadline,
      ...(settings.clock ? { clock: settings.clock } : {}),
    });
  };

  const pool = createTransportPool({
    isOlder: olderCredentials,
    policy: settings.policy,
    ...(settings.resolve ? { resolve: settings.resolve } : {}),
    timeoutMs: settings.timeoutMs,
    ...(settings.clock ? { clock: settings.clock } : {}),
  });

  const stored = async (cluster: ClusterObject) => {
    const adapter = registry.adapter(cluster.spec.provider);
    if (!adapter) throw unreachable(`no adapter for ${cluster.spec.provider}`);
    const secret = await store.secrets.get(cluster.spec.credentialsSecretRef.name);
    const raw = secret?.data[credentialsKey];
    if (raw === undefined) throw unreachable('its credentials Secret is missing');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw unreachable('its credentials Secret is not readable');
    }
    const credentials = adapter.credentials.safeParse(parsed);
    if (!credentials.success) throw unreachable('its stored credentials are not valid');
    const version = [
      cluster.metadata.uid,
      secret?.resourceVersion ?? '',
      JSON.stringify(specOf(cluster.spec)),
      cluster.spec.provider,
    ].join('|');
    return { adapter, credentials: credentials.data, version };
  };

  type Stored = Awaited<ReturnType<typeof stored>>;
  const now = () => (settings.clock ?? { now: Date.now }).now();
  const remembered = new Map<string, { key: string; until: number; stored: Promise<Stored> }>();
  const rememberedStored = (cluster: ClusterObject): Promise<Stored> => {
    const name = cluster.metadata.name;
    const key = credentialsKeyOf(cluster);
    const known = remembered.get(name);
    if (known && known.key === key && known.until > now()) return known.stored;
    const reading = stored(cluster);
    remembered.set(name, { key, until: now() + rememberCredentialsMs, stored: reading });
    // A failed read is not remembered: the next call reads again.
    reading.catch(() => {
      if (remembered.get(name)?.stored === reading) remembered.delete(name);
    });
    return reading;
  };

  const pooled = async (
    cluster: ClusterObject,
    { adapter, credentials, version }: Stored,
  ): Promise<MemberTransport> => {
    try {
      return await pool.get(cluster.metadata.name, version, async () =>
        withAgentExpiry(
          cluster,
          await vendorConnect(adapter, cluster.spec, credentials, settings.timeoutMs),
        ),
      );
    } catch (error) {
      if (error instanceof RefusedMemberUrl) {
        throw new ApiError(errors.validationFailed, { message: error.message });
      }
      throw error;
    }
  };

  return {
    connect,
    clock: settings.clock ?? realClock,
    async for(cluster, caller, options = {}) {
      const credentials =
        caller === 'operator' ? await stored(cluster) : await rememberedStored(cluster);
      return callsOf(
        await pooled(cluster, credentials),
        caller,
        options.timeoutMs ?? settings.timeoutMs,
      );
    },
    forget: (name) => {
      remembered.delete(name);
      pool.evict(name);
    },
  };
}
