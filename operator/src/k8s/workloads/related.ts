// What a workload's detail page shows beside the object: its pods, its events and the Services
// that select its pods, read live from the member as the caller.
import type { WorkloadAddress } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration, kindRowOf, type KindRow } from '@nimbus/api/shared';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import type { NodeEvent } from '../nodes/node-events.js';
import { toNodeEvent } from '../nodes/node-events.js';
import { podRowOf } from '../nodes/node-pods.js';
import { readWorkload } from './lifecycle.js';
import type { LabelSelector, Workload } from './workload-object.js';
import { ownedBy, podTemplateOf, selectorQuery } from './workload-object.js';
import { kindNameOf } from './workload-paths.js';

/** Enough for a detail page; the list pages page through the rest. */
const listLimit = 500;

interface List<T> {
  items?: T[];
}

const listIn = <T>(
  member: UserMember,
  namespace: string,
  kind: 'Job' | 'Pod' | 'Service' | 'Event',
  query: object,
) => {
  const search = new URLSearchParams({ limit: String(listLimit), ...query });
  return member.json<List<T>>({
    path: `${kindCollectionPath(kindDeclaration(kind), namespace)}?${search.toString()}`,
  });
};

/**
 * The selector of the workload's pods. A CronJob has none of its own: its pods are those of
 * the Jobs it owns (job-name label, set by the Job controller).
 */
async function podSelector(
  member: UserMember,
  at: WorkloadAddress,
  workload: Workload,
): Promise<string | undefined> {
  if (at.kind !== 'cronjobs') {
    const selector = selectorQuery(workload.spec?.selector ?? {});
    return selector === '' ? undefined : selector;
  }
  const jobs = await listIn<KubeObject>(member, at.namespace, 'Job', {});
  const names = (jobs.items ?? [])
    .filter((job) => ownedBy(job, workload.metadata?.uid))
    .map((job) => job.metadata?.name ?? '');
  return names.length === 0 ? undefined : `job-name in (${names.join(',')})`;
}

export async function workloadPods(
  member: UserMember,
  at: WorkloadAddress,
): Promise<{ items: KindRow[] }> {
  const workload = await readWorkload(member, at);
  const selector = await podSelector(member, at, workload);
  // No selector would list the whole namespace: a workload without one has no pods of its own.
  if (selector === undefined) return { items: [] };
  const pods = await listIn<KubeObject>(member, at.namespace, 'Pod', {
    labelSelector: selector,
  });
  const items = (pods.items ?? []).map(podRowOf);
  items.sort((a, b) => a.name.localeCompare(b.name));
  return { items };
}

export function workloadEvents(
  member: UserMember,
  at: WorkloadAddress,
): Promise<{ items: NodeEvent[] }> {
  return objectEvents(member, at.namespace, kindNameOf(at.kind), at.name);
}

/** Events whose involved object is the `kind` named `name` in `namespace`, newest first. */
export async function objectEvents(
  member: UserMember,
  namespace: string,
  kind: string,
  name: string,
): Promise<{ items: NodeEvent[] }> {
  const list = await listIn<Parameters<typeof toNodeEvent>[0]>(member, namespace, 'Event', {
    fieldSelector: `involvedObject.kind=${kind},involvedObject.name=${name}`,
  });
  const items = (list.items ?? []).map(toNodeEvent);
  items.sort((a, b) => b.lastTimestamp.localeCompare(a.lastTimestamp));
  return { items };
}

interface KubeService extends KubeObject {
  spec?: { selector?: Record<string, string> };
}

/** Whether a Service's selector picks pods with `labels` (an empty selector picks none). */
export function selects(selector: LabelSelector['matchLabels'], labels: Record<string, string>) {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([key, value]) => labels[key] === value);
}

export async function workloadServices(
  member: UserMember,
  at: WorkloadAddress,
): Promise<{ items: KindRow[] }> {
  const workload = await readWorkload(member, at);
  const labels = podTemplateOf(workload)?.metadata?.labels ?? {};
  const services = await listIn<KubeService>(member, at.namespace, 'Service', {});
  const items = (services.items ?? [])
    .filter((service) => selects(service.spec?.selector, labels))
    .map((service) => kindRowOf('Service', service));
  return { items };
}
