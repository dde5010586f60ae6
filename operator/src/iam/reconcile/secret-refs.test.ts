import { afterEach, describe, expect, it } from 'vitest';
import type { UserObject } from '../../hub/store.js';
import { readCredentials } from '../../identity/credentials.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import type { TestController } from '../../testing/controllers.js';
import { startTestController } from '../../testing/controllers.js';
import { iamController } from './controller.js';
import { ensureInitialPassword } from './initial-password.js';
import { credentialsRefProblem, initialPasswordRefProblem } from './secret-refs.js';

const sessionKeySecret = 'nimbus-session-key';
const initialAdminSecret = 'nimbus-initial-admin';
const operatorSecretNames = [sessionKeySecret, initialAdminSecret];
const hasher = { hash: (password: string) => Promise.resolve(`hashed:${password}`) };

/** A store whose Secret reads are recorded, with bob's credentials and the session key in it. */
async function seeded(): Promise<{ store: MemoryHubStore; reads: string[] }> {
  const store = createMemoryStore();
  const reads: string[] = [];
  const get = store.secrets.get.bind(store.secrets);
  store.secrets.get = (name) => {
    reads.push(name);
    return get(name);
  };
  await store.secrets.create({ name: 'user-bob', data: { passwordHash: 'bob-hash1' } });
  await store.secrets.create({ name: sessionKeySecret, data: { key: 'k3y-of-the-sessions' } });
  await store.secrets.create({ name: 'eve-pw', data: { password: 'eve-pass1' } });
  await store.clusters.create({
    metadata: { name: 'prod' },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'local',
      credentialsSecretRef: { name: 'prod-kubeconfig', namespace: store.namespace },
    },
  });
  reads.length = 0;
  return { store, reads };
}

async function eve(store: MemoryHubStore, spec: Partial<UserObject['spec']>): Promise<UserObject> {
  return store.users.create({
    metadata: { name: 'eve' },
    spec: { email: 'eve@example.com', ...spec },
  });
}

const ref = (name: string, key = 'password') => ({ initialPasswordSecretRef: { name, key } });

describe('spec.credentialsSecretRef', () => {
  it("may name only the user's own credentials Secret in the operator namespace", async () => {
    const { store } = await seeded();
    const own = await eve(store, {
      credentialsSecretRef: { name: 'user-eve', namespace: store.namespace },
    });
    expect(credentialsRefProblem(own, store.namespace)).toBeUndefined();
    const borrowed = {
      ...own,
      spec: { ...own.spec, credentialsSecretRef: { name: 'user-bob', namespace: store.namespace } },
    };
    expect(credentialsRefProblem(borrowed, store.namespace)?.reason).toBe(
      'CredentialsSecretNotAllowed',
    );
    const elsewhere = {
      ...own,
      spec: { ...own.spec, credentialsSecretRef: { name: 'user-eve', namespace: 'kube-system' } },
    };
    expect(credentialsRefProblem(elsewhere, store.namespace)?.reason).toBe(
      'CredentialsSecretNotAllowed',
    );
  });

  it("never makes another user's credentials the user's own", async () => {
    const { store, reads } = await seeded();
    const user = await eve(store, {
      credentialsSecretRef: { name: 'user-bob', namespace: store.namespace },
    });
    expect(await readCredentials(store, user)).toEqual({});
    expect(reads).toEqual(['user-eve']);
  });
});

describe('spec.initialPasswordSecretRef', () => {
  it.each([
    ['user-bob', "another user's credentials"],
    ['user-eve', 'its own credentials'],
    [sessionKeySecret, 'the session key'],
    [initialAdminSecret, 'the initial admin password'],
    ['prod-kubeconfig', "a cluster's credentials"],
    ['nimbus-cluster-next-credentials', "a future cluster's credentials"],
  ])('refuses %s (%s) without reading it', async (name) => {
    const { store, reads } = await seeded();
    const user = await eve(store, ref(name));
    expect(initialPasswordRefProblem(store, user, operatorSecretNames)?.reason).toBe(
      'PasswordSecretNotAllowed',
    );
    expect(await ensureInitialPassword(store, hasher, user, operatorSecretNames)).toMatchObject({
      ok: false,
      reason: 'PasswordSecretNotAllowed',
    });
    expect(reads).not.toContain(name);
    expect(await readCredentials(store, user)).toEqual({});
  });

  it("accepts a Secret of the author's own", async () => {
    const { store } = await seeded();
    const user = await eve(store, ref('eve-pw'));
    expect(initialPasswordRefProblem(store, user, operatorSecretNames)).toBeUndefined();
    expect(await ensureInitialPassword(store, hasher, user, operatorSecretNames)).toMatchObject({
      ok: true,
      reason: 'PasswordSet',
    });
    expect((await readCredentials(store, user)).passwordHash).toBe('hashed:eve-pass1');
  });
});

describe('the IAM controller', () => {
  let controller: TestController | undefined;
  afterEach(() => controller?.stop());

  it('reports a refused reference in Valid and Ready and sets no password', async () => {
    const { store, reads } = await seeded();
    await eve(store, {
      ...ref(sessionKeySecret, 'key'),
      credentialsSecretRef: { name: 'user-bob', namespace: store.namespace },
    });
    controller = startTestController(iamController({ store, hasher, operatorSecretNames }));
    await controller.settled();
    const conditions = store.users.get('eve')?.status?.conditions ?? [];
    expect(conditions.find((c) => c.type === 'Valid')).toMatchObject({
      status: 'False',
      reason: 'CredentialsSecretNotAllowed',
    });
    expect(conditions.find((c) => c.type === 'Ready')?.status).toBe('False');
    expect(reads).not.toContain(sessionKeySecret);
    expect(reads).not.toContain('user-bob');
    expect(controller.events.about('eve').map((e) => [e.type, e.reason])).toEqual([
      ['Warning', 'CredentialsSecretNotAllowed'],
    ]);
  });
});
