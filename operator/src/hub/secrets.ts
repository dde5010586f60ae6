import { CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { fieldManager, mergePatch } from './apply-options.js';
import { isNotFound, toHubApiError } from './hub-errors.js';
import { isPossibleObjectName } from './object-name.js';
import type { OwnerReference } from './types.js';

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
  /**
   * Adds keys to a Secret's data, keeping its other keys, labels and owners; fails with conflict
   * (1005) if the Secret changed since `resourceVersion` was read.
   */
  addData(
    name: string,
    data: Record<string, string>,
    resourceVersion: string,
  ): Promise<SecretValue>;
  delete(name: string): Promise<boolean>;
}

const base64Of = (data: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      Buffer.from(value, 'utf8').toString('base64'),
    ]),
  );

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
    data: base64Of(secret.data),
  };
}

export function createSecretStore(kubeConfig: KubeConfig, namespace: string): SecretStore {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    async get(name) {
      if (!isPossibleObjectName(name)) return undefined;
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
    async addData(name, data, resourceVersion) {
      try {
        const body = { metadata: { resourceVersion }, data: base64Of(data) };
        return decode(
          await core.patchNamespacedSecret({ name, namespace, body, fieldManager }, mergePatch),
        );
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async delete(name) {
      if (!isPossibleObjectName(name)) return false;
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
