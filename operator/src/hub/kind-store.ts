import { CustomObjectsApi, makeInformer } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesListObject, KubernetesObject } from '@kubernetes/client-node';
import type { KindDefinition } from '../crds/kind.js';
import { apiVersion, group, version } from '../crds/kind.js';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import { ApiError, errors } from '../core/errors.js';
import type { Logger } from '../logger.js';
import { fieldManager, mergePatch, serverSideApply } from './apply-options.js';
import { isConflict, isNotFound, toHubApiError } from './hub-errors.js';
import { ObjectIndex } from './object-index.js';
import { isPossibleObjectName } from './object-name.js';
import type { RelistLoop } from './relist-loop.js';
import { startRelistLoop } from './relist-loop.js';
import type { ApplyObject, ChangeListener, KindStore, Stored } from './types.js';

const maxModifyAttempts = 5;
const maxRestartDelayMs = 30_000;
/** How often a hub cache is listed afresh to repair drift (NIMBUS_HUB_RELIST_INTERVAL). */
export const defaultRelistIntervalMs = 5 * 60_000;

export interface ManagedKindStore<K extends KindDefinition> extends KindStore<K> {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface KindStoreOptions {
  /** Between two relists; each repairs what the watch and our own answers let drift. */
  relistIntervalMs?: number;
  clock?: Clock;
}

/**
 * The labels or annotations Nimbus itself sets; modify() re-sends them so an apply does not drop
 * them. Only those: re-sending another writer's (kubectl's last-applied-configuration, say) would
 * make Nimbus a co-owner, and that writer could no longer remove it.
 */
function ownEntries(
  entries: Record<string, string> | undefined,
  added: Record<string, string> = {},
): Record<string, string> | undefined {
  const own = Object.entries(entries ?? {}).filter(([key]) => key.startsWith('nimbus.io/'));
  const all = { ...Object.fromEntries(own), ...added };
  return Object.keys(all).length > 0 ? all : undefined;
}

export function createKindStore<K extends KindDefinition>(
  kubeConfig: KubeConfig,
  kind: K,
  logger: Logger,
  options: KindStoreOptions = {},
): ManagedKindStore<K> {
  const api = kubeConfig.makeApiClient(CustomObjectsApi);
  const target = { group, version, plural: kind.plural };
  const log = logger.child({ kind: kind.kind });
  const index = new ObjectIndex<K>(kind, log);

  let synced!: () => void;
  const firstSync = new Promise<void>((resolve) => (synced = resolve));
  let restartDelayMs = 1_000;
  let stopped = false;
  let relistLoop: RelistLoop | undefined;

  const listFn = async (): Promise<KubernetesListObject<KubernetesObject>> => {
    const list = (await api.listClusterCustomObject(
      target,
    )) as KubernetesListObject<KubernetesObject>;
    restartDelayMs = 1_000;
    // After the informer has filled its cache from this list (it does so right after we return).
    setImmediate(synced);
    return list;
  };
  const informer = makeInformer(kubeConfig, `/apis/${group}/${version}/${kind.plural}`, listFn);
  informer.on('add', (object) => index.upsert(object, 'add'));
  informer.on('update', (object) => index.upsert(object, 'update'));
  informer.on('delete', (object) => index.remove(object));
  informer.on('error', (error: unknown) => {
    if (stopped) return;
    log.warn({ err: error, retryInMs: restartDelayMs }, 'hub watch failed; restarting');
    setTimeout(() => {
      if (!stopped) void informer.start();
    }, restartDelayMs).unref();
    restartDelayMs = Math.min(restartDelayMs * 2, maxRestartDelayMs);
  });

  /** A full list repairs the cache: what the watch missed or a late answer put back. */
  async function relist(): Promise<void> {
    const epoch = index.beginRelist();
    try {
      const list = (await api.listClusterCustomObject(
        target,
      )) as KubernetesListObject<KubernetesObject>;
      if (!stopped) index.relisted(epoch, list.items, list.metadata?.resourceVersion);
    } catch (error) {
      log.warn({ err: error }, 'hub relist failed; the next one repairs the cache');
    }
  }

  async function getDirect(name: string): Promise<Stored<K> | undefined> {
    if (!isPossibleObjectName(name)) return undefined;
    try {
      const object = (await api.getClusterCustomObject({ ...target, name })) as KubernetesObject;
      return index.remember(object);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw toHubApiError(error);
    }
  }

  async function apply(object: ApplyObject<K>): Promise<Stored<K>> {
    const body = { apiVersion, kind: kind.kind, ...object };
    try {
      const result = (await api.patchClusterCustomObject(
        { ...target, name: object.metadata.name, body, fieldManager, force: true },
        serverSideApply,
      )) as KubernetesObject;
      return index.remember(result);
    } catch (error) {
      throw toHubApiError(error);
    }
  }

  async function applyStatusAs(
    manager: string,
    metadata: { name: string; resourceVersion?: string | undefined },
    status: unknown,
  ): Promise<Stored<K>> {
    const body = { apiVersion, kind: kind.kind, metadata, status };
    try {
      const result = (await api.patchClusterCustomObjectStatus(
        { ...target, name: metadata.name, body, fieldManager: manager, force: true },
        serverSideApply,
      )) as KubernetesObject;
      return index.remember(result);
    } catch (error) {
      throw toHubApiError(error);
    }
  }

  async function create(object: ApplyObject<K>): Promise<Stored<K>> {
    const body = { apiVersion, kind: kind.kind, ...object };
    try {
      const result = (await api.createClusterCustomObject({
        ...target,
        body,
        fieldManager,
      })) as KubernetesObject;
      return index.remember(result);
    } catch (error) {
      throw toHubApiError(error);
    }
  }

  const store: ManagedKindStore<K> = {
    kind,
    get: (name) => index.get(name),
    getByUid: (uid) => index.getByUid(uid),
    list: (filter) => index.list(filter),
    async listDirect(labelSelector) {
      try {
        const list = (await api.listClusterCustomObject({
          ...target,
          ...(labelSelector ? { labelSelector } : {}),
        })) as KubernetesListObject<KubernetesObject>;
        return list.items.flatMap((item) => index.parse(item) ?? []);
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    fetch: async (name) => index.get(name) ?? (await getDirect(name)),
    create,
    apply,
    applyStatus: (name, status) => applyStatusAs(fieldManager, { name }, status),
    async modifyStatus(name, manager, change) {
      for (let attempt = 1; ; attempt++) {
        const current = await getDirect(name);
        if (!current) throw new ApiError(errors.notFound, { message: `${name} not found` });
        const status = change(current);
        const metadata = { name, resourceVersion: current.metadata.resourceVersion };
        try {
          return await applyStatusAs(manager, metadata, status);
        } catch (error) {
          const conflict = error instanceof ApiError && isConflict(error.cause);
          if (!conflict || attempt >= maxModifyAttempts) throw error;
        }
      }
    },
    async modify(name, change, options = {}) {
      for (let attempt = 1; ; attempt++) {
        const current = await getDirect(name);
        if (!current || (options.uid !== undefined && current.metadata.uid !== options.uid))
          throw new ApiError(errors.notFound, { message: `${name} not found` });
        const spec = change(structuredClone(current.spec) as ApplyObject<K>['spec'], current);
        const labels = ownEntries(current.metadata.labels, options.labels);
        const annotations = ownEntries(current.metadata.annotations, options.annotations);
        const metadata = {
          name,
          resourceVersion: current.metadata.resourceVersion,
          ...(labels ? { labels } : {}),
          ...(annotations ? { annotations } : {}),
          ...(current.metadata.ownerReferences
            ? { ownerReferences: current.metadata.ownerReferences }
            : {}),
        };
        try {
          return await apply({ metadata, spec });
        } catch (error) {
          const conflict = error instanceof ApiError && isConflict(error.cause);
          if (!conflict || attempt >= maxModifyAttempts) throw error;
        }
      }
    },
    async patch(name, change) {
      for (let attempt = 1; ; attempt++) {
        const current = await getDirect(name);
        if (!current) return undefined;
        const changes = change(current);
        if (!changes) return current;
        const { spec, ...metadata } = changes;
        const resourceVersion = current.metadata.resourceVersion;
        const body = { metadata: { resourceVersion, ...metadata }, ...(spec ? { spec } : {}) };
        try {
          const result = (await api.patchClusterCustomObject(
            { ...target, name, body, fieldManager },
            mergePatch,
          )) as KubernetesObject;
          const { deletionTimestamp, finalizers } = result.metadata ?? {};
          // Removing the last finalizer of a Terminating object lets it go at once.
          if (deletionTimestamp && (finalizers ?? []).length === 0) {
            index.forgetDeleted(name, result.metadata?.uid, result.metadata?.resourceVersion);
            return undefined;
          }
          return index.remember(result);
        } catch (error) {
          if (isNotFound(error)) return undefined;
          if (!isConflict(error) || attempt >= maxModifyAttempts) throw toHubApiError(error);
        }
      }
    },
    async delete(name) {
      if (!isPossibleObjectName(name)) return false;
      try {
        const result = (await api.deleteClusterCustomObject({ ...target, name })) as
          KubernetesObject | undefined;
        // With finalizers the hub answers the object, now Terminating: it stays in the cache.
        const held = (result?.metadata?.finalizers ?? []).length > 0;
        if (result?.kind === kind.kind && result.metadata?.deletionTimestamp && held) {
          index.remember(result);
        } else
          index.forgetDeleted(name, result?.kind === kind.kind ? result.metadata?.uid : undefined);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw toHubApiError(error);
      }
    },
    subscribe: (listener: ChangeListener<K>) => index.subscribe(listener),
    async start() {
      stopped = false;
      void informer.start();
      await firstSync;
      relistLoop ??= startRelistLoop(
        options.clock ?? realClock,
        options.relistIntervalMs ?? defaultRelistIntervalMs,
        relist,
      );
    },
    async stop() {
      stopped = true;
      relistLoop?.stop();
      relistLoop = undefined;
      await informer.stop();
    },
  };
  return store;
}
