import type { SecretInput } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import { alreadyExists } from '../core/problems.js';
import type { KubeObject } from '../index/trim.js';
import {
  pullSecretRegistryLabel,
  writePullSecret,
  type SecretWrites,
} from './pull-secret-reuse.js';

const registryId = '0b6f4c1e-1111-4a2b-9c3d-5e6f7a8b9c0d';
const secret = (auth: string): SecretInput => ({
  metadata: { name: 'nimbus-registry-private', labels: { team: 'a' } },
  type: 'kubernetes.io/dockerconfigjson',
  data: { '.dockerconfigjson': auth },
});

/** One namespace's secrets in memory, answering as the member would (409 for a taken name). */
function namespaceWith(existing?: KubeObject) {
  const stored = new Map<string, KubeObject>();
  if (existing?.metadata?.name) stored.set(existing.metadata.name, existing);
  const calls: string[] = [];
  const asObject = (input: SecretInput): KubeObject =>
    ({ apiVersion: 'v1', kind: 'Secret', ...input }) as KubeObject;
  const writes: SecretWrites = {
    create: (input) => {
      calls.push('create');
      if (stored.has(input.metadata.name)) throw alreadyExists(input.metadata.name);
      stored.set(input.metadata.name, asObject(input));
      return Promise.resolve(asObject(input));
    },
    read: (name) => {
      calls.push('read');
      const found = stored.get(name);
      return found ? Promise.resolve(found) : Promise.reject(new ApiError(errors.notFound));
    },
    replace: (input) => {
      calls.push('replace');
      stored.set(input.metadata.name, asObject(input));
      return Promise.resolve(asObject(input));
    },
  };
  return { writes, stored, calls };
}

const labelsOf = (object: KubeObject | undefined) => object?.metadata?.labels ?? {};

describe('writePullSecret', () => {
  it('creates the secret marked with its registry, keeping the caller labels', async () => {
    const { writes, stored, calls } = namespaceWith();
    await writePullSecret(writes, secret('new'), registryId);
    expect(calls).toEqual(['create']);
    expect(labelsOf(stored.get('nimbus-registry-private'))).toEqual({
      team: 'a',
      [pullSecretRegistryLabel]: registryId,
    });
  });

  it("refreshes Nimbus's own secret of the same registry instead of failing", async () => {
    const ours = {
      metadata: {
        name: 'nimbus-registry-private',
        labels: { [pullSecretRegistryLabel]: registryId },
      },
      type: 'kubernetes.io/dockerconfigjson',
      data: { '.dockerconfigjson': 'old' },
    } as KubeObject;
    const { writes, stored, calls } = namespaceWith(ours);
    await writePullSecret(writes, secret('fresh'), registryId);
    expect(calls).toEqual(['create', 'read', 'replace']);
    expect((stored.get('nimbus-registry-private') as { data?: object }).data).toEqual({
      '.dockerconfigjson': 'fresh',
    });
  });

  it.each([
    ['made by hand', {}],
    ["Nimbus's for another registry", { [pullSecretRegistryLabel]: 'another-registry' }],
  ])('leaves a secret %s untouched and answers a conflict', async (_what, labels) => {
    const theirs = {
      metadata: { name: 'nimbus-registry-private', labels },
      type: 'kubernetes.io/dockerconfigjson',
      data: { '.dockerconfigjson': 'theirs' },
    } as KubeObject;
    const { writes, stored, calls } = namespaceWith(theirs);
    const refused = writePullSecret(writes, secret('fresh'), registryId);
    await expect(refused).rejects.toThrow(/not Nimbus's pull secret for this registry/);
    await expect(refused).rejects.toMatchObject({ entry: { code: errors.conflict.code } });
    expect(calls).toEqual(['create', 'read']);
    expect(stored.get('nimbus-registry-private')).toBe(theirs);
  });

  it('does not take an opaque secret carrying the mark for its own', async () => {
    const opaque = {
      metadata: {
        name: 'nimbus-registry-private',
        labels: { [pullSecretRegistryLabel]: registryId },
      },
      type: 'Opaque',
      data: { token: 'x' },
    } as KubeObject;
    const { writes, calls } = namespaceWith(opaque);
    await expect(writePullSecret(writes, secret('fresh'), registryId)).rejects.toThrow(/untouched/);
    expect(calls).not.toContain('replace');
  });

  it('passes on any other refusal of the create', async () => {
    const writes: SecretWrites = {
      create: () => Promise.reject(new ApiError(errors.noPermission)),
      read: () => Promise.reject(new Error('not read')),
      replace: () => Promise.reject(new Error('not replaced')),
    };
    await expect(writePullSecret(writes, secret('x'), registryId)).rejects.toMatchObject({
      entry: { code: errors.noPermission.code },
    });
  });
});
