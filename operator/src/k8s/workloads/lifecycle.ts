// The lifecycle actions on a workload, each one call (or a read and a guarded write) to the
// member as the caller; the member's RBAC decides.
import type { HotfixBody, RevisionView, WorkloadAddress } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration } from '@nimbus/api/shared';
import { ApiError, errors } from '../../core/errors.js';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { jobFromCronJob } from './cronjob-run.js';
import { hotfixPatch } from './hotfix.js';
import type { ControllerRevision, ReplicaSet, Revision } from './revisions.js';
import { controllerRevisions, deploymentRevisions, deploymentRollbackPatch } from './revisions.js';
import type { Workload } from './workload-object.js';
import { selectorQuery } from './workload-object.js';
import { jsonPatch, mergePatch, strategicMergePatch, workloadPath } from './workload-paths.js';

export const restartedAtAnnotation = 'kubectl.kubernetes.io/restartedAt';

const pathOf = (at: WorkloadAddress) => workloadPath(at.kind, at.namespace, at.name);

export const readWorkload = (member: UserMember, at: WorkloadAddress): Promise<Workload> =>
  member.json<Workload>({ path: pathOf(at) });

/** Scale through the scale subresource, as kubectl scale does. */
export function scaleWorkload(
  member: UserMember,
  at: WorkloadAddress,
  replicas: number,
): Promise<KubeObject> {
  return member.json({
    method: 'PATCH',
    path: `${pathOf(at)}/scale`,
    contentType: mergePatch,
    body: { spec: { replicas } },
  });
}

/** The patch of kubectl rollout restart: a new template annotation replaces every pod. */
export function restartPatch(now: Date): Record<string, unknown> {
  return {
    spec: {
      template: { metadata: { annotations: { [restartedAtAnnotation]: now.toISOString() } } },
    },
  };
}

export function restartWorkload(
  member: UserMember,
  at: WorkloadAddress,
  now: Date,
): Promise<Workload> {
  return member.json({
    method: 'PATCH',
    path: pathOf(at),
    contentType: mergePatch,
    body: restartPatch(now),
  });
}

interface List<T> {
  items?: T[];
}

/** The workload's revisions, newest first, with the object read for them. */
export async function revisionsOf(
  member: UserMember,
  at: WorkloadAddress,
): Promise<{ workload: Workload; revisions: Revision[] }> {
  const workload = await readWorkload(member, at);
  const selector = selectorQuery(workload.spec?.selector ?? {});
  const query = new URLSearchParams(selector ? { labelSelector: selector } : {}).toString();
  const suffix = query ? `?${query}` : '';
  if (at.kind === 'deployments') {
    const sets = await member.json<List<ReplicaSet>>({
      path: `${kindCollectionPath(kindDeclaration('ReplicaSet'), at.namespace)}${suffix}`,
    });
    return { workload, revisions: deploymentRevisions(workload, sets.items ?? []) };
  }
  const history = await member.json<List<ControllerRevision>>({
    path: `${kindCollectionPath(kindDeclaration('ControllerRevision'), at.namespace)}${suffix}`,
  });
  return { workload, revisions: controllerRevisions(workload, history.items ?? []) };
}

export async function listRevisions(
  member: UserMember,
  at: WorkloadAddress,
): Promise<{ items: RevisionView[] }> {
  const { revisions } = await revisionsOf(member, at);
  return { items: revisions.map((r) => r.view) };
}

/** kubectl rollout undo --to-revision: the workload's template becomes the revision's. */
export async function rollbackWorkload(
  member: UserMember,
  at: WorkloadAddress,
  revisionNumber: number,
): Promise<Workload> {
  const { workload, revisions } = await revisionsOf(member, at);
  const revision = revisions.find((r) => r.view.revision === revisionNumber);
  if (!revision) {
    throw new ApiError(errors.notFound, {
      message: `revision ${revisionNumber} of ${at.kind}/${at.name} not found`,
    });
  }
  // Sent even for the revision marked current: that mark follows the controller's status, which
  // may lag a change just made; the same template again changes nothing.
  if (at.kind === 'deployments') {
    return member.json({
      method: 'PATCH',
      path: pathOf(at),
      contentType: jsonPatch,
      body: deploymentRollbackPatch(workload, revision),
    });
  }
  return member.json({
    method: 'PATCH',
    path: pathOf(at),
    contentType: strategicMergePatch,
    body: revision.snapshot,
  });
}

export async function hotfixWorkload(
  member: UserMember,
  at: WorkloadAddress,
  body: HotfixBody,
): Promise<Workload> {
  const workload = await readWorkload(member, at);
  return member.json({
    method: 'PATCH',
    path: pathOf(at),
    contentType: strategicMergePatch,
    body: hotfixPatch(at.kind, workload, body),
  });
}

export function suspendCronJob(
  member: UserMember,
  at: Omit<WorkloadAddress, 'kind'>,
  suspend: boolean,
): Promise<Workload> {
  return member.json({
    method: 'PATCH',
    path: workloadPath('cronjobs', at.namespace, at.name),
    contentType: mergePatch,
    body: { spec: { suspend } },
  });
}

export async function runCronJob(
  member: UserMember,
  at: Omit<WorkloadAddress, 'kind'>,
  now: Date,
): Promise<KubeObject> {
  const cronJob = await readWorkload(member, { ...at, kind: 'cronjobs' });
  return member.json({
    method: 'POST',
    path: kindCollectionPath(kindDeclaration('Job'), at.namespace),
    body: jobFromCronJob(cronJob, now),
  });
}

export function deleteWorkload(
  member: UserMember,
  at: WorkloadAddress,
  propagationPolicy: string,
): Promise<KubeObject> {
  return member.json({
    method: 'DELETE',
    path: pathOf(at),
    body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy },
  });
}
