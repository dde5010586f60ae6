import { CoordinationV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Lease } from '@kubernetes/client-node';
import { fieldManager } from './apply-options.js';
import { isNotFound, toHubApiError } from './hub-errors.js';

/** A Lease used as a small shared record; its state lives in annotations. */
export interface LeaseValue {
  name: string;
  resourceVersion: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface LeaseWrite {
  name: string;
  labels?: Record<string, string>;
  annotations: Record<string, string>;
  /** For replace: fails with conflict (1005) if the Lease changed since it was read. */
  resourceVersion?: string;
}

/** coordination.k8s.io Leases in the operator's namespace: shared, optimistic-concurrency state. */
export interface LeaseStore {
  get(name: string): Promise<LeaseValue | undefined>;
  list(labelSelector: string): Promise<LeaseValue[]>;
  /** Throws conflict (1005) when the name is taken. */
  create(lease: LeaseWrite): Promise<LeaseValue>;
  replace(lease: LeaseWrite): Promise<LeaseValue>;
  delete(name: string): Promise<boolean>;
}

function decode(lease: V1Lease): LeaseValue {
  return {
    name: lease.metadata?.name ?? '',
    resourceVersion: lease.metadata?.resourceVersion ?? '',
    labels: lease.metadata?.labels ?? {},
    annotations: lease.metadata?.annotations ?? {},
  };
}

function encode(namespace: string, lease: LeaseWrite): V1Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: lease.name,
      namespace,
      labels: { 'app.kubernetes.io/managed-by': 'nimbus', ...lease.labels },
      annotations: lease.annotations,
      ...(lease.resourceVersion ? { resourceVersion: lease.resourceVersion } : {}),
    },
    spec: { holderIdentity: 'nimbus' },
  };
}

export function createLeaseStore(kubeConfig: KubeConfig, namespace: string): LeaseStore {
  const api = kubeConfig.makeApiClient(CoordinationV1Api);
  return {
    async get(name) {
      try {
        return decode(await api.readNamespacedLease({ name, namespace }));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw toHubApiError(error);
      }
    },
    async list(labelSelector) {
      try {
        return (await api.listNamespacedLease({ namespace, labelSelector })).items.map(decode);
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async create(lease) {
      try {
        const body = encode(namespace, lease);
        return decode(await api.createNamespacedLease({ namespace, body, fieldManager }));
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async replace(lease) {
      try {
        const body = encode(namespace, lease);
        const name = lease.name;
        return decode(await api.replaceNamespacedLease({ name, namespace, body, fieldManager }));
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async delete(name) {
      try {
        await api.deleteNamespacedLease({ name, namespace });
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw toHubApiError(error);
      }
    },
  };
}
