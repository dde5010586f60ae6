// Events about one node, read live from the member, newest first.
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';

export interface NodeEvent {
  type: string;
  reason: string;
  message: string;
  count: number;
  firstTimestamp: string;
  lastTimestamp: string;
  source: string;
}

interface KubeEvent extends KubeObject {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  series?: { count?: number; lastObservedTime?: string };
}

/** Enough for a detail page; older events are the member's to keep. */
const eventLimit = 500;

export function toNodeEvent(event: KubeEvent): NodeEvent {
  const created = event.metadata?.creationTimestamp ?? '';
  // events.k8s.io writers fill eventTime and series instead of the legacy fields.
  const first = event.firstTimestamp ?? event.eventTime ?? created;
  const last = event.series?.lastObservedTime ?? event.lastTimestamp ?? first;
  const component = event.source?.component ?? event.reportingComponent ?? '';
  return {
    type: event.type ?? '',
    reason: event.reason ?? '',
    message: event.message ?? '',
    count: event.series?.count ?? event.count ?? 1,
    firstTimestamp: first,
    lastTimestamp: last,
    source: [component, event.source?.host].filter(Boolean).join(', '),
  };
}

export async function listNodeEvents(
  member: UserMember,
  node: string,
): Promise<{ items: NodeEvent[] }> {
  const query = new URLSearchParams({
    fieldSelector: `involvedObject.kind=Node,involvedObject.name=${node}`,
    limit: String(eventLimit),
  });
  const list = await member.json<{ items?: KubeEvent[] }>({
    path: `/api/v1/events?${query.toString()}`,
  });
  const items = (list.items ?? []).map(toNodeEvent);
  items.sort((a, b) => b.lastTimestamp.localeCompare(a.lastTimestamp));
  return { items };
}
