// Deleting one object of a declared kind on a member, as the caller (the member's RBAC decides).
import { kindCollectionPath, kindDeclaration, type DeclaredKind } from '@nimbus/api/shared';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { publicObject } from './sanitize.js';

/**
 * Deletes `name` and answers the object as the member left it. Background propagation, as
 * kubectl does: what the object owns goes after it, and the call does not wait for finalizers
 * (a claim in use stays until its pod is gone). A member that answers a Status instead of the
 * object is answered with the object's identity.
 */
export async function deleteObject(
  member: UserMember,
  kind: DeclaredKind,
  name: string,
  namespace?: string,
): Promise<KubeObject> {
  const declaration = kindDeclaration(kind);
  const answer = await member.json<KubeObject>({
    method: 'DELETE',
    path: `${kindCollectionPath(declaration, namespace)}/${encodeURIComponent(name)}`,
    body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' },
  });
  const deleted: KubeObject =
    answer.kind === 'Status'
      ? {
          apiVersion: declaration.group
            ? `${declaration.group}/${declaration.version}`
            : declaration.version,
          kind,
          metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
        }
      : answer;
  return publicObject(declaration.plural, deleted);
}
