import { describe, expect, it } from 'vitest';
import type { MemberCaller, MemberCalls, MemberRequest } from '../member-client.js';
import { ApiError } from '../../core/errors.js';
import {
  clusterObject,
  groupObject,
  identityOf,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../../testing/iam.js';
import { explainAccess } from './explain-access.js';

const admin = userObject('ada', { acme: true });
const alice = userObject(
  'alice',
  { acme: false },
  { clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Allow' }] },
);
const olga = userObject('olga', { globex: true });
const mallory = userObject('mallory', { acme: false, 'm-org': true });
const reader = readerOf({
  users: [admin, alice, olga, mallory],
  roles: [roleObject('read-only', undefined, [['node:list', 'allow']])],
  groups: [groupObject('m-owners', 'm-org', ['mallory'])],
  clusters: [clusterObject('prod', 'acme'), clusterObject('gprod', 'globex')],
  organizations: [orgObject('acme'), orgObject('globex'), orgObject('m-org')],
});

interface ReviewSpec {
  user: string;
  groups?: string[];
  resourceAttributes: { verb: string; resource: string };
}

/**
 * A member whose authorizer allows what `allowed` lists, as `user verb resource` or
 * `group:<group> verb resource` (a binding to a group, e.g. system:authenticated).
 */
function member(allowed: string[], seen: MemberRequest[] = []) {
  const operatorCalls = {
    request: (request: MemberRequest) => {
      seen.push(request);
      const spec = (request.body as { spec: ReviewSpec }).spec;
      const { verb, resource } = spec.resourceAttributes;
      const subjects = [spec.user, ...(spec.groups ?? []).map((group) => `group:${group}`)];
      const ok = subjects.some((subject) => allowed.includes(`${subject} ${verb} ${resource}`));
      const body = Buffer.from(
        JSON.stringify({ status: { allowed: ok, reason: ok ? 'rbac' : '' } }),
      );
      return Promise.resolve({
        status: 201,
        headers: {},
        body,
        json: <T>() => JSON.parse(body.toString()) as T,
      });
    },
  } as unknown as MemberCalls;
  return {
    for: (_cluster: unknown, caller: MemberCaller) => {
      if (caller !== 'operator') throw new Error('explanations never act as the user');
      return Promise.resolve(operatorCalls);
    },
  };
}

const code = async (run: Promise<unknown>): Promise<number | 'ok'> => {
  try {
    await run;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.entry.code;
    throw error;
  }
};

describe('explainAccess', () => {
  it("answers with the console's verdict and the member's SubjectAccessReview as nimbus:<user>", async () => {
    const seen: MemberRequest[] = [];
    const deps = { store: reader, connector: member(['nimbus:alice list nodes'], seen) };
    const answer = await explainAccess(deps, identityOf(admin), 'alice', {
      cluster: 'prod',
      permission: 'node:list',
    });
    expect(answer).toMatchObject({
      organization: 'acme',
      chosen: 'user',
      reason: 'granted',
      allowed: true,
      member: { status: 'answered', principal: 'nimbus:alice', allowed: false },
    });
    if (answer.member.status !== 'answered') throw new Error('not answered');
    expect(answer.member.checks.filter((c) => c.allowed).map((c) => c.verb)).toEqual(['list']);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/apis/authorization.k8s.io/v1/subjectaccessreviews',
      body: {
        spec: {
          user: 'nimbus:alice',
          groups: ['system:authenticated'],
          resourceAttributes: { group: '', resource: 'nodes' },
        },
      },
    });
  });

  it('asks about the user as the member sees impersonated calls: with system:authenticated', async () => {
    // The member grants listing and watching nodes to every authenticated user, not to alice.
    const everyone = ['list', 'watch', 'get'].map(
      (verb) => `group:system:authenticated ${verb} nodes`,
    );
    const deps = { store: reader, connector: member(everyone) };
    const answer = await explainAccess(deps, identityOf(admin), 'alice', {
      cluster: 'prod',
      permission: 'node:list',
    });
    expect(answer.member).toMatchObject({ status: 'answered', allowed: true });
  });

  it('lets users ask about themselves, admins of the cluster organization about anyone', async () => {
    const deps = { store: reader, connector: member([]) };
    const query = { cluster: 'prod', permission: 'node:cordon' };
    expect(await code(explainAccess(deps, identityOf(alice), 'alice', query))).toBe('ok');
    // mallory administers m-org, not acme: she may not look at alice on acme's cluster.
    expect(await code(explainAccess(deps, identityOf(mallory), 'alice', query))).toBe(9997);
    // olga is not in acme: acme's cluster does not exist for her.
    expect(await code(explainAccess(deps, identityOf(olga), 'olga', query))).toBe(1004);
    const unknown = { cluster: 'prod', permission: 'fly:away' };
    expect(await code(explainAccess(deps, identityOf(admin), 'alice', unknown))).toBe(1000);
  });

  it('says when the member cannot be asked, without failing the explanation', async () => {
    const connector = { for: () => Promise.reject(new Error('secret detail')) };
    const answer = await explainAccess(
      { store: reader, connector },
      identityOf(mallory),
      'mallory',
      {
        cluster: 'prod',
        permission: 'node:cordon',
      },
    );
    expect(answer.reason).toBe('no-binding');
    expect(answer.member).toEqual({
      status: 'unreachable',
      principal: 'nimbus:mallory',
      message: 'the member could not be asked',
    });
  });
});

describe('explainAccess of one exact call', () => {
  const createServiceAccount = {
    cluster: 'prod',
    verb: 'create',
    resource: 'serviceaccounts',
    namespace: 'web',
  };

  it('asks the member about exactly that call and names the rule that is missing', async () => {
    const seen: MemberRequest[] = [];
    const held = ['get', 'list'].map((verb) => `nimbus:alice ${verb} serviceaccounts`);
    const deps = { store: reader, connector: member(held, seen) };
    const answer = await explainAccess(deps, identityOf(alice), 'alice', {
      ...createServiceAccount,
      name: 'web',
      refused: 'rbac',
    });
    expect(answer).toMatchObject({
      permission: 'serviceaccount:create',
      allowed: false,
      member: { status: 'answered', allowed: false },
      call: {
        call: { verb: 'create', group: '', resource: 'serviceaccounts', namespace: 'web' },
        permissions: ['serviceaccount:create'],
        refused: true,
        outcome: 'refused',
        finding: 'not-granted',
        held: ['get', 'list'],
        missing: {
          apiGroups: [''],
          resources: ['serviceaccounts'],
          verbs: ['create'],
          namespace: 'web',
        },
      },
    });
    expect(seen[0]?.body).toMatchObject({
      spec: {
        user: 'nimbus:alice',
        resourceAttributes: {
          verb: 'create',
          group: '',
          resource: 'serviceaccounts',
          namespace: 'web',
          name: 'web',
        },
      },
    });
  });

  it('says when the console grants what the member refuses: the projection has not reached it', async () => {
    const deps = { store: reader, connector: member([]) };
    const answer = await explainAccess(deps, identityOf(alice), 'alice', {
      cluster: 'prod',
      verb: 'list',
      resource: 'nodes',
      refused: 'rbac',
    });
    expect(answer.allowedByRoles).toBe(true);
    expect(answer.allowed).toBe(false);
    expect(answer.call).toMatchObject({ outcome: 'refused', finding: 'not-projected' });
  });

  it('never answers allowed for a refused call the member’s RBAC would allow now', async () => {
    const deps = {
      store: reader,
      connector: member(['nimbus:ada patch rolebindings', 'nimbus:ada list nodes']),
    };
    const escalation = await explainAccess(deps, identityOf(admin), 'ada', {
      cluster: 'prod',
      verb: 'patch',
      group: 'rbac.authorization.k8s.io',
      resource: 'rolebindings',
      namespace: 'web',
      refused: 'escalation',
    });
    expect(escalation.allowed).toBe(false);
    expect(escalation.call).toMatchObject({ outcome: 'refused', finding: 'escalation' });
    const other = await explainAccess(deps, identityOf(admin), 'ada', {
      cluster: 'prod',
      verb: 'list',
      resource: 'nodes',
      refused: 'other',
    });
    expect(other.call).toMatchObject({ outcome: 'refused', finding: 'refused-otherwise' });
    const asked = await explainAccess(deps, identityOf(admin), 'ada', {
      cluster: 'prod',
      verb: 'list',
      resource: 'nodes',
    });
    expect(asked.call).toMatchObject({ outcome: 'allowed', finding: 'allowed' });
  });

  it('says when no console permission covers the call', async () => {
    const deps = { store: reader, connector: member([]) };
    const answer = await explainAccess(deps, identityOf(alice), 'alice', {
      cluster: 'prod',
      verb: 'escalate',
      group: 'rbac.authorization.k8s.io',
      resource: 'roles',
    });
    expect(answer.permission).toBe('');
    expect(answer.call).toMatchObject({ permissions: [], finding: 'not-in-catalogue' });
  });

  it('wants a permission or a verb and a resource, in their Kubernetes form', async () => {
    const deps = { store: reader, connector: member([]) };
    for (const query of [
      { cluster: 'prod' },
      { cluster: 'prod', verb: 'get' },
      { cluster: 'prod', verb: 'GET', resource: 'pods' },
      { cluster: 'prod', verb: 'get', resource: 'pods', namespace: 'Not_A_Label' },
    ]) {
      expect(await code(explainAccess(deps, identityOf(alice), 'alice', query))).toBe(1000);
    }
  });
});
