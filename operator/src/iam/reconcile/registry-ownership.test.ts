import { afterEach, describe, expect, it } from 'vitest';
import type { TestController } from '../../testing/controllers.js';
import { startTestController } from '../../testing/controllers.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { organizationLabel, organizationUidLabel } from '../org-scope.js';
import { registryOwnershipController } from './registry-ownership.js';

let controller: TestController | undefined;
afterEach(() => controller?.stop());

describe('registry ownership', () => {
  it('reports a registry of an earlier organization of the same name as belonging to nobody', async () => {
    const store = createMemoryStore();
    const acme = await store.organizations.create({
      metadata: { name: 'acme' },
      spec: { cnName: 'acme', contact: 'Jane', email: 'ops@acme.example' },
    });
    const registry = (name: string, labels: Record<string, string>) =>
      store.registries.create({
        metadata: { name, labels },
        spec: { kind: 'Harbor', host: 'harbor.example', organization: 'acme' },
      });
    await registry('current', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: acme.metadata.uid,
    });
    await registry('inherited', { [organizationUidLabel]: 'uid-of-an-earlier-acme' });
    controller = startTestController(registryOwnershipController(store));
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
});
