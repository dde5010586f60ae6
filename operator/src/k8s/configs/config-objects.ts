// ConfigMaps and Secrets on a member, as the caller: list, read, create, replace, delete.
import type { ConfigMapInput, SecretInput } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration, type KindDeclaration } from '@nimbus/api/shared';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import type { ConfigCollection } from './config-views.js';

const kinds = {
  configmaps: kindDeclaration('ConfigMap'),
  secrets: kindDeclaration('Secret'),
} as const satisfies Record<ConfigCollection, KindDeclaration>;

export function configPath(collection: ConfigCollection, namespace: string, name?: string): string {
  const base = kindCollectionPath(kinds[collection], namespace);
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

type Input = ConfigMapInput | SecretInput;

/** The member's object from the request's fields only: the location fields and any extras stay out. */
export function configManifest(
  collection: ConfigCollection,
  namespace: string,
  input: Input,
): KubeObject {
  const { name, labels, annotations } = input.metadata;
  const fields: Record<string, unknown> = {};
  if ('binaryData' in input && input.binaryData) fields.binaryData = input.binaryData;
  if ('stringData' in input && input.stringData) fields.stringData = input.stringData;
  if ('type' in input) fields.type = input.type;
  if (input.data) fields.data = input.data;
  if (input.immutable !== undefined) fields.immutable = input.immutable;
  return {
    apiVersion: 'v1',
    kind: kinds[collection].kind,
    metadata: {
      name,
      namespace,
      ...(labels ? { labels } : {}),
      ...(annotations ? { annotations } : {}),
    },
    ...fields,
  };
}

export async function listConfigObjects(
  member: UserMember,
  collection: ConfigCollection,
  namespace: string,
): Promise<KubeObject[]> {
  const list = await member.json<{ items?: KubeObject[] }>({
    path: configPath(collection, namespace),
  });
  return list.items ?? [];
}

export function readConfigObject(
  member: UserMember,
  collection: ConfigCollection,
  namespace: string,
  name: string,
): Promise<KubeObject> {
  return member.json<KubeObject>({ path: configPath(collection, namespace, name) });
}

export function createConfigObject(
  member: UserMember,
  collection: ConfigCollection,
  namespace: string,
  input: Input,
): Promise<KubeObject> {
  return member.json<KubeObject>({
    method: 'POST',
    path: configPath(collection, namespace),
    body: configManifest(collection, namespace, input),
  });
}

/** Replaces data, labels and annotations; resourceVersion from the read guards a race. */
export async function replaceConfigObject(
  member: UserMember,
  collection: ConfigCollection,
  namespace: string,
  input: Input,
): Promise<KubeObject> {
  const path = configPath(collection, namespace, input.metadata.name);
  const current = await member.json<KubeObject>({ path });
  const manifest = configManifest(collection, namespace, input);
  return member.json<KubeObject>({
    method: 'PUT',
    path,
    body: {
      ...manifest,
      metadata: { ...manifest.metadata, resourceVersion: current.metadata?.resourceVersion },
    },
  });
}

export function deleteConfigObject(
  member: UserMember,
  collection: ConfigCollection,
  namespace: string,
  name: string,
): Promise<KubeObject> {
  return member.json<KubeObject>({
    method: 'DELETE',
    path: configPath(collection, namespace, name),
  });
}
