import { kindDeclaration } from '@nimbus/api/shared';

/** What a user does to a kind that the role catalogue names a permission for. */
export type KindAction = 'list' | 'create' | 'update' | 'delete';

/**
 * The role-catalogue permission for `action` on `kind` (operator/src/access/catalogue.ts: one per
 * action of the kind's permission group), or undefined for a kind outside the kind table (a
 * plugged kind), which the server alone judges. Groups without an edit permission (namespaces,
 * volumes, claims, storage classes) name one nobody holds: no role may edit them.
 */
export function kindPermission(kind: string, action: KindAction): string | undefined {
  const group = kindDeclaration(kind)?.permissionGroup;
  return group === undefined ? undefined : `${group}:${action}`;
}
