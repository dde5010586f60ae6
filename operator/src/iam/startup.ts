import { ensureBuiltInRoles } from '../access/ensure-built-in-roles.js';
import type { ControllerFactory } from '../controllers/controller.js';
import type { HubStore } from '../hub/store.js';
import type { PasswordHasher } from '../identity/passwords.js';
import type { Logger } from '../logger.js';
import { iamController } from './reconcile/controller.js';

/** Once the hub caches are synced, on every replica: the built-in roles (applies are idempotent). */
export async function prepareIam(store: HubStore, logger: Logger): Promise<void> {
  const applied = await ensureBuiltInRoles(store, logger);
  logger.info({ roles: applied }, 'built-in roles applied');
}

/** The IAM controllers, for the controller runtime (they run on the Lease holder only). */
export function iamControllers(deps: {
  store: HubStore;
  hasher: Pick<PasswordHasher, 'hash'>;
  /** Secrets the operator keeps (the session key, the initial admin), which no User may name. */
  operatorSecretNames?: readonly string[];
}): ControllerFactory[] {
  return [iamController(deps)];
}
