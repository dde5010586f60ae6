// Pods scheduled on one node, read live from the member and paged with its continue token.
import { invalid } from '../../core/problems.js';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { memberRefusal, memberUnreachable } from '../member-errors.js';

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface PodSummary {
  name: string;
  namespace: string;
  phase: string;
  /** Ready containers over all containers, as kubectl prints it: "1/2". */
  ready: string;
  restarts: number;
  podIP: string;
  createdAt: string;
  tolerations: Toleration[];
}

interface KubePod extends KubeObject {
  spec?: { containers?: unknown[]; tolerations?: Toleration[] };
  status?: {
    phase?: string;
    podIP?: string;
    containerStatuses?: Array<{ ready?: boolean; restartCount?: number }>;
  };
}

interface PodList {
  metadata?: { continue?: string };
  items?: KubePod[];
}

export function toPodSummary(pod: KubePod): PodSummary {
  const statuses = pod.status?.containerStatuses ?? [];
  const total = pod.spec?.containers?.length ?? statuses.length;
  return {
    name: pod.metadata?.name ?? '',
    namespace: pod.metadata?.namespace ?? '',
    phase: pod.status?.phase ?? '',
    ready: `${statuses.filter((s) => s.ready === true).length}/${total}`,
    restarts: statuses.reduce((n, s) => n + (s.restartCount ?? 0), 0),
    podIP: pod.status?.podIP ?? '',
    createdAt: pod.metadata?.creationTimestamp ?? '',
    tolerations: pod.spec?.tolerations ?? [],
  };
}

export async function listNodePods(
  member: UserMember,
  node: string,
  page: { pageSize: number; cursor?: string | undefined },
): Promise<{ items: PodSummary[]; nextCursor?: string }> {
  const query = new URLSearchParams({
    fieldSelector: `spec.nodeName=${node}`,
    limit: String(page.pageSize),
    ...(page.cursor ? { continue: page.cursor } : {}),
  });
  const path = `/api/v1/pods?${query.toString()}`;
  const response = await member.send({ path });
  // An expired continue token is the caller's to restart, not a member outage.
  if (response.status === 410 || (response.status === 400 && page.cursor)) {
    throw invalid('cursor', 'the page has expired; start again from the first page');
  }
  if (response.status < 200 || response.status >= 300) {
    throw memberRefusal(member.cluster.metadata.name, response, { method: 'GET', path });
  }
  let list: PodList;
  try {
    list = response.json<PodList>();
  } catch (error) {
    throw memberUnreachable(member.cluster.metadata.name, error);
  }
  const next = list.metadata?.continue;
  return { items: (list.items ?? []).map(toPodSummary), ...(next ? { nextCursor: next } : {}) };
}
