// A namespace as the detail page shows it: the object, its quotas and its limit ranges.
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { listSpecObjects } from './quota-limits.js';

export interface NamespaceDetail {
  namespace: {
    name: string;
    uid: string;
    phase: string;
    labels: Record<string, string>;
    annotations: Record<string, string>;
    createdAt: string;
  };
  resourceQuotas: KubeObject[];
  limitRanges: KubeObject[];
}

export interface NamespaceItem {
  metadata: {
    name: string;
    uid: string;
    creationTimestamp: string;
    labels: Record<string, string>;
  };
  status: { phase: string };
}

interface NamespaceObject extends KubeObject {
  status?: { phase?: string };
}

export const namespacePath = (name: string) => `/api/v1/namespaces/${encodeURIComponent(name)}`;

export function namespaceItem(object: NamespaceObject): NamespaceItem {
  const meta = object.metadata ?? {};
  return {
    metadata: {
      name: meta.name ?? '',
      uid: meta.uid ?? '',
      creationTimestamp: meta.creationTimestamp ?? '',
      labels: meta.labels ?? {},
    },
    status: { phase: object.status?.phase ?? '' },
  };
}

export async function listNamespaces(member: UserMember): Promise<{ items: NamespaceItem[] }> {
  const list = await member.json<{ items?: NamespaceObject[] }>({ path: '/api/v1/namespaces' });
  return { items: (list.items ?? []).map(namespaceItem) };
}

export async function namespaceDetail(member: UserMember, name: string): Promise<NamespaceDetail> {
  const [object, resourceQuotas, limitRanges] = await Promise.all([
    member.json<NamespaceObject>({ path: namespacePath(name) }),
    listSpecObjects(member, 'resourcequotas', name),
    listSpecObjects(member, 'limitranges', name),
  ]);
  const meta = object.metadata ?? {};
  return {
    namespace: {
      name: meta.name ?? name,
      uid: meta.uid ?? '',
      phase: object.status?.phase ?? '',
      labels: meta.labels ?? {},
      annotations: meta.annotations ?? {},
      createdAt: meta.creationTimestamp ?? '',
    },
    resourceQuotas,
    limitRanges,
  };
}
