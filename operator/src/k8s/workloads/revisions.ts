// Revisions of a rollout and the patch that returns a workload to one, as kubectl rollout
// history and undo do: a Deployment's revisions are its ReplicaSets (revision annotation), a
// StatefulSet's and DaemonSet's are ControllerRevisions whose data is the template snapshot.
import { isDeepStrictEqual } from 'node:util';
import type { RevisionView } from '@nimbus/api';
import type { KubeObject } from '../../index/trim.js';
import type { PodTemplate, Workload } from './workload-object.js';
import { ownedBy } from './workload-object.js';

export const revisionAnnotation = 'deployment.kubernetes.io/revision';
export const changeCauseAnnotation = 'kubernetes.io/change-cause';
/** Added by the Deployment controller to each ReplicaSet's template; never part of a rollback. */
export const podTemplateHashLabel = 'pod-template-hash';

export interface ReplicaSet extends KubeObject {
  spec?: { template?: PodTemplate };
}

export interface ControllerRevision extends KubeObject {
  revision?: number;
  data?: { spec?: { template?: PodTemplate } };
}

/** A revision and the template it holds. */
export interface Revision {
  view: RevisionView;
  template: PodTemplate;
  /** A ControllerRevision's data, applied as a strategic merge patch on rollback. */
  snapshot?: unknown;
}

const imagesOf = (template: PodTemplate | undefined): string[] =>
  (template?.spec?.containers ?? []).map((c) => c.image ?? '');

const newestFirst = (a: Revision, b: Revision) => b.view.revision - a.view.revision;

function view(
  object: KubeObject,
  revision: number,
  template: PodTemplate | undefined,
  current: boolean,
): RevisionView {
  const cause = object.metadata?.annotations?.[changeCauseAnnotation];
  return {
    revision,
    name: object.metadata?.name ?? '',
    createdAt: object.metadata?.creationTimestamp ?? '',
    images: imagesOf(template),
    current,
    ...(cause ? { changeCause: cause } : {}),
  };
}

/**
 * The revision the Deployment runs. The controller stamps a new ReplicaSet's revision first and
 * the Deployment's annotation after it, so a read between the two would name the previous
 * revision; the Deployment controller itself (FindNewReplicaSet) knows its new ReplicaSet as the
 * one whose template equals the Deployment's, ignoring the hash label. The annotation is the
 * fallback while no ReplicaSet has the template yet (the old one still runs then).
 */
function currentDeploymentRevision(deployment: Workload, numbered: readonly Revision[]): number {
  const wanted = rollbackTemplate(deployment.spec?.template ?? {});
  const matching = numbered.filter((r) => isDeepStrictEqual(rollbackTemplate(r.template), wanted));
  const oldest = matching.sort((a, b) => a.view.createdAt.localeCompare(b.view.createdAt))[0];
  return oldest?.view.revision ?? Number(deployment.metadata?.annotations?.[revisionAnnotation]);
}

/** The Deployment's ReplicaSets with a revision number, newest first. */
export function deploymentRevisions(deployment: Workload, sets: readonly ReplicaSet[]): Revision[] {
  const numbered = sets
    .filter((set) => ownedBy(set, deployment.metadata?.uid))
    .flatMap((set): Revision[] => {
      const revision = Number(set.metadata?.annotations?.[revisionAnnotation]);
      if (!Number.isInteger(revision) || revision < 1) return [];
      const template = set.spec?.template ?? {};
      return [{ view: view(set, revision, template, false), template }];
    });
  const current = currentDeploymentRevision(deployment, numbered);
  return numbered
    .map((r) => ({ ...r, view: { ...r.view, current: r.view.revision === current } }))
    .sort(newestFirst);
}

/**
 * A StatefulSet's or DaemonSet's ControllerRevisions, newest first. The StatefulSet names its
 * current one in status.updateRevision; for a DaemonSet the newest is the one it runs.
 */
export function controllerRevisions(
  workload: Workload,
  revisions: readonly ControllerRevision[],
): Revision[] {
  const owned = revisions
    .filter((r) => ownedBy(r, workload.metadata?.uid) && Number.isInteger(r.revision))
    .sort((a, b) => (b.revision ?? 0) - (a.revision ?? 0));
  const currentName = workload.status?.updateRevision ?? owned[0]?.metadata?.name;
  return owned.map((r) => {
    const template = r.data?.spec?.template ?? {};
    return {
      view: view(r, r.revision ?? 0, template, r.metadata?.name === currentName),
      template,
      snapshot: r.data,
    };
  });
}

/** The template a Deployment returns to: the ReplicaSet's, without the controller's hash label. */
export function rollbackTemplate(template: PodTemplate): PodTemplate {
  const labels = Object.fromEntries(
    Object.entries(template.metadata?.labels ?? {}).filter(([key]) => key !== podTemplateHashLabel),
  );
  return { ...template, metadata: { ...template.metadata, labels } };
}

/**
 * The JSON patch that puts a Deployment back on `revision`'s template, guarded by the
 * generation read so a concurrent change of the spec fails instead of being overwritten (the
 * resourceVersion would also move with every status write of the controller).
 */
export function deploymentRollbackPatch(deployment: Workload, revision: Revision): unknown[] {
  return [
    { op: 'test', path: '/metadata/generation', value: deployment.metadata?.generation },
    { op: 'replace', path: '/spec/template', value: rollbackTemplate(revision.template) },
  ];
}
