// Creating an application is all or nothing: when a later object (Service, Ingress, HPA) is
// refused, what this request already created is deleted again and the error says so.
import type { ApplicationCreated, ApplicationInput } from '@nimbus/api';
import { ApiError } from '../../core/errors.js';
import type { UserMember } from '../member-access.js';
import { collectionIn } from '../workloads/workload-paths.js';
import type { Manifest } from './manifests.js';
import { apiPathOf, applicationManifests, bodyOf } from './manifests.js';

const collectionOf = (manifest: Manifest) =>
  collectionIn(apiPathOf(manifest.apiVersion), manifest.metadata.namespace, manifest.plural);
const pathOf = (manifest: Manifest) =>
  `${collectionOf(manifest)}/${encodeURIComponent(manifest.metadata.name)}`;
const describe = (manifest: Manifest) => `${manifest.kind} ${manifest.metadata.name}`;

async function removeAll(member: UserMember, created: readonly Manifest[]): Promise<string[]> {
  const left: string[] = [];
  for (const manifest of [...created].reverse()) {
    const response = await member
      .send({
        method: 'DELETE',
        path: pathOf(manifest),
        body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' },
      })
      .catch(() => undefined);
    if (!response || (response.status >= 300 && response.status !== 404)) {
      left.push(describe(manifest));
    }
  }
  return left;
}

function withCleanup(error: unknown, failed: Manifest, created: Manifest[], left: string[]) {
  if (!(error instanceof ApiError) || created.length === 0) return error;
  const removed = created.map(describe).filter((name) => !left.includes(name));
  const notes = [
    `${describe(failed)} was refused: ${error.message}`,
    removed.length > 0 ? `removed again what this request had created: ${removed.join(', ')}` : '',
    left.length > 0 ? `could not remove: ${left.join(', ')}` : '',
  ].filter(Boolean);
  return new ApiError(error.entry, {
    message: notes.join('; '),
    details: error.details,
    cause: error,
  });
}

export async function createApplication(
  member: UserMember,
  namespace: string,
  app: ApplicationInput,
): Promise<ApplicationCreated> {
  const created: Manifest[] = [];
  for (const manifest of applicationManifests(app, namespace)) {
    try {
      await member.json({ method: 'POST', path: collectionOf(manifest), body: bodyOf(manifest) });
    } catch (error) {
      const left = created.length > 0 ? await removeAll(member, created) : [];
      throw withCleanup(error, manifest, created, left);
    }
    created.push(manifest);
  }
  return {
    namespace,
    objects: created.map((m) => ({
      apiVersion: m.apiVersion,
      kind: m.kind,
      name: m.metadata.name,
    })),
  };
}
