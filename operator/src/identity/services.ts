import type { Registry } from 'prom-client';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import type { TrustProxy } from '../config.js';
import { UntrustedForwardingNotice } from './client-address.js';
import { NonceRegistry } from './nonces.js';
import { cursorKey, flowKey } from './session-key.js';
import type { PasswordHasher } from './passwords.js';
import { createPasswordHasher } from './passwords.js';
import { LoginThrottle, throttleRulesWith } from './login-throttle.js';
import type { SessionManager } from './sessions.js';
import { createSessionManager } from './sessions.js';
import type { SignInCounter } from './sign-in-metrics.js';
import { signInCounter } from './sign-in-metrics.js';

export interface IdentitySettings {
  host: string;
  mfaEnabled: boolean;
  /** Proxies whose X-Forwarded-For/-Proto/-Host are believed (the app's trust proxy). */
  trustProxy: TrustProxy;
  sessionTtlSeconds: number;
  /** Secret holding the bootstrap admin's generated password (default nimbus-initial-admin). */
  initialAdminSecret?: string;
  /** NIMBUS_STREAM_MAX_LIFETIME: the longest a stream (exec, a log follow) stays open. */
  streamMaxLifetimeSeconds?: number;
  /** NIMBUS_REGISTRATIONS_PER_ADDRESS: free registrations of one address (then delays). */
  registrationsPerAddress?: number;
}

/** Everything the auth middleware and the identity routes need, built once in main. */
export interface IdentityServices {
  store: HubStore;
  passwords: PasswordHasher;
  sessions: SessionManager;
  /** Growing delays after failed logins, shared by all replicas (login-throttle.ts). */
  throttle: LoginThrottle;
  nonces: NonceRegistry;
  /** Warns when X-Forwarded-* headers come from a peer that is not a trusted proxy. */
  forwarding: UntrustedForwardingNotice;
  settings: IdentitySettings;
  logger: Logger;
  /** Sign-in attempts on /metrics, password and single sign-on alike. */
  signIns: SignInCounter;
  /** Seals a single sign-on in progress into the browser's cookie (sso/pending-sign-in.ts, http/auth/flow-cookie.ts). */
  flowKey: Buffer;
  /** Seals the index lists' cursors (index/sealed-cursor.ts). */
  cursorKey: Buffer;
}

export interface IdentityServicesOptions {
  store: HubStore;
  sessionKey: Buffer;
  settings: IdentitySettings;
  logger: Logger;
  passwords?: PasswordHasher;
  /** Where the sign-in counter goes (the app's /metrics registry). */
  registry?: Registry;
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
    }),
    throttle: new LoginThrottle(store.leases, throttleRulesWith(settings.registrationsPerAddress)),
    nonces: new NonceRegistry(store.leases),
    forwarding: new UntrustedForwardingNotice(logger),
    settings,
    logger,
    signIns: signInCounter(options.registry),
    flowKey: flowKey(options.sessionKey),
    cursorKey: cursorKey(options.sessionKey),
  };
}
