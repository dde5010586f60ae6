import { randomUUID } from 'node:crypto';
import { alarmReceiverKind } from '../crds/alarm-receiver.js';
import { alarmRuleKind } from '../crds/alarm-rule.js';
import { alarmSilenceKind } from '../crds/alarm-silence.js';
import { clusterKind } from '../crds/cluster.js';
import { dashboardCategoryKind, dashboardKind } from '../crds/dashboard.js';
import { favouriteKind } from '../crds/favourite.js';
import { identityProviderKind } from '../crds/identity-provider.js';
import type { KindDefinition } from '../crds/kind.js';
import { apiVersion } from '../crds/kind.js';
import { organizationKind } from '../crds/organization.js';
import { registryKind } from '../crds/registry.js';
import { chartSourceKind } from '../crds/chart-source.js';
import { roleKind } from '../crds/role.js';
import { sessionKind } from '../crds/session.js';
import { userGroupKind } from '../crds/user-group.js';
import { userKind } from '../crds/user.js';
import { ApiError, errors } from '../core/errors.js';
import type { LeaseStore, LeaseValue, LeaseWrite } from '../hub/leases.js';
import type { SecretStore, SecretValue, SecretWrite } from '../hub/secrets.js';
import type { ApplyObject, ChangeListener, HubStore, KindStore, Stored } from '../hub/store.js';

/**
 * An in-memory HubStore with the hub's semantics that matter to callers: schema validation,
 * uids, resourceVersion conflicts and create conflicts. For unit tests of code written against
 * the HubStore interface; integration tests use the real hub.
 */
let version = 0;
const nextVersion = (): string => String(++version);
const conflict = (): ApiError => new ApiError(errors.conflict);

function memoryKind<K extends KindDefinition>(kind: K): KindStore<K> {
  const objects = new Map<string, Stored<K>>();
  const listeners = new Set<ChangeListener<K>>();
  const emit = (type: 'add' | 'update' | 'delete', object: Stored<K>): void => {
    for (const listener of listeners) listener(type, object);
  };

  // As server-side apply keeps them: each field manager's status fields, the last it sent.
  const statusParts = new Map<string, Map<string, object>>();

  function writeStatus(name: string, manager: string, part: object): Stored<K> {
    const existing = objects.get(name);
    if (!existing) throw new ApiError(errors.notFound);
    const parts = statusParts.get(name) ?? new Map<string, object>();
    if (parts.size === 0 && existing.status) parts.set('nimbus', existing.status);
    parts.set(manager, part);
    statusParts.set(name, parts);
    const status = Object.assign({}, ...parts.values()) as object;
    const metadata = { ...existing.metadata, resourceVersion: nextVersion() };
    const updated = { ...existing, metadata, status } as Stored<K>;
    objects.set(name, updated);
    // As the hub's watch does: a status write is an update like any other.
    emit('update', updated);
    return updated;
  }

  function write(object: ApplyObject<K>, mustNotExist: boolean): Stored<K> {
    const existing = objects.get(object.metadata.name);
    if (mustNotExist && existing) throw conflict();
    const expected = object.metadata.resourceVersion;
    if (expected !== undefined && existing?.metadata.resourceVersion !== expected) throw conflict();
    const parsed = kind.schema.safeParse({
      apiVersion,
      kind: kind.kind,
      metadata: { ...object.metadata },
      spec: object.spec,
      status: existing?.status,
    });
    if (!parsed.success)
      throw new ApiError(errors.validationFailed, { message: parsed.error.message });
    const stored = parsed.data as unknown as Stored<K>;
    const { finalizers, deletionTimestamp } = existing?.metadata ?? {};
    stored.metadata = {
      ...object.metadata,
      ...(finalizers && !object.metadata.finalizers ? { finalizers } : {}),
      ...(deletionTimestamp ? { deletionTimestamp } : {}),
      uid: existing?.metadata.uid ?? randomUUID(),
      // As the hub counts it: a new object is generation 1, each change of its spec one more.
      generation: !existing
        ? 1
        : (existing.metadata.generation ?? 1) +
          (JSON.stringify(existing.spec) === JSON.stringify(stored.spec) ? 0 : 1),
      resourceVersion: nextVersion(),
      creationTimestamp: existing?.metadata.creationTimestamp ?? new Date().toISOString(),
    };
    objects.set(object.metadata.name, stored);
    emit(existing ? 'update' : 'add', stored);
    return stored;
  }

  const store: KindStore<K> = {
    kind,
    get: (name) => objects.get(name),
    getByUid: (uid) => [...objects.values()].find((object) => object.metadata.uid === uid),
    list: (filter) => [...objects.values()].filter(filter ?? (() => true)),
    listDirect: async () => [...objects.values()],
    fetch: async (name) => objects.get(name),
    create: async (object) => write(object, true),
    apply: async (object) => write(object, false),
    applyStatus: async (name, status) => writeStatus(name, 'nimbus', status),
    async modifyStatus(name, manager, change) {
      const existing = objects.get(name);
      if (!existing) throw new ApiError(errors.notFound);
      return writeStatus(name, manager, change(existing));
    },
    async modify(name, change, options = {}) {
      const current = objects.get(name);
      if (!current || (options.uid !== undefined && current.metadata.uid !== options.uid))
        throw new ApiError(errors.notFound);
      const spec = change(structuredClone(current.spec) as ApplyObject<K>['spec'], current);
      const metadata = { ...current.metadata };
      if (options.labels) metadata.labels = { ...metadata.labels, ...options.labels };
      if (options.annotations)
        metadata.annotations = { ...metadata.annotations, ...options.annotations };
      return write({ metadata, spec }, false);
    },
    async patch(name, change) {
      const existing = objects.get(name);
      if (!existing) return undefined;
      const patch = change(existing);
      if (!patch) return existing;
      const changes = patch.labels ?? {};
      const kept = Object.entries(existing.metadata.labels ?? {}).filter(([k]) => !(k in changes));
      const added = Object.entries(changes).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      );
      const labels = Object.fromEntries([...kept, ...added]);
      const metadata = {
        ...existing.metadata,
        labels,
        ...(patch.finalizers ? { finalizers: patch.finalizers } : {}),
        resourceVersion: nextVersion(),
      };
      const spec = patch.spec ? { ...(existing.spec as object), ...patch.spec } : existing.spec;
      const specChanged = JSON.stringify(spec) !== JSON.stringify(existing.spec);
      const generation = (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0);
      const updated = { ...existing, metadata: { ...metadata, generation }, spec } as Stored<K>;
      if (metadata.deletionTimestamp && (metadata.finalizers ?? []).length === 0) {
        objects.delete(name);
        statusParts.delete(name);
        emit('delete', updated);
        return undefined;
      }
      objects.set(name, updated);
      emit('update', updated);
      return updated;
    },
    async delete(name) {
      const existing = objects.get(name);
      if (!existing) return false;
      if ((existing.metadata.finalizers ?? []).length > 0) {
        if (existing.metadata.deletionTimestamp) return true;
        const metadata = {
          ...existing.metadata,
          deletionTimestamp: new Date().toISOString(),
          resourceVersion: nextVersion(),
        };
        const terminating = { ...existing, metadata } as Stored<K>;
        objects.set(name, terminating);
        emit('update', terminating);
        return true;
      }
      objects.delete(name);
      statusParts.delete(name);
      emit('delete', existing);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** Secrets or Leases: named records with labels and resourceVersion concurrency. */
interface RecordWrite {
  name: string;
  resourceVersion?: string;
  labels?: Record<string, string>;
}

function memoryRecords<
  W extends RecordWrite,
  T extends { name: string; resourceVersion: string; labels: Record<string, string> },
>(
  build: (write: W, resourceVersion: string) => T,
  /** Leases, unlike Secrets, refuse an update without a resourceVersion. */
  versionedReplace = false,
) {
  const records = new Map<string, T>();
  const matches = (record: T, selector: string): boolean =>
    // Terms are separated by commas outside the parentheses of a set (`k in (a,b)`).
    selector.split(/,(?![^()]*\))/).every((term) => {
      const inMatch = /^(\S+) in \((.*)\)$/.exec(term.trim());
      if (inMatch)
        return (inMatch[2] ?? '').split(',').includes(record.labels[inMatch[1] ?? ''] ?? '');
      // A bare key selects records that carry the label at all.
      if (!term.includes('=')) return record.labels[term.trim()] !== undefined;
      const [key = '', value] = term.split('=');
      return record.labels[key.trim()] === value?.trim();
    });
  return {
    records,
    get: async (name: string) => records.get(name),
    list: async (selector: string) =>
      [...records.values()].filter((record) => matches(record, selector)),
    async create(write: W) {
      if (records.has(write.name)) throw conflict();
      const record = build(write, nextVersion());
      records.set(write.name, record);
      return record;
    },
    async replace(write: W) {
      const existing = records.get(write.name);
      if (!existing) throw new ApiError(errors.notFound);
      if (versionedReplace && !write.resourceVersion) {
        throw new ApiError(errors.validationFailed, {
          message: 'metadata.resourceVersion: must be specified for an update',
        });
      }
      if (write.resourceVersion && write.resourceVersion !== existing.resourceVersion)
        throw conflict();
      const record = build(write, nextVersion());
      records.set(write.name, record);
      return record;
    },
    delete: async (name: string) => records.delete(name),
  };
}

export interface MemoryHubStore extends HubStore {
  secretRecords: Map<string, SecretValue>;
  leaseRecords: Map<string, LeaseValue>;
}

export function createMemoryStore(namespace = 'nimbus-system'): MemoryHubStore {
  const secretRecords = memoryRecords((write: SecretWrite, resourceVersion): SecretValue => ({
    name: write.name,
    resourceVersion,
    labels: { ...write.labels },
    data: { ...write.data },
  }));
  const secrets = {
    ...secretRecords,
    async addData(name: string, data: Record<string, string>, resourceVersion: string) {
      const existing = secretRecords.records.get(name);
      if (!existing) throw new ApiError(errors.notFound);
      if (existing.resourceVersion !== resourceVersion) throw conflict();
      const record = {
        ...existing,
        data: { ...existing.data, ...data },
        resourceVersion: nextVersion(),
      };
      secretRecords.records.set(name, record);
      return record;
    },
  };
  const leases = memoryRecords(
    (write: LeaseWrite, resourceVersion): LeaseValue => ({
      name: write.name,
      resourceVersion,
      labels: { ...write.labels },
      annotations: { ...write.annotations },
    }),
    true,
  );
  return {
    users: memoryKind(userKind),
    organizations: memoryKind(organizationKind),
    userGroups: memoryKind(userGroupKind),
    roles: memoryKind(roleKind),
    sessions: memoryKind(sessionKind),
    clusters: memoryKind(clusterKind),
    registries: memoryKind(registryKind),
    favourites: memoryKind(favouriteKind),
    dashboardCategories: memoryKind(dashboardCategoryKind),
    dashboards: memoryKind(dashboardKind),
    alarmSilences: memoryKind(alarmSilenceKind),
    alarmReceivers: memoryKind(alarmReceiverKind),
    alarmRules: memoryKind(alarmRuleKind),
    chartSources: memoryKind(chartSourceKind),
    identityProviders: memoryKind(identityProviderKind),
    secrets: secrets satisfies SecretStore,
    leases: leases satisfies LeaseStore,
    secretRecords: secrets.records,
    leaseRecords: leases.records,
    namespace,
    waitForSync: async () => undefined,
    stop: async () => undefined,
  };
}
