import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { builtInRoleObject, builtInRoles } from './built-in-roles.js';

/**
 * Applies the built-in roles (server-side apply, so every start brings them up to date with the
 * catalogue). A role of the same name that belongs to an organization blocks its built-in
 * counterpart; that is logged, not fatal.
 */
export async function ensureBuiltInRoles(
  store: Pick<HubStore, 'roles'>,
  logger: Logger,
): Promise<string[]> {
  const applied: string[] = [];
  for (const role of builtInRoles) {
    const existing = await store.roles.fetch(role.name);
    if (existing && existing.spec.builtIn !== true) {
      logger.warn(
        { role: role.name, organization: existing.spec.organization },
        'a role of an organization uses a built-in role name; built-in role not applied',
      );
      continue;
    }
    await store.roles.apply(builtInRoleObject(role));
    applied.push(role.name);
  }
  return applied;
}
