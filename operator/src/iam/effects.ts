import type { PermissionEffect } from '@nimbus/api';

type StoredEffect = 'Allow' | 'Deny';

/** The API's role permission effect (lowercase allow/deny) as every CRD spells it (Allow/Deny). */
export function storedEffect(effect: PermissionEffect): StoredEffect {
  return effect === 'deny' ? 'Deny' : 'Allow';
}

/** A stored role permission effect as the API answers it (allow or deny). */
export function apiEffect(effect: StoredEffect): PermissionEffect {
  return effect === 'Deny' ? 'deny' : 'allow';
}
