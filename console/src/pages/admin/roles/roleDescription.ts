import type { RoleView } from '@nimbus/api';
import { useTranslation } from 'react-i18next';

/** The built-in roles (operator/src/access/built-in-roles.ts), whose descriptions the console translates. */
const BUILT_IN_ROLES = ['owner', 'operator', 'developer', 'read-only'] as const;
type BuiltInRoleName = (typeof BUILT_IN_ROLES)[number];

const isBuiltInName = (name: string): name is BuiltInRoleName =>
  (BUILT_IN_ROLES as readonly string[]).includes(name);

/**
 * A role's description in the reader's language: the server writes the built-in roles'
 * descriptions in English; the console has them in en, zh and ja (the server's text stands in
 * for a built-in role it does not know). A role someone wrote keeps its own words.
 */
export function useRoleDescription(): (
  role: Pick<RoleView, 'name' | 'builtIn' | 'description'>,
) => string {
  const { t } = useTranslation();
  return (role) =>
    role.builtIn && isBuiltInName(role.name)
      ? t(`admin.roles.builtInDescriptions.${role.name}`)
      : (role.description ?? '');
}
