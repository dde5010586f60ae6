import { CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { fieldManager } from './apply-options.js';
import { isNotFound, toHubApiError } from './hub-errors.js';
import type { OwnerReference } from './store.js';

/** A Secret's data decoded to UTF-8 strings. */
export interface SecretValue {
  name: string;
  resourceVersion: string;
  labels: Record<string, string>;
  data: Record<string, string>;
}

export interface SecretWrite {
  name: string;
  data: Record<string, string>;
  labels?: Record<string, string>;
  /** E.g. the cluster-scoped User, so deleting it garbage-collects the Secret. */
  owner?: OwnerReference;
  /** For replace: fails with conflict (1005) if the Secret changed since it was read. */
  resourceVersion?: string;
}

/** Secrets in the operator's namespace; always read from the hub, never cached. */
export interface SecretStore {
  get(name: string): Promise<SecretValue | undefined>;
  list(labelSelector: string): Promise<SecretValue[]>;
  /** Throws conflict (1005) when the name is taken. */
  create(secret: SecretWrite): Promise<SecretValue>;
  replace(secret: SecretWrite): Promise<SecretValue>;
  delete(name: string): Promise<boolean>;
}

function decode(secret: V1Secret): SecretValue {
  const data = Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString('utf8'),
    ]),
  );
  return {
    name: secret.metadata?.name ?? '',
    resourceVersion: secret.metadata?.resourceVersion ?? '',
    labels: secret.metadata?.labels ?? {},
    data,
  };
}

function encode(namespace: string, secret: SecretWrite): V1Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: {
      name: secret.name,
      namespace,
      labels: { 'app.kubernetes.io/managed-by': 'nimbus', ...secret.labels },
      ...(secret.owner ? { ownerReferences: [secret.owner] } : {}),
      ...(secret.resourceVersion ? { resourceVersion: secret.resourceVersion } : {}),
    },
    data: Object.fromEntries(
      Object.entries(secret.data).map(([key, value]) => [
        key,
        Buffer.from(value, 'utf8').toString('base64'),
      ]),
    ),
  };
}

export function createSecretStore(kubeConfig: KubeConfig, namespace: string): SecretStore {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    async get(name) {
      try {
        return decode(await core.readNamespacedSecret({ name, namespace }));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw toHubApiError(error);
      }
    },
    async list(labelSelector) {
      try {
        const list = await core.listNamespacedSecret({ namespace, labelSelector });
        return list.items.map(decode);
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async create(secret) {
      try {
        const body = encode(namespace, secret);
        return decode(await core.createNamespacedSecret({ namespace, body, fieldManager }));
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async replace(secret) {
      try {
        const body = encode(namespace, secret);
        const name = secret.name;
        return decode(await core.replaceNamespacedSecret({ name, namespace, body, fieldManager }));
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async delete(name) {
      try {
        await core.deleteNamespacedSecret({ name, namespace });
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw toHubApiError(error);
      }
    },
  };
}
