// Replacing an object's whole label or annotation map, as the editor dialog sends it. The
// last-applied annotation is kept when the editor (which hides it) leaves it out, and workload
// kinds carry the change into their pod template so a rollout follows (docs/decisions/namespaces-quotas-labels.md).
import type { IndexedKind } from '../../index/kinds.js';
import type { KubeObject } from '../../index/trim.js';
import { lastAppliedAnnotation } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { objectPath, readHeaders } from './object-path.js';
import { publicObject } from './sanitize.js';

export type MetadataField = 'labels' | 'annotations';

/** Set keys that are new or changed, null for keys that go (JSON merge patch). */
export function mapDiff(
  current: Record<string, string>,
  desired: Record<string, string>,
): Record<string, string | null> {
  const diff: Record<string, string | null> = {};
  for (const key of Object.keys(current)) if (!(key in desired)) diff[key] = null;
  for (const [key, value] of Object.entries(desired)) if (current[key] !== value) diff[key] = value;
  return diff;
}

const rolledOut = new Set(['deployments', 'statefulsets', 'daemonsets']);
export const restartedAtAnnotation = 'kubectl.kubernetes.io/restartedAt';

/** What the workload's pod template gets besides the object's own metadata. */
function templatePatch(
  kind: string,
  field: MetadataField,
  diff: Record<string, string | null>,
  now: Date,
): Record<string, unknown> | undefined {
  const { [lastAppliedAnnotation]: _lastApplied, ...templateDiff } = diff;
  const annotations =
    field === 'annotations' ? templateDiff : { [restartedAtAnnotation]: now.toISOString() };
  const template = { metadata: { annotations } };
  if (rolledOut.has(kind)) return { template };
  // A cron job's next run carries the annotations; a running job is left alone.
  if (kind === 'cronjobs' && field === 'annotations') {
    return { jobTemplate: { spec: { template } } };
  }
  return undefined;
}

export async function replaceMetadataMap(
  member: UserMember,
  kind: IndexedKind,
  target: { name: string; namespace?: string | undefined },
  field: MetadataField,
  desired: Record<string, string>,
  now: Date = new Date(),
): Promise<KubeObject> {
  const path = objectPath(kind, target.name, target.namespace);
  const current = await member.json<KubeObject>({ path, headers: readHeaders(kind) });
  const before = current.metadata?.[field] ?? {};
  const wanted = { ...desired };
  const lastApplied = before[lastAppliedAnnotation];
  if (field === 'annotations' && lastApplied !== undefined && !(lastAppliedAnnotation in wanted)) {
    wanted[lastAppliedAnnotation] = lastApplied;
  }
  const diff = mapDiff(before, wanted);
  if (Object.keys(diff).length === 0) return publicObject(kind.name, current);
  const spec = templatePatch(kind.name, field, diff, now);
  const patched = await member.json<KubeObject>({
    method: 'PATCH',
    path,
    headers: readHeaders(kind),
    contentType: 'application/merge-patch+json',
    body: {
      // A concurrent change answers 409 instead of being overwritten.
      metadata: { resourceVersion: current.metadata?.resourceVersion, [field]: diff },
      ...(spec ? { spec } : {}),
    },
  });
  return publicObject(kind.name, patched);
}
