// Replicas starting together against the test bed's real hub API server: both read "absent",
// both create, the API server lets one win and the other reads the winner's value. A barrier
// holds each replica after its first read until both have read, so the race happens every run.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretStore } from '../hub/secrets.js';
import { createSecretStore } from '../hub/secrets.js';
import { captureLogs } from '../testing/logs.js';
import { claimInitialAdminPassword } from './initial-admin.js';
import { ensureSessionKeySecret } from './session-key.js';

const hubKubeconfig = fileURLToPath(
  new URL('../../../.cache/testbed/nimbus-hub.kubeconfig', import.meta.url),
);
const namespace = `nimbus-key-race-${randomBytes(4).toString('hex')}`;
let kubeConfig: KubeConfig;

beforeAll(async () => {
  if (!existsSync(hubKubeconfig))
    throw new Error('the test bed is not up: run `make testbed-up` first');
  kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(hubKubeconfig);
  await kubeConfig
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name: namespace } } });
});

afterAll(async () => {
  await kubeConfig?.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

/** Resolves for everyone once `parties` callers have arrived. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const open = new Promise<void>((resolve) => (release = resolve));
  return () => {
    if (++arrived >= parties) release();
    return open;
  };
}

/** A replica's own connection to the hub, held after its first read until the other has read. */
function replica(arrive: () => Promise<void>): SecretStore & { creates: number } {
  const store = createSecretStore(kubeConfig, namespace);
  let firstRead = true;
  const counted = {
    ...store,
    creates: 0,
    async get(name: string) {
      const value = await store.get(name);
      if (firstRead) {
        firstRead = false;
        await arrive();
      }
      return value;
    },
    async create(...args: Parameters<SecretStore['create']>) {
      counted.creates++;
      return store.create(...args);
    },
  };
  return counted;
}

describe('two replicas starting together', () => {
  it('end up with one session key Secret and the same key', async () => {
    const arrive = barrier(2);
    const [first, second] = [replica(arrive), replica(arrive)];
    const logs = captureLogs();
    const source = { name: 'nimbus-session-key', key: 'signing-key' };
    const keys = await Promise.all([
      ensureSessionKeySecret(first, source, logs.logger),
      ensureSessionKeySecret(second, source, logs.logger),
    ]);
    expect(first.creates + second.creates).toBe(2);
    expect(keys[0].equals(keys[1])).toBe(true);
    const stored = await createSecretStore(kubeConfig, namespace).get('nimbus-session-key');
    expect(stored?.data['signing-key']).toBe(keys[0].toString());
    expect(stored?.labels).toMatchObject({ 'nimbus.io/purpose': 'session-key' });
    expect(logs.text()).toContain('the Secret another replica created');
    expect(logs.text()).not.toContain(keys[0].toString());
  });

  it('share one generated admin password', async () => {
    const arrive = barrier(2);
    let generated = 0;
    const generate = () => `generated${String(++generated)}password`;
    const passwords = await Promise.all([
      claimInitialAdminPassword(replica(arrive), 'nimbus-initial-admin', generate),
      claimInitialAdminPassword(replica(arrive), 'nimbus-initial-admin', generate),
    ]);
    expect(generated).toBe(2);
    expect(passwords[0]).toBe(passwords[1]);
    const stored = await createSecretStore(kubeConfig, namespace).get('nimbus-initial-admin');
    expect(stored?.data).toEqual({ username: 'admin', password: passwords[0] });
  });
});
