import { afterEach, describe, expect, it } from 'vitest';
import { registryAddress } from '@nimbus/api/shared';
import { boundTo } from '../credentials/credential-address.js';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { organizationLabel, organizationUidLabel } from '../access/org-scope.js';
import { registryChangeDelayMs, registryController } from './registry-controller.js';
import { registryLabel, registrySecretName } from './registry-store.js';

let controller: TestController | undefined;
afterEach(() => controller?.stop());

async function acmeStore() {
  const store = createMemoryStore();
  const acme = await store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'Jane', email: 'ops@acme.example' },
  });
  const owned = { [organizationLabel]: 'acme', [organizationUidLabel]: acme.metadata.uid };
  return { store, owned };
}

describe('registry controller', () => {
  it('reports a registry of an earlier organization of the same name as belonging to nobody', async () => {
    const { store, owned } = await acmeStore();
    const registry = (name: string, labels: Record<string, string>) =>
      store.registries.create({
        metadata: { name, labels },
        spec: { kind: 'Harbor', host: 'harbor.example', organization: 'acme' },
      });
    await registry('current', owned);
    await registry('inherited', { [organizationUidLabel]: 'uid-of-an-earlier-acme' });
    controller = startTestController(registryController(store));
    await controller.settled();

    const condition = (name: string) =>
      store.registries.get(name)?.status?.conditions?.find((c) => c.type === 'Organization');
    expect(condition('current')).toMatchObject({ status: 'True', reason: 'Owned' });
    expect(condition('inherited')).toMatchObject({
      status: 'False',
      reason: 'OrganizationReplaced',
    });
    expect(controller.events.about('current')).toEqual([]);
    expect(controller.events.about('inherited')).toMatchObject([
      { type: 'Warning', reason: 'OrganizationReplaced', regarding: { kind: 'Registry' } },
    ]);
  });

  it('binds an unrecorded login to the host, and reports it unused once the host moves', async () => {
    const { store, owned } = await acmeStore();
    const secretName = registrySecretName('harbor');
    const spec = {
      kind: 'Harbor' as const,
      organization: 'acme',
      credentialsSecretRef: { name: secretName, namespace: store.namespace },
    };
    const created = await store.registries.create({
      metadata: { name: 'harbor', labels: owned },
      spec: { ...spec, host: 'harbor.example' },
    });
    // Written by hand (or before addresses were recorded): no address beside the login.
    await store.secrets.create({
      name: secretName,
      data: { credentials: JSON.stringify({ username: 'u', password: 'p' }) },
      labels: { [registryLabel]: created.metadata.name },
    });
    controller = startTestController(registryController(store));
    await controller.settled();
    const credentials = () =>
      store.registries.get('harbor')?.status?.conditions?.find((c) => c.type === 'Credentials');
    expect(credentials()).toMatchObject({ status: 'True', reason: 'AddressMatches' });
    expect((await store.secrets.get(secretName))?.data).toEqual(
      boundTo(
        { credentials: JSON.stringify({ username: 'u', password: 'p' }) },
        registryAddress({ host: 'harbor.example' }),
      ),
    );

    await store.registries.apply({
      metadata: { name: 'harbor', labels: owned },
      spec: { ...spec, host: 'elsewhere.example' },
    });
    await controller.clock.run(registryChangeDelayMs);
    await controller.settled();
    expect(credentials()).toMatchObject({ status: 'False', reason: 'AddressChanged' });
    expect(credentials()?.message).toContain('host changed');
    expect(controller.events.about('harbor')).toMatchObject([
      { type: 'Warning', reason: 'CredentialsNotUsed' },
    ]);
  });
});
