// Chart sources through the API against the test bed's real registries: the plain registry
// holding charts pushed with `helm push` is added as an OCI source, checked Ready and its charts
// listed; the secure registry (TLS from the test-bed CA, htpasswd basic auth) refuses a wrong
// password with a clear error, and the chart-source controller reports a kubectl-written source
// without the registry's CA as not Ready.
import type { ChartList, ChartSourceView } from '@nimbus/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { pushCharts, registryAddress } from '../support/charts.js';
import type { HubObject, Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  namespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import { gitOpsUser, removeGitOpsUser } from '../support/members.js';
import { secureRegistry } from '../support/registries.js';

const suffix = `cs${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const prefix = `charts-${suffix}`;
const plain = `plain-${suffix}`;
const secure = `secure-${suffix}`;
const unsigned = `unsigned-${suffix}`;
const memberName = `member-${suffix}`;

let root: Session;
let member: Session;

const appstore = <T>(session: Session, method: string, path: string, body?: unknown) =>
  api<T>(method, 'appstore', path, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });

const secureInput = (password: string) => ({
  name: secure,
  organizationId: org,
  type: 'OCI',
  url: `oci://${secureRegistry.host}/library`,
  credentials: {
    username: secureRegistry.username,
    password,
    caCertificate: secureRegistry.caCertificate,
  },
});

const readyOf = (name: string) => {
  const object = hubJson<HubObject>(['get', 'chartsources.nimbus.io', name]);
  return object.status?.conditions?.find((c) => c.type === 'Ready');
};

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'chart-sources',
      contact: 'Ops',
      email: 'ops@charts.example',
    }),
  );
  member = await gitOpsUser(memberName, org, []);
  pushCharts(prefix, [
    { name: 'web', version: '0.1.0', templates: {} },
    { name: 'web', version: '0.2.0', templates: {} },
    { name: 'db', version: '1.0.0', templates: {} },
  ]);
}, 120_000);

afterAll(() => {
  hub(['delete', 'chartsources.nimbus.io', plain, secure, unsigned, '--ignore-not-found']);
  removeGitOpsUser(memberName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('chart sources', () => {
  it("adds the test bed's registry as an OCI source: Ready, its charts listed", async () => {
    const input = {
      name: plain,
      organizationId: org,
      type: 'OCI',
      url: `oci://${registryAddress}/${prefix}`,
      plainHttp: true,
      description: 'The test bed registry',
    };
    expect(expectOk(await appstore(root, 'POST', '/chartsources/test', input))).toEqual({
      chartCount: 2,
    });
    const created = expectOk(await appstore<ChartSourceView>(root, 'POST', '/chartsources', input));
    expect(created).toMatchObject({
      name: plain,
      organization: org,
      credentialsSet: false,
      ready: { status: 'True', reason: 'ChartsListed', message: '2 charts' },
    });
    const listed = expectOk(
      await appstore<{ items: ChartSourceView[] }>(
        root,
        'GET',
        `/organizations/${org}/chartsources`,
      ),
    );
    expect(listed.items.map((s) => s.name)).toEqual([plain]);
    const charts = expectOk(await appstore<ChartList>(root, 'GET', '/charts'));
    expect(charts.items.filter((c) => c.source === plain).map((c) => [c.name, c.versions])).toEqual(
      [
        ['db', ['1.0.0']],
        ['web', ['0.2.0', '0.1.0']],
      ],
    );
    // The controller keeps Ready on the ChartSource itself (kubectl sees it).
    const ready = await eventually(
      () => readyOf(plain),
      (c) => c?.status === 'True',
    );
    expect(ready).toMatchObject({ reason: 'ChartsListed', message: '2 charts' });
  });

  it('keeps chart sources to admins: a member of the organization is refused', async () => {
    const refused = await appstore(member, 'GET', `/organizations/${org}/chartsources`);
    expect(refused.body.code).toBe(9997);
  });

  it('refuses a wrong password with a clear error and stores nothing', async () => {
    const wrong = await appstore(root, 'POST', '/chartsources', secureInput('not-the-password'));
    expect(wrong.body.code).toBe(2006);
    expect(wrong.body.message).toBe(
      `${secureRegistry.host} refused the user name and password (HTTP 401)`,
    );
    expect(hub(['get', 'chartsources.nimbus.io', secure]).status).not.toBe(0);

    const good = expectOk(
      await appstore<ChartSourceView>(
        root,
        'POST',
        '/chartsources',
        secureInput(secureRegistry.password),
      ),
    );
    expect(good).toMatchObject({ credentialsSet: true, ready: { status: 'True' } });
    // The password is only in the operator's Secret, never in the source or an answer.
    const stored = hub(['get', 'chartsources.nimbus.io', secure, '-o', 'json']).stdout;
    expect(`${stored}${JSON.stringify(good)}`).not.toContain(secureRegistry.password);
    const secret = hubJson<HubObject>([
      'get',
      'secret',
      '-n',
      namespace,
      `nimbus-chartsource-${secure}-credentials`,
    ]);
    expect(secret.metadata.labels?.['nimbus.io/chart-source']).toBe(secure);
  });

  it('reports a kubectl-written source whose certificate it cannot trust as not Ready', async () => {
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'ChartSource',
        metadata: { name: unsigned },
        spec: { type: 'OCI', url: `oci://${secureRegistry.host}/library`, organization: org },
      },
    ]);
    const ready = await eventually(
      () => readyOf(unsigned),
      (c) => c !== undefined,
    );
    expect(ready).toMatchObject({ status: 'False', reason: 'Unreachable' });
  });
});
