// GitOps without drift (issue 13): the samples and a directory of IAM manifests applied with
// server-side apply, as Argo CD and Flux do; the operator settles and makes the decisions that
// used to land in the authors' spec (credentials Secret, MFA bound, invitations); afterwards
// `kubectl diff` shows nothing and a second apply writes nothing.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubObject } from '../support/iam.js';
import {
  conditionsOf,
  eventually,
  expectOk,
  hub,
  hubJson,
  namespace,
  passwordSet,
  signIn,
} from '../support/iam.js';
import { secretFromOtpauthUrl, totp } from '../support/totp.js';

const samples = fileURLToPath(new URL('../../config/samples/', import.meta.url));
const manifests = fileURLToPath(new URL('./gitops-manifests/', import.meta.url));
const sources = ['-f', samples, '-f', manifests];
const pipeline = ['--server-side', '--field-manager=gitops-pipeline'];

const iamObjects = [
  ['organizations.nimbus.io', 'acme'],
  ['organizations.nimbus.io', 'drift-corp'],
  ['roles.nimbus.io', 'acme-deployer'],
  ['roles.nimbus.io', 'drift-viewer'],
  ['users.nimbus.io', 'jane.doe'],
  ['users.nimbus.io', 'drift.alice'],
  ['users.nimbus.io', 'drift.bob'],
  ['usergroups.nimbus.io', 'acme-developers'],
  ['usergroups.nimbus.io', 'drift-team'],
] as const;

interface UserStatus {
  mfaEnabled?: boolean;
  credentialsSecretRef?: { name: string; namespace: string };
}
interface OrganizationStatus {
  invitations?: Array<{ codeHash: string; inviter: string }>;
}

type Listed = { items: HubObject[] };

function resourceVersions(): Record<string, string> {
  const listed = hubJson<Listed>(['get', ...sources]);
  return Object.fromEntries(
    listed.items.map((o) => [
      `${(o as { kind?: string }).kind}/${o.metadata.name}`,
      (o.metadata as { resourceVersion?: string }).resourceVersion ?? '',
    ]),
  );
}

/** A name of an earlier run still being deleted would make the apply fail or race. */
async function waitUntilGone(resource: string, name: string): Promise<void> {
  const gone = await eventually(
    () => hub(['get', resource, name, '--ignore-not-found', '-o', 'name']).stdout.trim(),
    (out) => out === '',
    90_000,
  );
  expect(gone, `${resource}/${name} from an earlier run is still there`).toBe('');
}

beforeAll(async () => {
  for (const [resource, name] of iamObjects) {
    const existing = hub(['get', resource, name, '--ignore-not-found', '-o', 'json']).stdout;
    if (existing.includes('"deletionTimestamp"')) await waitUntilGone(resource, name);
  }
});

afterAll(() => {
  hub(['delete', ...sources, '--ignore-not-found', '--wait=false']);
});

describe('GitOps without drift', () => {
  it('applies, settles, and then kubectl diff and a second apply change nothing', async () => {
    const applied = hub(['apply', ...pipeline, ...sources]);
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    for (const [resource, name] of iamObjects) {
      const conditions = await conditionsOf(resource, name, (c) => c.Ready?.status === 'True');
      expect(conditions.Ready, `${resource}/${name}`).toMatchObject({ status: 'True' });
    }

    // What the operator decides, now that the objects are Ready: a password, a bound MFA
    // device and an invitation. Each used to be written into the spec Git owns.
    await passwordSet('drift.alice');
    const alice = await signIn('drift.alice', 'drift-alice-1');
    const enrolment = expectOk(
      await alice.call<{ otpauthUrl: string }>('PUT', '/users/drift.alice/mfa', {
        action: 'generate',
      }),
    );
    const code = totp(secretFromOtpauthUrl(enrolment.otpauthUrl));
    expectOk(await alice.call('PUT', '/users/drift.alice/mfa', { action: 'bind', code }));
    const org = hubJson<HubObject>(['get', 'organizations.nimbus.io', 'drift-corp']);
    expectOk(await alice.call('GET', `/join/organizations/${org.metadata.uid}`));

    // …which status reports instead.
    const user = await eventually(
      () => hubJson<HubObject & { status?: UserStatus }>(['get', 'users.nimbus.io', 'drift.alice']),
      (u) => u.status?.mfaEnabled === true && u.status.credentialsSecretRef !== undefined,
    );
    expect(user.status).toMatchObject({
      mfaEnabled: true,
      credentialsSecretRef: { name: 'user-drift.alice', namespace },
    });
    expect(user.spec).not.toHaveProperty('credentialsSecretRef');
    const invited = hubJson<HubObject & { status?: OrganizationStatus }>([
      'get',
      'organizations.nimbus.io',
      'drift-corp',
    ]);
    expect(invited.status?.invitations).toEqual([
      expect.objectContaining({ inviter: 'drift.alice' }),
    ]);
    expect(invited.spec).not.toHaveProperty('invitations');
    expect(
      (await alice.call<{ mfaEnableFlag: boolean }>('GET', '/users/drift.alice')).body,
    ).toMatchObject({ code: 0, data: { mfaEnableFlag: true } });

    // Settled: the pipeline's next sync finds nothing to change.
    const diff = await eventually(
      () => hub(['diff', ...pipeline, ...sources]),
      (result) => result.status === 0,
    );
    expect(diff.stdout).toBe('');
    expect(diff.status).toBe(0);
    const before = resourceVersions();
    const again = hub(['apply', ...pipeline, ...sources]);
    expect(again.status).toBe(0);
    expect(resourceVersions()).toEqual(before);
  });

  it('prints Ready on IAM kinds and keeps runtime state out of kubectl get nimbus', () => {
    const users = hub(['get', 'users.nimbus.io', 'drift.alice', '-o', 'wide']).stdout;
    expect(users.split('\n')[0]).toMatch(/READY\s+REASON\s+MFA/);
    expect(users).toMatch(
      /drift\.alice\s+alice@drift\.example\.com\s+false\s+True\s+PasswordSet\s+true/,
    );
    const admin = hub(['get', 'nimbus', '-o', 'name']).stdout;
    expect(admin).toContain('organization.nimbus.io/drift-corp');
    expect(admin).not.toMatch(/^session\.nimbus\.io\//m);
    const runtime = hub(['get', 'nimbus-runtime', '-o', 'name']);
    expect(runtime.status).toBe(0);
    expect(runtime.stdout).toMatch(/^session\.nimbus\.io\//m);
  });

  it('refuses the older lowercase effect in new manifests with a clear sentence', () => {
    const refused = hub(
      ['apply', '--dry-run=server', '-f', '-'],
      JSON.stringify({
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Role',
        metadata: { name: 'drift-lowercase' },
        spec: { organization: 'drift-corp', permissions: [{ name: 'pod:logs', effect: 'allow' }] },
      }),
    );
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('supported values: "Allow", "Deny"');
  });
});
