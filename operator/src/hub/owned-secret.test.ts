import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import { writeOwnedSecret } from './owned-secret.js';
import type { SecretWrite } from './secrets.js';

/** A Secret store that records writes; `taken` names already exist, `failure` fails every create. */
function recordingSecrets(taken: string[] = [], failure?: Error) {
  const calls: { call: 'create' | 'replace'; write: SecretWrite }[] = [];
  const value = (write: SecretWrite) => ({
    name: write.name,
    resourceVersion: '1',
    labels: write.labels ?? {},
    data: write.data,
  });
  return {
    calls,
    async create(write: SecretWrite) {
      calls.push({ call: 'create', write });
      if (failure) throw failure;
      if (taken.includes(write.name)) throw new ApiError(errors.conflict);
      return value(write);
    },
    async replace(write: SecretWrite) {
      calls.push({ call: 'replace', write });
      return value(write);
    },
  };
}

const owner = {
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'Registry',
  metadata: { name: 'harbor', uid: 'uid-1' },
};
const secret = { name: 'registry-harbor', data: { credentials: '{}' }, labels: { a: 'b' } };

describe('writeOwnedSecret', () => {
  it('creates the Secret owned by the resource, so it goes when the resource goes', async () => {
    const secrets = recordingSecrets();
    await writeOwnedSecret(secrets, owner, secret);
    expect(secrets.calls).toEqual([
      {
        call: 'create',
        write: {
          ...secret,
          owner: {
            apiVersion: 'nimbus.io/v1alpha1',
            kind: 'Registry',
            name: 'harbor',
            uid: 'uid-1',
            blockOwnerDeletion: false,
          },
        },
      },
    ]);
  });

  it('replaces a Secret of that name left over, whole and with the new owner', async () => {
    const secrets = recordingSecrets(['registry-harbor']);
    await writeOwnedSecret(secrets, owner, secret);
    expect(secrets.calls.map((c) => c.call)).toEqual(['create', 'replace']);
    expect(secrets.calls[1]?.write).toEqual(secrets.calls[0]?.write);
    expect(secrets.calls[1]?.write.resourceVersion).toBeUndefined();
  });

  it('passes on any other failure without writing', async () => {
    const secrets = recordingSecrets([], new ApiError(errors.hubUnavailable));
    await expect(writeOwnedSecret(secrets, owner, secret)).rejects.toMatchObject({
      entry: errors.hubUnavailable,
    });
    expect(secrets.calls.map((c) => c.call)).toEqual(['create']);
  });
});
