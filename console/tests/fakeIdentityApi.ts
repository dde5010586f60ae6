import type { OrgView, SystemConfigs, UserView } from '@nimbus/api';
import type { LoopbackServer } from './loopbackServer';

export const API = '/api/v1';
export const IAM = `${API}/iam.nimbus.io`;
export const AUTH = `${API}/auth.nimbus.io`;
export const SYSTEM = `${API}/system.nimbus.io`;

export const ok = (data: unknown) => ({ body: { code: 0, message: 'success', data } });
export const failure = (code: number, message: string, status = 400) => ({
  status,
  body: { code, message, data: null },
});

export function organization(uuid: string, adminFlag = false): OrgView {
  return {
    uuid,
    name: uuid,
    cnName: uuid,
    contact: 'ops',
    email: 'ops@example.com',
    description: '',
    monitorKey: '',
    monitorValue: '',
    adminFlag,
    createdAt: '2025-01-01T00:00:00Z',
  };
}

export function userView(overrides: Partial<UserView> = {}): UserView {
  return {
    uuid: 'u-1',
    userName: 'alice',
    name: 'Alice',
    email: 'alice@example.com',
    sysAdminFlag: false,
    mfaEnableFlag: false,
    mustChangePassword: false,
    organizations: [],
    providers: [],
    groupUserBindings: [],
    clusterAccess: [],
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The signed-in session of `alice` (user id u-1) as the login screen stores it. */
export const ALICE_SESSION = { userName: 'alice', userId: 'u-1' } as const;

export interface SignedInFixture {
  user?: Partial<UserView>;
  organizations?: OrgView[];
  configs?: Partial<SystemConfigs>;
}

/**
 * Answers what the navigation guard loads for alice: configuration, organization list and user
 * info, plus logout. The user's organizations follow the organization list.
 */
export function serveSignedInUser(server: LoopbackServer, fixture: SignedInFixture = {}): void {
  const organizations = fixture.organizations ?? [];
  server.respond(
    `${SYSTEM}/configs`,
    ok({ MFA: false, version: '1.2.3', host: 'nimbus.io', ...fixture.configs }),
  );
  server.respond(
    `${IAM}/user/u-1/organizations`,
    ok({ items: organizations, total: organizations.length }),
  );
  server.respond(
    `${IAM}/users/alice`,
    ok(
      userView({
        organizations: organizations.map(({ uuid, name, cnName, adminFlag }) => ({
          uuid,
          name,
          cnName,
          adminFlag: adminFlag ?? false,
        })),
        ...fixture.user,
      }),
    ),
  );
  server.respond(`${API}/manage.nimbus.io/users/u-1/collections`, ok({ items: [] }));
  server.respond(`POST ${AUTH}/logout`, ok(null));
}

export const requestsTo = (server: LoopbackServer, route: string) =>
  server.requests.filter((request) => `${request.method} ${request.path}` === route);
