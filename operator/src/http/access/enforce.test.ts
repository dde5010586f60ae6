import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '../error-handler.js';
import { requestContextMiddleware } from '../request-context.js';
import { handle } from '../respond.js';
import { setIdentity } from '../identity-locals.js';
import { identityOf, userObject } from '../../testing/iam.js';
import type { RunningServer } from '../../testing/http.js';
import { serve } from '../../testing/http.js';
import { captureLogs } from '../../testing/logs.js';
import { enforcePolicy } from './enforce.js';
import { policyTable } from '../../access/policy.js';
import { listRoutes } from '../../access/routes.js';

const users = {
  root: userObject('root', {}, { sysAdmin: true }),
  alice: userObject('alice', { acme: true, globex: false }),
  bob: userObject('bob', { acme: false }),
  carol: userObject('carol', { globex: true }),
};
type Caller = keyof typeof users;

let server: RunningServer;

/** The real table and middleware in front of stub handlers for every entry. */
beforeAll(async () => {
  const api = Router();
  api.use(express.json());
  api.use((req, res, next) => {
    const who = users[req.get('x-test-user') as Caller] as (typeof users)[Caller] | undefined;
    if (who) setIdentity(res, identityOf(who));
    next();
  });
  api.use(
    enforcePolicy({
      host: 'nimbus.io',
      prefix: '/v1',
      userOrganizations: (ref) => {
        const user = Object.values(users).find(
          (u) => u.metadata.name === ref || u.metadata.uid === ref,
        );
        return user?.spec.organizations?.map((m) => m.name);
      },
      routes: () => listRoutes(api),
    }),
  );
  for (const entry of policyTable) {
    const path = `/v1${entry.path.replaceAll('{host}', 'nimbus.io')}`;
    const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    api[method](
      path,
      handle(() => 'ok'),
    );
  }
  api.get(
    '/v1/iam.nimbus.io/forgotten',
    handle(() => 'should never answer'),
  );
  api.use(notFoundHandler);
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use('/api', api);
  app.use(errorHandler);
  server = await serve(app);
});
afterAll(() => server.close());

async function call(who: Caller | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(who ? { 'x-test-user': who } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return text === '' ? response.status : (JSON.parse(text) as { code: number }).code;
}

const iam = 'iam.nimbus.io';

describe('enforcePolicy', () => {
  it('lets anyone call public endpoints and nobody else in without a session', async () => {
    expect(await call(undefined, 'GET', 'system.nimbus.io/version')).toBe(0);
    expect(await call(undefined, 'GET', `${iam}/permissions`)).toBe(9998);
    expect(await call('bob', 'GET', `${iam}/permissions`)).toBe(0);
  });

  it('derives the role for the addressed organization', async () => {
    expect(await call('alice', 'GET', `${iam}/organizations/acme/users`)).toBe(0);
    expect(await call('alice', 'GET', `${iam}/organizations/uid-acme/users`)).toBe(0);
    expect(await call('alice', 'GET', `${iam}/organizations/globex/users`)).toBe(9997);
    expect(await call('bob', 'GET', `${iam}/organizations/acme/users`)).toBe(9997);
    expect(await call('root', 'GET', `${iam}/organizations/globex/users`)).toBe(0);
  });

  it('lets members read their organization and nobody read another', async () => {
    expect(await call('bob', 'GET', `${iam}/organizations/acme/groups`)).toBe(0);
    expect(await call('bob', 'GET', `${iam}/organizations/globex/groups`)).toBe(9997);
    expect(await call('carol', 'GET', `${iam}/organizations/acme/roles`)).toBe(9997);
    expect(await call('bob', 'GET', `${iam}/organizations/nowhere/groups`)).toBe(9997);
  });

  it('checks an organization named in the body', async () => {
    expect(await call('alice', 'POST', `${iam}/groups`, { organizationId: 'acme' })).toBe(0);
    expect(await call('alice', 'POST', `${iam}/groups`, { organizationId: 'globex' })).toBe(9997);
    expect(await call('bob', 'POST', `${iam}/groups`, { organizationId: 'acme' })).toBe(9997);
    expect(await call('carol', 'PUT', `${iam}/organizations`, { uuid: 'uid-acme' })).toBe(9997);
  });

  it('allows own-user calls on oneself, and to admins of an organization the user is in', async () => {
    expect(await call('bob', 'GET', `${iam}/users/bob`)).toBe(0);
    expect(await call('bob', 'GET', `${iam}/user/uid-bob`)).toBe(0);
    expect(await call('bob', 'GET', `${iam}/users/alice`)).toBe(9997);
    expect(await call('alice', 'GET', `${iam}/users/bob`)).toBe(0);
    expect(await call('carol', 'GET', `${iam}/users/bob`)).toBe(9997);
    expect(await call('carol', 'PUT', `${iam}/users`, { userName: 'bob' })).toBe(9997);
    expect(await call('root', 'GET', `${iam}/users/bob`)).toBe(0);
  });

  it('keeps self-only calls to the user themselves, system admins included', async () => {
    expect(await call('bob', 'PUT', `${iam}/users/bob/mfa`)).toBe(0);
    expect(await call('alice', 'PUT', `${iam}/users/bob/mfa`)).toBe(9997);
    expect(await call('root', 'DELETE', `${iam}/users/bob/mfa`)).toBe(9997);
    expect(await call('root', 'GET', `${iam}/user/uid-bob/organizations`)).toBe(9997);
    expect(
      await call('bob', 'POST', `${iam}/join/organizations/globex`, { invitee: 'alice' }),
    ).toBe(9997);
    expect(
      await call('bob', 'POST', `${iam}/join/organizations/globex`, { invitee: ' uid-bob ' }),
    ).toBe(0);
  });

  it('refuses a registered route missing from the table, even to a system admin', async () => {
    expect(await call('root', 'GET', `${iam}/forgotten`)).toBe(9997);
    expect(await call('root', 'GET', `${iam}/no-such-route`)).toBe(1004);
    expect(await call('root', 'PATCH', `${iam}/users`)).toBe(1004);
  });

  it('matches paths as the router does, so case or a trailing slash cannot bypass it', async () => {
    expect(await call('bob', 'GET', `IAM.nimbus.io/Organizations/acme/USERS`)).toBe(9997);
    expect(await call('bob', 'GET', `${iam}/organizations/acme/users/`)).toBe(9997);
    expect(await call('bob', 'HEAD', `${iam}/organizations/acme/users`)).toBe(403);
  });
});
