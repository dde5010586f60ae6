// Image registries against the test bed's private registry: TLS from the
// test-bed CA, basic auth, real images pushed by the test bed's setup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryKinds } from '@nimbus/api/shared';
import { api } from '../support/api.js';
import { auditRecordsSeenBy } from '../support/audit.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsUser,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { secureRegistry } from '../support/registries.js';

const suffix = `reg${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const otherOrg = `other-${suffix}`;
const cluster = `member-a-${suffix}`;
const registry = `private-${suffix}`;
const user = `dev-${suffix}`;
const outsider = `out-${suffix}`;

let root: Session;
let developer: Session;
let stranger: Session;

interface RegistryView {
  uuid: string;
  name: string;
  host: string;
  kind: string;
  organization: string;
  credentialsSet: boolean;
  ready: boolean;
}

const manage = <T>(session: Session, method: string, path: string, body?: unknown) =>
  api<T>(method, 'manage', path, { token: session.token, ...(body === undefined ? {} : { body }) });

const configuration = (extra: Record<string, unknown> = {}) => ({
  name: registry,
  organizationId: org,
  kind: 'Distribution',
  host: secureRegistry.host,
  credentials: {
    username: secureRegistry.username,
    password: secureRegistry.password,
    caCertificate: secureRegistry.caCertificate,
  },
  ...extra,
});

async function organization(name: string): Promise<void> {
  expectOk(
    await root.call('POST', '/organizations', {
      name,
      cnName: 'registries',
      contact: 'Ops',
      email: 'ops@registries.example',
    }),
  );
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  await organization(org);
  await organization(otherOrg);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  developer = await gitOpsUser(user, org, [{ cluster, role: 'developer', effect: 'Allow' }]);
  stranger = await gitOpsUser(outsider, otherOrg, []);
}, 90_000);

afterAll(async () => {
  hub(['delete', 'registries.nimbus.io', registry, `${registry}-gitops`, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(user);
  removeGitOpsUser(outsider);
  for (const name of [org, otherOrg]) {
    hub(['delete', 'organizations.nimbus.io', name, '--ignore-not-found', '--wait=false']);
  }
  removeGitOpsSystemAdmin(suffix);
});

describe('the private registry', () => {
  it('lists the supported kinds with their host examples', async () => {
    const kinds = expectOk(
      await manage<{ items: { kind: string; hostExample: string }[] }>(
        root,
        'GET',
        '/supportregistries',
      ),
    );
    expect(kinds.items.map((k) => k.kind)).toEqual([...registryKinds]);
    expect(kinds.items.find((k) => k.kind === 'SWR')?.hostExample).toMatch(/^swr\./);
  });

  it('test connection: good credentials list the repositories, bad ones are refused', async () => {
    const good = expectOk(
      await manage<{ repositoryCount: number }>(root, 'POST', '/registries/test', configuration()),
    );
    expect(good.repositoryCount).toBe(Object.keys(secureRegistry.images).length);
    const wrong = await manage(root, 'POST', '/registries/test', {
      ...configuration(),
      credentials: { ...configuration().credentials, password: 'not-the-password' },
    });
    expect(wrong.body.code).toBe(2004);
    const untrusted = await manage(root, 'POST', '/registries/test', {
      ...configuration(),
      credentials: { username: secureRegistry.username, password: secureRegistry.password },
    });
    expect(untrusted.body.code).toBe(2003);
    expect(untrusted.body.message).toContain('certificate is not trusted');
  });

  it('refuses a host the SSRF policy does not allow', async () => {
    const refused = await manage(root, 'POST', '/registries/test', {
      ...configuration(),
      host: '127.0.0.1:1',
    });
    expect(refused.body.code).toBe(2003);
    expect(refused.body.message).toContain('the address is refused');
  });

  it('adds the registry: credentials go to a Secret, never into the answer', async () => {
    const created = await manage<RegistryView>(root, 'POST', '/registries', configuration());
    const view = expectOk(created);
    expect(view).toMatchObject({
      name: registry,
      kind: 'Distribution',
      credentialsSet: true,
      ready: true,
    });
    expect(created.text).not.toContain(secureRegistry.password);
    const stored = JSON.parse(
      hub(['get', 'registries.nimbus.io', registry, '-o', 'json']).stdout,
    ) as { spec: Record<string, unknown> };
    expect(stored.spec).toMatchObject({
      kind: 'Distribution',
      host: secureRegistry.host,
      organization: org,
    });
    expect(JSON.stringify(stored)).not.toContain(secureRegistry.password);
    const listed = expectOk(
      await manage<{ items: RegistryView[] }>(developer, 'GET', `/organizations/${org}/registries`),
    );
    expect(listed.items.map((r) => r.name)).toEqual([registry]);
    const records = await eventually(
      () => auditRecordsSeenBy(root.token, `user=root-${suffix}&method=POST`),
      (items) => items.some((record) => record.uri.endsWith('/registries') && record.code === 0),
    );
    expect(records.some((record) => record.uri.endsWith('/registries/test'))).toBe(true);
    expect(JSON.stringify(records)).not.toContain(secureRegistry.password);
  });

  it('lists the repositories and tags the setup pushed, to a member of the organization', async () => {
    const providers = expectOk(
      await manage<{ items: RegistryView[] }>(developer, 'GET', `/providers/${cluster}/registries`),
    );
    expect(providers.items[0]).toMatchObject({ uuid: '9999', host: 'docker.io' });
    const ours = providers.items.find((r) => r.name === registry);
    expect(ours).toBeDefined();
    const repositories = expectOk(
      await manage<{ items: { repositoryName: string }[] }>(
        developer,
        'GET',
        `/registries/${ours?.uuid}/repositories`,
      ),
    );
    expect(repositories.items.map((r) => r.repositoryName)).toEqual(
      Object.keys(secureRegistry.images),
    );
    for (const [repository, tags] of Object.entries(secureRegistry.images)) {
      const answer = expectOk(
        await manage<{ items: { imageTags: string[]; imagePushedAt?: string; digest?: string }[] }>(
          developer,
          'GET',
          `/registries/${ours?.uuid}/repositories/${encodeURIComponent(repository)}`,
        ),
      );
      expect(answer.items.flatMap((item) => item.imageTags).sort()).toEqual([...tags].sort());
      for (const item of answer.items) {
        expect(item.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(Date.parse(item.imagePushedAt ?? '')).not.toBeNaN();
      }
    }
  });

  it('splits an image of the cluster into registry, path, image and tag', async () => {
    const split = expectOk(
      await manage<Record<string, unknown>>(
        developer,
        'GET',
        `/providers/${cluster}/split/repositories?image=${encodeURIComponent(`${secureRegistry.host}/team/tools/busy:2024.2`)}`,
      ),
    );
    const ours = expectOk(
      await manage<{ items: RegistryView[] }>(developer, 'GET', `/organizations/${org}/registries`),
    ).items[0];
    expect(split).toEqual({
      registryId: ours?.uuid,
      host: secureRegistry.host,
      subPath: 'team/tools',
      image: 'busy',
      tag: '2024.2',
    });
    const unknown = expectOk(
      await manage<Record<string, unknown>>(
        developer,
        'GET',
        `/providers/${cluster}/split/repositories?image=${encodeURIComponent('quay.io/org/app:1')}`,
      ),
    );
    expect(unknown.registryId).toBeNull();
    const hubImage = expectOk(
      await manage<Record<string, unknown>>(
        developer,
        'GET',
        `/providers/${cluster}/split/repositories?image=nginx`,
      ),
    );
    expect(hubImage).toMatchObject({
      registryId: '9999',
      host: 'docker.io',
      subPath: 'library',
      image: 'nginx',
      tag: 'latest',
    });
  });

  it('keeps other organizations out, and members from writing', async () => {
    const ours = expectOk(
      await manage<{ items: RegistryView[] }>(root, 'GET', `/organizations/${org}/registries`),
    ).items[0];
    const read = await manage(stranger, 'GET', `/registries/${ours?.uuid}/repositories`);
    expect(read.body.code).toBe(1004);
    const list = await manage(stranger, 'GET', `/organizations/${org}/registries`);
    expect(list.body.code).toBe(9997);
    const write = await manage(
      developer,
      'POST',
      '/registries',
      configuration({ name: `${registry}-x` }),
    );
    expect(write.body.code).toBe(9997);
    const otherOrgs = await manage(root, 'DELETE', '/registries', {
      organizationId: otherOrg,
      name: registry,
    });
    expect(otherOrgs.body.code).toBe(1004);
  });

  it("a Registry written with kubectl cannot borrow another registry's Secret", async () => {
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Registry',
        metadata: { name: `${registry}-gitops` },
        spec: {
          kind: 'Distribution',
          host: secureRegistry.host,
          organization: otherOrg,
          credentialsSecretRef: {
            name: `nimbus-registry-${registry}-credentials`,
            namespace: 'nimbus-system',
          },
        },
      },
    ]);
    const theirs = hub([
      'get',
      'registries.nimbus.io',
      `${registry}-gitops`,
      '-o',
      'jsonpath={.metadata.uid}',
    ]).stdout.trim();
    const stolen = await manage(root, 'GET', `/registries/${theirs}/repositories`);
    // Without the other registry's credentials the private registry refuses (or the CA is unknown).
    expect([2003, 2004]).toContain(stolen.body.code);
  });

  it('a pull secret for the registry lets a pod spec name the private image', async () => {
    // Created in the member as the user, through the namespace's registry-secret form.
    const ns = 'default';
    const where = { vendor: 'ProviderKubeconfig', region: 'local', cluster };
    const secretName = `pull-${suffix}`;
    expectOk(
      await api('POST', 'k8s', `/namespaces/${ns}/registry/secrets`, {
        token: root.token,
        body: {
          ...where,
          name: secretName,
          server: secureRegistry.host,
          username: secureRegistry.username,
          password: secureRegistry.password,
        },
      }),
    );
    const pod = `private-${suffix}`;
    const kubectl = (args: string[]) => onMember('member-a', args);
    const applied = kubectl([
      'run',
      pod,
      '-n',
      ns,
      `--image=${secureRegistry.host}/library/hello:1.0`,
      `--overrides=${JSON.stringify({ spec: { imagePullSecrets: [{ name: secretName }] } })}`,
    ]);
    expect(applied.status).toBe(0);
    const got = kubectl([
      'get',
      'pod',
      pod,
      '-n',
      ns,
      '-o',
      'jsonpath={.spec.imagePullSecrets[0].name} {.spec.containers[0].image}',
    ]);
    expect(got.stdout).toBe(`${secretName} ${secureRegistry.host}/library/hello:1.0`);
    const secret = kubectl(['get', 'secret', secretName, '-n', ns, '-o', 'jsonpath={.type}']);
    expect(secret.stdout).toBe('kubernetes.io/dockerconfigjson');
    kubectl(['delete', 'pod', pod, '-n', ns, '--wait=false']);
    kubectl(['delete', 'secret', secretName, '-n', ns]);
  });

  it('deletes the registry and its Secret', async () => {
    expectOk(await manage(root, 'DELETE', '/registries', { organizationId: org, name: registry }));
    const left = hub([
      'get',
      'secret',
      '-n',
      'nimbus-system',
      `nimbus-registry-${registry}-credentials`,
      '--ignore-not-found',
      '-o',
      'name',
    ]);
    expect(left.stdout.trim()).toBe('');
  });
});
