import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { NonceRegistry } from './nonces.js';
import type { PasswordHasher } from './passwords.js';
import { createPasswordHasher } from './passwords.js';
import { LeaseRateLimiter } from './rate-limit.js';
import type { SessionManager } from './sessions.js';
import { createSessionManager } from './sessions.js';

export interface IdentitySettings {
  host: string;
  mfaEnabled: boolean;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  sessionTtlSeconds: number;
}

/** Login failure budgets (fixed 15-minute windows, shared by all replicas). */
export const loginLimits = {
  account: { name: 'login-account', max: 5, windowSeconds: 15 * 60 },
  address: { name: 'login-address', max: 30, windowSeconds: 15 * 60 },
} as const;

/** Everything the auth middleware and the identity routes need, built once in main. */
export interface IdentityServices {
  store: HubStore;
  passwords: PasswordHasher;
  sessions: SessionManager;
  limits: { account: LeaseRateLimiter; address: LeaseRateLimiter };
  nonces: NonceRegistry;
  settings: IdentitySettings;
  logger: Logger;
}

export interface IdentityServicesOptions {
  store: HubStore;
  sessionKey: Buffer;
  settings: IdentitySettings;
  logger: Logger;
  passwords?: PasswordHasher;
}

export function createIdentityServices(options: IdentityServicesOptions): IdentityServices {
  const { store, settings, logger } = options;
  return {
    store,
    passwords: options.passwords ?? createPasswordHasher(),
    sessions: createSessionManager({
      store,
      key: options.sessionKey,
      ttlSeconds: settings.sessionTtlSeconds,
      logger,
    }),
    limits: {
      account: new LeaseRateLimiter(store.leases, loginLimits.account),
      address: new LeaseRateLimiter(store.leases, loginLimits.address),
    },
    nonces: new NonceRegistry(store.leases),
    settings,
    logger,
  };
}
