import type { DerivedRole } from '../../appState/deriveRole';
import type { ActionDescriptor, ResourceContext } from './types';

/** Whether the detail page offers `action`: the caller's role and permission, then the object. */
export function actionShown(
  action: ActionDescriptor,
  context: ResourceContext,
  role: DerivedRole | undefined,
): boolean {
  if (action.roles && (role === undefined || !action.roles.includes(role))) return false;
  if (action.permission && !context.allows(action.permission)) return false;
  return action.available?.(context) ?? true;
}
