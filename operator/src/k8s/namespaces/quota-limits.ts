// ResourceQuota and LimitRange objects: built from the create form, created, and replaced.
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { publicObject } from '../resources/sanitize.js';
import type { CpuMemory, LimitRangeInput } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration } from '@nimbus/api/shared';

export const quotaName = 'nimbus-quota';
export const limitRangeName = 'nimbus-limits';

export interface SpecObject {
  metadata: { name: string; namespace?: string | undefined };
  spec: Record<string, unknown>;
}

function compact(value: CpuMemory | undefined, prefix = ''): Record<string, string> | undefined {
  if (!value) return undefined;
  const out: Record<string, string> = {};
  if (value.cpu) out[`${prefix}cpu`] = value.cpu;
  if (value.memory) out[`${prefix}memory`] = value.memory;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The form's CPU and memory totals cap the sum of limits (docs/decisions/namespaces-quotas-labels.md). */
export function quotaFromForm(value: CpuMemory | undefined): SpecObject | undefined {
  const hard = compact(value, 'limits.');
  return hard ? { metadata: { name: quotaName }, spec: { hard } } : undefined;
}

export function limitRangeFromForm(value: LimitRangeInput | undefined): SpecObject | undefined {
  const limits: Array<Record<string, unknown>> = [];
  for (const [type, item] of [
    ['Pod', value?.pod],
    ['Container', value?.container],
  ] as const) {
    if (!item) continue;
    const entry: Record<string, unknown> = { type };
    for (const [field, bound] of Object.entries(item)) {
      const list = compact(bound as CpuMemory | undefined);
      if (list) entry[field] = list;
    }
    if (Object.keys(entry).length > 1) limits.push(entry);
  }
  return limits.length > 0 ? { metadata: { name: limitRangeName }, spec: { limits } } : undefined;
}

type Collection = 'resourcequotas' | 'limitranges';
const kinds = {
  resourcequotas: kindDeclaration('ResourceQuota'),
  limitranges: kindDeclaration('LimitRange'),
} as const;

const collectionPath = (collection: Collection, namespace: string): string =>
  kindCollectionPath(kinds[collection], namespace);

export async function createSpecObject(
  member: UserMember,
  collection: Collection,
  namespace: string,
  object: SpecObject,
): Promise<KubeObject> {
  const created = await member.json<KubeObject>({
    method: 'POST',
    path: collectionPath(collection, namespace),
    body: {
      apiVersion: 'v1',
      kind: kinds[collection].kind,
      metadata: { name: object.metadata.name, namespace },
      spec: object.spec,
    },
  });
  return publicObject(collection, created);
}

/** Replaces the spec only; labels and annotations stay, resourceVersion guards a race. */
export async function replaceSpecObject(
  member: UserMember,
  collection: Collection,
  namespace: string,
  name: string,
  spec: Record<string, unknown>,
): Promise<KubeObject> {
  const path = `${collectionPath(collection, namespace)}/${encodeURIComponent(name)}`;
  const current = await member.json<KubeObject>({ path });
  const replaced = await member.json<KubeObject>({
    method: 'PUT',
    path,
    body: { ...current, metadata: { ...current.metadata, managedFields: undefined }, spec },
  });
  return publicObject(collection, replaced);
}

export async function listSpecObjects(
  member: UserMember,
  collection: Collection,
  namespace: string,
): Promise<KubeObject[]> {
  const list = await member.json<{ items?: KubeObject[] }>({
    path: collectionPath(collection, namespace),
  });
  return (list.items ?? []).map((item) =>
    publicObject(collection, { apiVersion: 'v1', kind: kinds[collection].kind, ...item }),
  );
}
