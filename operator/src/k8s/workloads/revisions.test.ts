import { describe, expect, it } from 'vitest';
import type { ControllerRevision, ReplicaSet } from './revisions.js';
import {
  controllerRevisions,
  deploymentRevisions,
  deploymentRollbackPatch,
  podTemplateHashLabel,
  revisionAnnotation,
} from './revisions.js';
import type { Workload } from './workload-object.js';

const owner = { uid: 'deploy-uid' };
const template = (image: string, hash: string) => ({
  metadata: { labels: { app: 'web', [podTemplateHashLabel]: hash } },
  spec: { containers: [{ name: 'app', image }] },
});
const replicaSet = (
  name: string,
  revision: string,
  image: string,
  uid = owner.uid,
): ReplicaSet => ({
  metadata: {
    name,
    creationTimestamp: `2026-01-0${revision}T00:00:00Z`,
    annotations: { [revisionAnnotation]: revision },
    ownerReferences: [{ uid }],
  },
  spec: { template: template(image, name) },
});
const deployment: Workload = {
  metadata: {
    name: 'web',
    uid: owner.uid,
    resourceVersion: '42',
    generation: 4,
    annotations: { [revisionAnnotation]: '10' },
  },
};
/** The Deployment with revision annotation 2 and a template running `image`. */
const annotatedTwoRunning = (image: string): Workload => ({
  metadata: { ...deployment.metadata, annotations: { [revisionAnnotation]: '2' } },
  spec: { template: template(image, 'ignored') },
});

describe('deploymentRevisions', () => {
  it('orders by revision number, newest first (10 after 9, not as text), and marks the current', () => {
    const revisions = deploymentRevisions(deployment, [
      replicaSet('web-a', '9', 'r.example/app:9'),
      replicaSet('web-b', '10', 'r.example/app:10'),
      replicaSet('web-c', '2', 'r.example/app:2'),
    ]);
    expect(revisions.map((r) => r.view.revision)).toEqual([10, 9, 2]);
    expect(revisions.map((r) => r.view.current)).toEqual([true, false, false]);
    expect(revisions[1]?.view).toMatchObject({ name: 'web-a', images: ['r.example/app:9'] });
  });

  it("marks the replica set with the Deployment's template current before the annotation moves", () => {
    // The controller numbers the new ReplicaSet first and the Deployment after it.
    const revisions = deploymentRevisions(annotatedTwoRunning('r.example/app:3'), [
      replicaSet('web-c', '3', 'r.example/app:3'),
      replicaSet('web-b', '2', 'r.example/app:2'),
    ]);
    expect(revisions.map((r) => [r.view.revision, r.view.current])).toEqual([
      [3, true],
      [2, false],
    ]);
  });

  it('falls back to the annotation while no replica set has the template yet', () => {
    const revisions = deploymentRevisions(annotatedTwoRunning('r.example/app:4'), [
      replicaSet('web-c', '3', 'r.example/app:3'),
      replicaSet('web-b', '2', 'r.example/app:2'),
    ]);
    expect(revisions.map((r) => r.view.current)).toEqual([false, true]);
  });

  it("leaves out other owners' replica sets and those without a revision", () => {
    const unnumbered = replicaSet('web-x', 'x', 'r.example/app:x');
    const revisions = deploymentRevisions(deployment, [
      replicaSet('other', '3', 'r.example/app:3', 'other-uid'),
      unnumbered,
      replicaSet('web-a', '1', 'r.example/app:1'),
    ]);
    expect(revisions.map((r) => r.view.name)).toEqual(['web-a']);
  });

  it('rolls back with a JSON patch of the template guarded by the generation, without the hash label', () => {
    const [revision] = deploymentRevisions(deployment, [replicaSet('web-a', '3', 'r.example/a:3')]);
    if (!revision) throw new Error('no revision');
    expect(deploymentRollbackPatch(deployment, revision)).toEqual([
      { op: 'test', path: '/metadata/generation', value: 4 },
      {
        op: 'replace',
        path: '/spec/template',
        value: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'app', image: 'r.example/a:3' }] },
        },
      },
    ]);
  });
});

describe('controllerRevisions', () => {
  const revision = (name: string, number: number, uid = 'sts-uid'): ControllerRevision => ({
    metadata: { name, ownerReferences: [{ uid }] },
    revision: number,
    data: { spec: { template: template(`r.example/db:${number}`, name) } },
  });

  it("marks the StatefulSet's update revision current and keeps the snapshot to apply", () => {
    const sts: Workload = { metadata: { uid: 'sts-uid' }, status: { updateRevision: 'db-1' } };
    const revisions = controllerRevisions(sts, [
      revision('db-1', 1),
      revision('db-2', 2),
      revision('foreign', 7, 'x'),
    ]);
    expect(revisions.map((r) => [r.view.revision, r.view.current])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(revisions[0]?.snapshot).toEqual(revision('db-2', 2).data);
  });

  it('takes the newest as current when the workload names none (DaemonSet)', () => {
    const ds: Workload = { metadata: { uid: 'sts-uid' } };
    const revisions = controllerRevisions(ds, [revision('a', 1), revision('b', 3)]);
    expect(revisions.map((r) => r.view.current)).toEqual([true, false]);
  });
});
