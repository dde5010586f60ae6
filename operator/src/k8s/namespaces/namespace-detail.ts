// A namespace as the detail page shows it: the object, its quotas and its limit ranges.
import type {
  LimitRangeObject,
  NamespaceDetail,
  NamespaceItem,
  ResourceQuotaObject,
} from '@nimbus/api';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { listSpecObjects } from './quota-limits.js';

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
    // The member's own objects, read as the contract describes them (the test tiers check it).
    resourceQuotas: resourceQuotas as ResourceQuotaObject[],
    limitRanges: limitRanges as LimitRangeObject[],
  };
}
