import { randomBytes } from 'node:crypto';
import type { ClusterServices } from '../clusters/registration.js';
import type { AppDeps } from '../http/app.js';
import type { IdentityServices, IdentitySettings } from '../identity/services.js';
import { createIdentityServices } from '../identity/services.js';
import { createUser } from '../identity/accounts.js';
import { captureLogs } from './logs.js';
import type { MemoryHubStore } from './memory-store.js';
import { createMemoryStore } from './memory-store.js';
import type { TestApp } from './app.js';
import { startTestApp } from './app.js';

export interface IdentityTestApp extends TestApp {
  services: IdentityServices;
  store: MemoryHubStore;
  sessionKey: Buffer;
  /** POSTs/PUTs JSON to a path under /api/v1 and returns status and envelope. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: { code: number; message: string; data: unknown } }>;
}

export const testHost = 'nimbus.io';

/** The real app with identity services over an in-memory hub store, on loopback. */
export async function startIdentityApp(
  settings: Partial<IdentitySettings> = {},
  /** Cluster registration over the same in-memory store, when a test needs it. */
  clusters?: (store: MemoryHubStore) => ClusterServices,
  /** Further app dependencies, e.g. the index behind /crd.{host}. */
  more: Partial<AppDeps> = {},
): Promise<IdentityTestApp> {
  const store = createMemoryStore();
  const sessionKey = randomBytes(32);
  const services = createIdentityServices({
    store,
    sessionKey,
    settings: {
      host: testHost,
      mfaEnabled: false,
      trustProxy: false,
      sessionTtlSeconds: 3600,
      ...settings,
    },
    logger: captureLogs().logger,
  });
  const app = await startTestApp({
    identity: services,
    mfaEnabled: settings.mfaEnabled ?? false,
    ...(clusters ? { clusters: clusters(store) } : {}),
    ...more,
  });
  return {
    ...app,
    services,
    store,
    sessionKey,
    async call(method, path, options = {}) {
      const response = await fetch(`${app.url}/api/v1${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
  };
}

/**
 * Creates a user who is a member (not an admin) of organization `acme` with the `spec` fields
 * given (bindings, sysAdmin), signs her in and returns her bearer token.
 */
export async function signedInAcmeUser(
  app: IdentityTestApp,
  userName: string,
  spec: Record<string, unknown>,
): Promise<string> {
  const password = 'secret12';
  await createUser(app.services, {
    userName,
    spec: {
      email: `${userName}@example.com`,
      organizations: [{ name: 'acme', admin: false }],
      ...spec,
    },
    password,
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName, password },
  });
  return (body.data as { token: string }).token;
}
