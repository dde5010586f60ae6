import type { CrdCluster } from '@nimbus/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, page } from '../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { LOCATION_CLUSTERS, LOCATIONS } from '../pages/namespaces/namespaceTestData';
import { LocationSelect, locationOptions } from './LocationSelect';
import { menuItem } from '../../tests/cascaderMenu';

const t = ((key: string) => key) as Parameters<typeof locationOptions>[1];

describe('locationOptions', () => {
  it('nests vendor, then region, then cluster and disables clusters not ready or denied', () => {
    const options = locationOptions(LOCATION_CLUSTERS as CrdCluster[], t);
    expect(options.map((vendor) => vendor.value)).toEqual(['ProviderAWS', 'ProviderKubeconfig']);
    const kubeconfig = options[1];
    expect(kubeconfig?.label).toBe('clusters.providers.ProviderKubeconfig');
    expect(kubeconfig?.children?.map((region) => region.value)).toEqual(['local']);
    const clusters = kubeconfig?.children?.[0]?.children ?? [];
    expect(clusters.map((cluster) => [cluster.value, Boolean(cluster.disabled)])).toEqual([
      ['member-a', false],
      ['member-denied', true],
      ['member-down', true],
    ]);
    expect(options[0]?.children?.[0]?.children?.map((cluster) => cluster.value)).toEqual([
      'member-b',
    ]);
  });
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(LOCATIONS, ok(page(LOCATION_CLUSTERS, 100)));
});
afterEach(() => server.close());

async function openLocation(user: UserEvent) {
  await waitFor(() => expect(server.requests).toHaveLength(1));
  await user.click(screen.getByRole('combobox', { name: 'Location' }));
}

it('offers clusters below vendor and region and reports the chosen location', async () => {
  const onChange = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<LocationSelect aria-label="Location" onChange={onChange} />, {
    apiOrigin: server.origin,
  });

  await openLocation(user);
  await user.click(await menuItem('Kubeconfig'));
  await user.click(await menuItem('local'));
  const down = await menuItem('member-down');
  expect(down.className).toContain('ant-cascader-menu-item-disabled');
  expect(down.textContent).toContain('not ready');
  const denied = await menuItem('member-denied');
  expect(denied.className).toContain('ant-cascader-menu-item-disabled');
  expect(denied.textContent).toContain('denied');

  await user.click(down);
  await user.click(denied);
  expect(onChange).not.toHaveBeenCalled();

  await user.click(await menuItem('member-a'));
  expect(onChange).toHaveBeenCalledWith({
    vendor: 'ProviderKubeconfig',
    region: 'local',
    cluster: 'member-a',
  });
  expect(server.requests.map((request) => request.path)).toEqual([LOCATIONS]);
});

it('shows the chosen location', async () => {
  renderWithProviders(
    <LocationSelect
      aria-label="Location"
      value={{ vendor: 'ProviderAWS', region: 'us-east-1', cluster: 'member-b' }}
    />,
    { apiOrigin: server.origin },
  );
  expect(await screen.findByText('Amazon EKS / us-east-1 / member-b')).toBeDefined();
});
