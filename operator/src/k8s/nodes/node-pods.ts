// Pods scheduled on one node, read live from the member and paged with its continue token.
import { kindRowOf, type KindRow } from '@nimbus/api/shared';
import { invalid } from '../../core/problems.js';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { memberRefusal, memberUnreachable } from '../member-errors.js';

interface PodList {
  metadata?: { continue?: string };
  items?: KubeObject[];
}

/** A pod as a row of the Pod list's columns (the console's node and workload pod tables). */
export const podRowOf = (pod: KubeObject): KindRow => kindRowOf('Pod', pod);

export async function listNodePods(
  member: UserMember,
  node: string,
  page: { pageSize: number; cursor?: string | undefined },
): Promise<{ items: KindRow[]; nextCursor?: string }> {
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
  return { items: (list.items ?? []).map(podRowOf), ...(next ? { nextCursor: next } : {}) };
}
