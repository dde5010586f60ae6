import type { Permission, PermissionEffect, RolePermission } from '@nimbus/api';

/** A permission the role does not mention: neither granted nor withheld. */
export const NOT_SET = 'none';
export type EffectChoice = PermissionEffect | typeof NOT_SET;

/** The form's choice per permission name. */
export type EffectChoices = Record<string, EffectChoice | undefined>;

export interface PermissionGroup {
  group: string;
  permissions: Permission[];
}

/** The catalogue grouped by `group`, groups and permissions in the server's order. */
export function groupPermissions(catalogue: readonly Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const permission of catalogue) {
    const members = groups.get(permission.group) ?? [];
    members.push(permission);
    groups.set(permission.group, members);
  }
  return [...groups].map(([group, permissions]) => ({ group, permissions }));
}

/** How many of a group's permissions the form allows and denies now. */
export function groupTally(
  group: PermissionGroup,
  choices: EffectChoices | undefined,
): { allowed: number; denied: number } {
  const effects = group.permissions.map(({ name }) => choices?.[name]);
  return {
    allowed: effects.filter((effect) => effect === 'allow').length,
    denied: effects.filter((effect) => effect === 'deny').length,
  };
}

/** The form's start values: every listed permission not set, except what the role says. */
export const choicesOf = (
  catalogue: readonly Permission[],
  permissions: readonly RolePermission[] = [],
): EffectChoices => ({
  ...Object.fromEntries(catalogue.map(({ name }) => [name, NOT_SET])),
  ...Object.fromEntries(permissions.map(({ name, effect }) => [name, effect])),
});

/**
 * The role's permissions from the form's choices. Permissions the catalogue no longer lists are
 * kept as they were, so saving a role never drops what this console cannot show.
 */
export function permissionsOf(
  choices: EffectChoices | undefined,
  catalogue: readonly Permission[],
  previous: readonly RolePermission[] = [],
): RolePermission[] {
  const listed = new Set(catalogue.map((permission) => permission.name));
  const chosen = catalogue.flatMap(({ name }): RolePermission[] => {
    const effect = choices?.[name];
    return effect === 'allow' || effect === 'deny' ? [{ name, effect }] : [];
  });
  return [...chosen, ...previous.filter((permission) => !listed.has(permission.name))];
}
