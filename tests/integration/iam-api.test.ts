// IAM through the API against the real hub: what the API writes is what kubectl shows (field
// manager nimbus), names are unique, lists are paged on the server, invitations work once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, register } from '../support/api.js';
import { gitOpsCluster } from '../support/members.js';
import type { HubObject, Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  removeGitOpsSystemAdmin,
  hub,
  hubJson,
  signIn,
} from '../support/iam.js';

const s = `ia${Date.now().toString(36)}`;
const org = `api-${s}`;
let root: Session;

interface OrgView {
  uuid: string;
  name: string;
}
interface Page<T> {
  items: T[];
  total: number;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(`api-${s}`);
});

afterAll(() => {
  removeGitOpsSystemAdmin(`api-${s}`);
  const names = (kind: string, ...list: string[]) =>
    hub(['delete', `${kind}.nimbus.io`, ...list, '--ignore-not-found', '--wait=false']);
  names('usergroups', `api-group-${s}`);
  names('roles', `api-role-${s}`, `api-role2-${s}`);
  names('users', `root-api-${s}`, `apiuser-${s}`, `joiner-${s}`, `late-joiner-${s}`);
  names('clusters', `api-cluster-${s}`);
  names('organizations', org);
});

describe('API → kubectl', () => {
  it('writes organizations, roles, groups and users that kubectl shows, as field manager nimbus', async () => {
    const created = expectOk(
      await root.call<OrgView>('POST', '/organizations', {
        name: `api-${s}`,
        cnName: 'api',
        contact: 'Api',
        email: 'api@x.example',
        description: 'made by the API',
      }),
    );
    expect(created).toMatchObject({ name: `api-${s}`, adminFlag: true });
    const apiOrg = hubJson<HubObject>(['get', 'organization.nimbus.io', `api-${s}`]);
    expect(apiOrg.metadata.uid).toBe(created.uuid);
    expect(apiOrg.spec).toMatchObject({ cnName: 'api', description: 'made by the API' });
    const rootUser = hubJson<HubObject>(['get', 'user.nimbus.io', root.userName]);
    expect(rootUser.spec.organizations).toContainEqual({ name: `api-${s}`, admin: true });

    expectOk(
      await root.call('POST', '/roles', {
        name: `api-role-${s}`,
        organizationId: created.uuid,
        permissions: [{ name: 'node:list', effect: 'allow' }],
      }),
    );
    await gitOpsCluster(root, `api-${s}`, `api-cluster-${s}`);
    const user = expectOk(
      await root.call<{ uuid: string }>('POST', '/users', {
        userName: `apiuser-${s}`,
        email: 'u@x.example',
        password: 'userpass1',
        organizationId: created.uuid,
        isAdmin: false,
        providers: [{ cluster: `api-cluster-${s}`, roleId: `api-role-${s}` }],
      }),
    );
    expectOk(
      await root.call('POST', '/groups', {
        name: `api-group-${s}`,
        organizationId: `api-${s}`,
        userIds: [user.uuid],
        providers: [],
      }),
    );

    const kubeUser = hubJson<HubObject>([
      'get',
      'user.nimbus.io',
      `apiuser-${s}`,
      '--show-managed-fields',
    ]);
    expect(kubeUser.spec).toMatchObject({
      organizations: [{ name: `api-${s}`, admin: false }],
      clusterPermissions: [{ cluster: `api-cluster-${s}`, role: `api-role-${s}`, effect: 'Allow' }],
    });
    expect(kubeUser.metadata.managedFields?.map((f) => f.manager)).toContain('nimbus');
    const group = hubJson<HubObject>([
      'get',
      'usergroup.nimbus.io',
      `api-group-${s}`,
      '--show-managed-fields',
    ]);
    expect(group.spec).toMatchObject({ organization: `api-${s}`, members: [`apiuser-${s}`] });
    expect(group.metadata.managedFields).toContainEqual(
      expect.objectContaining({ manager: 'nimbus', operation: 'Apply' }),
    );
    expect(group.metadata.labels?.['nimbus.io/organization']).toBe(`api-${s}`);
  });

  it('refuses a duplicate name with the spec message', async () => {
    const again = await root.call('POST', '/organizations', {
      name: org,
      cnName: 'x',
      contact: 'x',
      email: 'x@x.example',
    });
    expect(again.body).toMatchObject({
      code: 1005,
      message: `${org} already existed, please change`,
    });
  });

  it('pages lists on the server', async () => {
    const orgUid = hubJson<HubObject>(['get', 'organization.nimbus.io', org]).metadata.uid;
    const role = { name: `api-role2-${s}`, organizationId: orgUid, permissions: [] };
    expectOk(await root.call('POST', '/roles', role));
    const page = expectOk(
      await root.call<Page<{ name: string }> & { page: number }>(
        'GET',
        `/organizations/${orgUid}/roles?page=2&pageSize=2`,
      ),
    );
    expect(page).toMatchObject({ page: 2, total: 6 });
    expect(page.items.map((r) => r.name)).toEqual(['owner', 'read-only']);
    const searched = expectOk(
      await root.call<Page<{ name: string }>>('GET', `/organizations/${orgUid}/roles?search=ROLE2`),
    );
    expect(searched.items.map((r) => r.name)).toEqual([`api-role2-${s}`]);
  });

  it('joins an organization with a trimmed, single-use invitation code stored only as a hash', async () => {
    const invitation = expectOk(
      await root.call<{
        organizationId: string;
        inviterId: string;
        invitationCode: string;
        expiresAt: string;
      }>('GET', `/join/organizations/${org}`),
    );
    expect(invitation.inviterId).toBe(root.userId);
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(hub(['get', 'organization.nimbus.io', org, '-o', 'yaml']).stdout).not.toContain(
      invitation.invitationCode,
    );

    expectOk(await register(`joiner-${s}`, 'joinpass1'));
    const joiner = await signIn(`joiner-${s}`, 'joinpass1');
    const path = `/join/organizations/${invitation.organizationId}`;
    const blank = await joiner.call('POST', path, {
      inviter: ' ',
      invitationCode: '',
      invitee: joiner.userId,
    });
    expect(blank.body).toMatchObject({
      code: 1000,
      message: 'inviter: Required; invitationCode: Required',
    });
    const body = {
      inviter: ` ${invitation.inviterId} `,
      invitationCode: ` ${invitation.invitationCode}\n`,
      invitee: ` ${joiner.userId} `,
    };
    expect(expectOk(await joiner.call<OrgView>('POST', path, body))).toMatchObject({
      name: org,
      adminFlag: false,
    });
    const mine = expectOk(
      await joiner.call<Page<OrgView>>('GET', `/user/${joiner.userId}/organizations`),
    );
    expect(mine.items.map((o) => o.name)).toEqual([org]);

    expectOk(await register(`late-joiner-${s}`, 'joinpass1'));
    const late = await signIn(`late-joiner-${s}`, 'joinpass1');
    const reused = await late.call('POST', path, { ...body, invitee: late.userId });
    expect(reused.body.code).toBe(1011);
  });

  it('answers anonymous callers 9998 on IAM endpoints', async () => {
    expect((await api('GET', 'iam', '/permissions')).body.code).toBe(9998);
    const catalogue = expectOk(
      await root.call<{ items: Array<{ name: string }> }>('GET', '/permissions'),
    );
    expect(catalogue.items.map((p) => p.name)).toContain('autoscaler:create');
  });
});
