import { afterEach, describe, expect, it } from 'vitest';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { seedOrganizations } from '../testing/org-fixtures.js';
import { dashboardController } from './controller.js';

let controller: TestController | undefined;
afterEach(() => controller?.stop());

async function hubWithTwoOrganizations(): Promise<MemoryHubStore> {
  const store = createMemoryStore();
  await seedOrganizations(store, { acme: ['acme-prod'], globex: ['globex-prod'] });
  for (const name of ['acme', 'globex']) {
    await store.dashboardCategories.create({
      metadata: { name: `${name}-infra` },
      spec: { organization: name },
    });
  }
  return store;
}

const conditionOf = (store: MemoryHubStore, name: string, type: string) =>
  store.dashboards.get(name)?.status?.conditions?.find((c) => c.type === type);

describe('dashboard controller', () => {
  it('marks a kubectl-written dashboard naming a cluster of another organization not valid', async () => {
    const store = await hubWithTwoOrganizations();
    const dashboard = (name: string, cluster: string, category = 'acme-infra') =>
      store.dashboards.create({
        metadata: { name },
        spec: { organization: 'acme', category, cluster, panels: [] },
      });
    await dashboard('own', 'acme-prod');
    await dashboard('foreign', 'globex-prod');
    await dashboard('crossed', 'acme-prod', 'globex-infra');
    controller = startTestController(dashboardController(store));
    await controller.settled();

    expect(conditionOf(store, 'own', 'Ready')).toMatchObject({ status: 'True' });
    expect(conditionOf(store, 'foreign', 'Valid')).toMatchObject({
      status: 'False',
      reason: 'ClusterOutsideOrganization',
    });
    expect(conditionOf(store, 'foreign', 'Ready')?.message).toContain(
      'cluster globex-prod belongs to organization globex, not to acme',
    );
    expect(conditionOf(store, 'crossed', 'Valid')).toMatchObject({
      reason: 'CategoryOutsideOrganization',
    });
    expect(controller.events.about('foreign')).toMatchObject([
      { type: 'Warning', reason: 'ClusterOutsideOrganization', regarding: { kind: 'Dashboard' } },
    ]);
    expect(
      store.dashboardCategories
        .get('acme-infra')
        ?.status?.conditions?.find((c) => c.type === 'Ready'),
    ).toMatchObject({ status: 'True' });
  });

  it('re-validates a dashboard when its cluster moves to its organization', async () => {
    const store = await hubWithTwoOrganizations();
    await store.dashboards.create({
      metadata: { name: 'later' },
      spec: { organization: 'acme', category: 'acme-infra', cluster: 'globex-prod', panels: [] },
    });
    controller = startTestController(dashboardController(store));
    await controller.settled();
    expect(conditionOf(store, 'later', 'Valid')).toMatchObject({ status: 'False' });

    await store.clusters.patch('globex-prod', () => ({
      labels: { 'nimbus.io/organization': 'acme' },
    }));
    await controller.settled();
    expect(conditionOf(store, 'later', 'Valid')).toMatchObject({ status: 'True' });
  });
});
