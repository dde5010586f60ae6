// Pull secrets by registryId: the operator writes a stored registry's login into a namespace of a
// member as the calling user (impersonated), and a pod spec names the private image with it.
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { secureRegistry } from '../support/registries.js';

const suffix = `pull${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const otherOrg = `other-${suffix}`;
const cluster = `member-a-${suffix}`;
const registry = `private-${suffix}`;
const foreignRegistry = `foreign-${suffix}`;
const developerName = `dev-${suffix}`;
const readerName = `reader-${suffix}`;
const ns = 'default';
const where = { vendor: 'ProviderKubeconfig', region: 'local', cluster };
const kubectl = (args: string[]) => onMember('member-a', args);

let root: Session;
let developer: Session;
let reader: Session;
let registryId = '';
let foreignRegistryId = '';

const pullSecret = (session: Session, body: Record<string, unknown>) =>
  api<{ metadata: { name: string }; type: string; keys: string[] }>(
    'POST',
    'k8s',
    `/namespaces/${ns}/registry/pull-secrets`,
    { token: session.token, body: { ...where, ...body } },
  );

async function addRegistry(name: string, organizationId: string): Promise<string> {
  const view = expectOk(
    await api<{ uuid: string }>('POST', 'manage', '/registries', {
      token: root.token,
      body: {
        name,
        organizationId,
        kind: 'Distribution',
        host: secureRegistry.host,
        credentials: {
          username: secureRegistry.username,
          password: secureRegistry.password,
          caCertificate: secureRegistry.caCertificate,
        },
      },
    }),
  );
  return view.uuid;
}

/** GET /v2/ on the secure registry with a docker config's auth: the status it answers. */
function registryStatus(auth: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const [hostname, port] = secureRegistry.host.split(':');
    const req = request(
      {
        hostname,
        port,
        path: '/v2/',
        ca: secureRegistry.caCertificate,
        headers: { authorization: `Basic ${auth}` },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  for (const name of [org, otherOrg]) {
    expectOk(
      await root.call('POST', '/organizations', {
        name,
        cnName: 'pull-secrets',
        contact: 'Ops',
        email: 'ops@pull.example',
      }),
    );
  }
  await registerMember(root, cluster, org, 'member-a');
  developer = await gitOpsUser(developerName, org, [
    { cluster, role: 'developer', effect: 'Allow' },
  ]);
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  registryId = await addRegistry(registry, org);
  foreignRegistryId = await addRegistry(foreignRegistry, otherOrg);
  await memberAllows('member-a', developerName, 'create', 'secrets');
  await memberAllows('member-a', readerName, 'get', 'pods');
}, 120_000);

afterAll(async () => {
  for (const name of [`pull-${suffix}`, `pull-ro-${suffix}`, `pull-hand-${suffix}`]) {
    kubectl(['delete', 'secret', name, '-n', ns, '--ignore-not-found']);
  }
  kubectl(['delete', 'pod', `private-${suffix}`, '-n', ns, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'registries.nimbus.io', registry, foreignRegistry, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(developerName);
  removeGitOpsUser(readerName);
  for (const name of [org, otherOrg]) {
    hub(['delete', 'organizations.nimbus.io', name, '--ignore-not-found', '--wait=false']);
  }
  removeGitOpsSystemAdmin(suffix);
});

describe('pull secrets from a stored registry', () => {
  it('writes the registry login as the user; a pod spec names the private image with it', async () => {
    const secretName = `pull-${suffix}`;
    const created = await pullSecret(developer, { name: secretName, registryId });
    expect(expectOk(created)).toMatchObject({
      metadata: { name: secretName },
      type: 'kubernetes.io/dockerconfigjson',
      keys: ['.dockerconfigjson'],
    });
    expect(created.text).not.toContain(secureRegistry.password);

    const stored = JSON.parse(
      kubectl(['get', 'secret', secretName, '-n', ns, '-o', 'json']).stdout,
    ) as { type: string; data: Record<string, string> };
    expect(stored.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(
      Buffer.from(stored.data['.dockerconfigjson'] ?? '', 'base64').toString('utf8'),
    ) as { auths: Record<string, { username: string; auth: string }> };
    const entry = config.auths[secureRegistry.host];
    expect(entry?.username).toBe(secureRegistry.username);
    // The login the secret carries is the one the registry accepts.
    expect(await registryStatus(entry?.auth ?? '')).toBe(200);
    expect(await registryStatus(Buffer.from('nimbus-puller:wrong').toString('base64'))).toBe(401);

    const pod = `private-${suffix}`;
    const image = `${secureRegistry.host}/library/hello:1.0`;
    const run = kubectl([
      'run',
      pod,
      '-n',
      ns,
      `--image=${image}`,
      `--overrides=${JSON.stringify({ spec: { imagePullSecrets: [{ name: secretName }] } })}`,
    ]);
    expect(run.status).toBe(0);
    const got = kubectl([
      'get',
      'pod',
      pod,
      '-n',
      ns,
      '-o',
      'jsonpath={.spec.imagePullSecrets[0].name} {.spec.containers[0].image}',
    ]);
    expect(got.stdout).toBe(`${secretName} ${image}`);
  });

  it('refreshes its own secret of the same registry; never overwrites a secret made by hand', async () => {
    const secretName = `pull-${suffix}`;
    const labelOf = () =>
      kubectl([
        'get',
        'secret',
        secretName,
        '-n',
        ns,
        '-o',
        'jsonpath={.metadata.labels.nimbus\\.io/pull-secret-registry}',
      ]).stdout;
    expect(labelOf()).toBe(registryId);
    await memberAllows('member-a', developerName, 'update', 'secrets');
    const again = await pullSecret(developer, { name: secretName, registryId });
    expect(expectOk(again)).toMatchObject({ metadata: { name: secretName } });
    expect(again.text).not.toContain(secureRegistry.password);
    expect(labelOf()).toBe(registryId);

    const handMade = `pull-hand-${suffix}`;
    const made = kubectl([
      'create',
      'secret',
      'docker-registry',
      handMade,
      '-n',
      ns,
      `--docker-server=${secureRegistry.host}`,
      '--docker-username=someone-else',
      '--docker-password=not-the-registry-login',
    ]);
    expect(made.status).toBe(0);
    const before = kubectl(['get', 'secret', handMade, '-n', ns, '-o', 'jsonpath={.data}']).stdout;
    const refused = await pullSecret(developer, { name: handMade, registryId });
    expect(refused.body.code).toBe(1005);
    expect(refused.text).toContain('left untouched');
    const after = kubectl(['get', 'secret', handMade, '-n', ns, '-o', 'jsonpath={.data}']).stdout;
    expect(after === before).toBe(true);
  });

  it('the member refuses a user whose role cannot create secrets', async () => {
    const refused = await pullSecret(reader, { name: `pull-ro-${suffix}`, registryId });
    // The member's own 403, for the impersonated user: the operator's rights were not used.
    expect(refused.body.code).toBe(9997);
    expect(refused.text).toMatch(/forbidden/i);
    expect(refused.text).toContain(readerName);
    const left = kubectl(['get', 'secret', `pull-ro-${suffix}`, '-n', ns, '--ignore-not-found']);
    expect(left.stdout.trim()).toBe('');
  });

  it("refuses another organization's registry and Docker Hub's catalogue", async () => {
    const foreign = await pullSecret(developer, {
      name: `pull-x-${suffix}`,
      registryId: foreignRegistryId,
    });
    expect(foreign.body.code).toBe(1004);
    const asAdmin = await pullSecret(root, {
      name: `pull-x-${suffix}`,
      registryId: foreignRegistryId,
    });
    expect(asAdmin.body.code).toBe(1000);
    expect(asAdmin.text).toContain('not a registry of the organization');
    const dockerHub = await pullSecret(developer, { name: `pull-x-${suffix}`, registryId: '9999' });
    expect(dockerHub.text).toContain('needs no pull secret');
    const left = kubectl(['get', 'secret', `pull-x-${suffix}`, '-n', ns, '--ignore-not-found']);
    expect(left.stdout.trim()).toBe('');
  });
});
