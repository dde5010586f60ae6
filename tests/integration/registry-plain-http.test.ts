// A registry without TLS, added on purpose: the test bed's plain-HTTP registry (127.0.0.1:16445,
// the README's address) fails over https with a reason that says what to do, and works with
// `plainHttp`; cloud kinds cannot use it, through the API or kubectl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { pushStockChart, registryAddress } from '../support/charts.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';

const suffix = `plain${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const registry = `plain-${suffix}`;
const prefix = `browse-${suffix}`;
const chart = 'shelf';

let root: Session;

const manage = <T>(method: string, path: string, body?: unknown) =>
  api<T>(method, 'manage', path, { token: root.token, ...(body === undefined ? {} : { body }) });

const configuration = (extra: Record<string, unknown> = {}) => ({
  name: registry,
  organizationId: org,
  kind: 'Distribution',
  host: registryAddress,
  description: 'The test bed registry, without TLS',
  ...extra,
});

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'plain-registries',
      contact: 'Ops',
      email: 'ops@plain.example',
    }),
  );
  pushStockChart(prefix, chart);
}, 90_000);

afterAll(() => {
  hub(['delete', 'registries.nimbus.io', registry, `${registry}-ecr`, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('a plain-http registry', () => {
  it('over https the test fails with what to do, not a bare EPROTO', async () => {
    const refused = await manage('POST', '/registries/test', configuration());
    expect(refused.body.code).toBe(2003);
    expect(refused.body.message).toContain('does not answer in TLS');
    expect(refused.body.message).toContain('turn on plain HTTP');
  });

  it('is added with plainHttp and browsed: repositories, then tags', async () => {
    const tested = expectOk(
      await manage<{ repositoryCount: number }>(
        'POST',
        '/registries/test',
        configuration({ plainHttp: true }),
      ),
    );
    expect(tested.repositoryCount).toBeGreaterThan(0);
    const created = expectOk(
      await manage<{ uuid: string; plainHttp: boolean; ready: boolean; description?: string }>(
        'POST',
        '/registries',
        configuration({ plainHttp: true }),
      ),
    );
    expect(created).toMatchObject({
      plainHttp: true,
      ready: true,
      description: 'The test bed registry, without TLS',
    });
    const stored = JSON.parse(
      hub(['get', 'registries.nimbus.io', registry, '-o', 'json']).stdout,
    ) as { spec: { plainHttp?: boolean } };
    expect(stored.spec.plainHttp).toBe(true);

    const repositories = expectOk(
      await manage<{ items: { repositoryName: string }[] }>(
        'GET',
        `/registries/${created.uuid}/repositories`,
      ),
    );
    const repository = `${prefix}/${chart}`;
    expect(repositories.items.map((item) => item.repositoryName)).toContain(repository);
    const tags = expectOk(
      await manage<{ items: { imageTags: string[] }[] }>(
        'GET',
        `/registries/${created.uuid}/repositories/${encodeURIComponent(repository)}`,
      ),
    );
    expect(tags.items.flatMap((item) => item.imageTags)).toEqual(['0.1.0']);
  });

  it('turning plain http off asks for the stored login again (it was given for http)', async () => {
    const withoutLogin = configuration({ name: `${registry}-login`, plainHttp: true });
    const credentials = { username: 'puller', password: 'plain-login-pw' };
    expectOk(await manage('POST', '/registries', { ...withoutLogin, credentials }));
    try {
      const moved = await manage('PUT', '/registries', { ...withoutLogin, plainHttp: false });
      expect(moved.body.code).toBe(1014);
      expect(moved.text).not.toContain('plain-login-pw');
    } finally {
      hub(['delete', 'registries.nimbus.io', `${registry}-login`, '--ignore-not-found']);
    }
  });

  it('a cloud registry cannot use plain http, through the API or kubectl', async () => {
    const ecr = await manage('POST', '/registries/test', {
      ...configuration({ plainHttp: true }),
      kind: 'ECR',
      host: '123456789012.dkr.ecr.us-east-1.amazonaws.com',
    });
    expect(ecr.body.code).toBe(1000);
    expect(ecr.body.message).toContain('plain http is for Harbor and Distribution');
    const applied = hub(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Registry',
        metadata: { name: `${registry}-ecr` },
        spec: {
          kind: 'ECR',
          host: '123456789012.dkr.ecr.us-east-1.amazonaws.com',
          organization: org,
          plainHttp: true,
        },
      }),
    );
    expect(applied.status).not.toBe(0);
    expect(applied.stderr).toContain('plainHttp is only for Harbor and Distribution registries');
  });
});
