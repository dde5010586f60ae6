import type { RegistryView } from '@nimbus/api';
import { describe, expect, it, vi } from 'vitest';
import { applicationBody, type ContainerValues } from './applicationValues';
import {
  createWithPullSecrets,
  PullSecretFailed,
  pullSecretName,
  pullSecretNeeds,
  type ApplicationCalls,
} from './pullSecrets';

const registry = (uuid: string, name: string, credentialsSet = true): RegistryView => ({
  uuid,
  name,
  host: `${name}.example.com`,
  kind: uuid === '9999' ? 'DockerHub' : 'Distribution',
  organizationId: 'org-uid',
  organization: 'shop',
  plainHttp: false,
  credentialsSet,
  ready: true,
  createdAt: '2026-01-01T00:00:00Z',
});

const registries = [
  registry('9999', 'dockerhub'),
  registry('uid-private', 'private'),
  registry('uid-team', 'Team.Registry'),
  registry('uid-open', 'open', false),
];

const container = (name: string, registryId?: string): ContainerValues => ({
  name,
  image: `registry.example.com/${name}:1`,
  ...(registryId ? { registryId } : {}),
});

function calls(refusal?: unknown) {
  return {
    registries: vi.fn<ApplicationCalls['registries']>(() => Promise.resolve(registries)),
    createPullSecret: vi.fn<ApplicationCalls['createPullSecret']>(() =>
      refusal === undefined ? Promise.resolve({}) : Promise.reject(refusal),
    ),
    createApplication: vi.fn<ApplicationCalls['createApplication']>(() => Promise.resolve({})),
  };
}

const bodyOf = (containers: ContainerValues[]) =>
  applicationBody({ kind: 'Deployment', name: 'shop' }, containers, undefined);

describe('pullSecretName', () => {
  it('is a DNS label of the registry name, the same every time', () => {
    expect(pullSecretName('private')).toBe('nimbus-registry-private');
    expect(pullSecretName('Team.Registry')).toBe('nimbus-registry-team-registry');
    const long = pullSecretName(`${'a'.repeat(46)}-${'b'.repeat(20)}`);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  });
});

describe('pullSecretNeeds', () => {
  it('needs one secret per registry with a stored login; none for Docker Hub or unknown images', () => {
    const needs = pullSecretNeeds(
      [
        container('web', 'uid-private'),
        container('worker', 'uid-private'),
        container('hub', '9999'),
        container('typed'),
        container('open', 'uid-open'),
        container('gone', 'uid-deleted'),
        container('team', 'uid-team'),
      ],
      registries,
    );
    expect(needs).toEqual([
      { registryId: 'uid-private', registryName: 'private', secretName: 'nimbus-registry-private' },
      {
        registryId: 'uid-team',
        registryName: 'Team.Registry',
        secretName: 'nimbus-registry-team-registry',
      },
    ]);
  });
});

describe('createWithPullSecrets', () => {
  it('writes each registry secret once, then creates the application naming them', async () => {
    const containers = [
      container('web', 'uid-private'),
      container('worker', 'uid-private'),
      container('hub', '9999'),
      container('team', 'uid-team'),
    ];
    const made = calls();
    const sent = await createWithPullSecrets(bodyOf(containers), containers, made);
    expect(made.createPullSecret.mock.calls.map(([need]) => need.secretName)).toEqual([
      'nimbus-registry-private',
      'nimbus-registry-team-registry',
    ]);
    expect(made.createPullSecret.mock.calls.map(([need]) => need.registryId)).toEqual([
      'uid-private',
      'uid-team',
    ]);
    expect(sent.imagePullSecrets).toEqual([
      'nimbus-registry-private',
      'nimbus-registry-team-registry',
    ]);
    expect(made.createApplication).toHaveBeenCalledExactlyOnceWith(sent);
    expect(made.createPullSecret.mock.invocationCallOrder.at(-1)).toBeLessThan(
      made.createApplication.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('asks for no registry and writes no secret for Docker Hub and typed images of no registry', async () => {
    const containers = [container('hub', '9999'), container('typed')];
    const made = calls();
    const sent = await createWithPullSecrets(bodyOf(containers), containers, made);
    expect(made.registries).not.toHaveBeenCalled();
    expect(made.createPullSecret).not.toHaveBeenCalled();
    expect(sent).not.toHaveProperty('imagePullSecrets');
    expect(made.createApplication).toHaveBeenCalledExactlyOnceWith(bodyOf(containers));
  });

  it('creates no workload when a secret is refused, and says which registry it was', async () => {
    const containers = [container('web', 'uid-private')];
    const refusal = { status: 409, data: { code: 1005, message: 'left untouched' } };
    const made = calls(refusal);
    const failed = createWithPullSecrets(bodyOf(containers), containers, made);
    await expect(failed).rejects.toBeInstanceOf(PullSecretFailed);
    await expect(failed).rejects.toMatchObject({
      need: { registryName: 'private', secretName: 'nimbus-registry-private' },
      reason: refusal,
    });
    expect(made.createApplication).not.toHaveBeenCalled();
  });
});
