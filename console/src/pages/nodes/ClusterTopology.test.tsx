import type { ClusterDetail } from '@nimbus/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { crdClusterView } from '../../../tests/clusterViews';
import ResourceListPage from '../resources/ResourceListPage';

const CRD = `${API}/crd.nimbus.io`;

const cluster = (name: string, region: string, ready: boolean) =>
  crdClusterView(name, 'acme', { regionID: region, ready });

const node = (name: string, clusterName: string, region: string, ready: boolean) => ({
  kind: 'Node',
  metadata: { name },
  status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  cluster: clusterName,
  region,
  vendor: 'ProviderKubeconfig',
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${CRD}/clusters?page=1&pageSize=100`,
    ok({ items: [cluster('alpha', 'east', true), cluster('beta', 'west', false)] }),
  );
  server.respond(
    `${CRD}/nodes?pageSize=500`,
    ok({
      items: [
        node('alpha-2', 'alpha', 'east', false),
        node('alpha-1', 'alpha', 'east', true),
        node('beta-1', 'beta', 'west', true),
      ],
    }),
  );
  server.respond(`${CRD}/nodes?pageSize=20`, ok({ items: [] }));
  server.respond(
    `${CRD}/vendors/ProviderKubeconfig/regions/east/clusters/alpha`,
    ok({
      ...cluster('alpha', 'east', true),
      kubernetesVersion: 'v1.33.1',
      nodeCount: 2,
      readyNodeCount: 1,
      conditions: [],
      // The contract's numbers: cores, bytes, pods.
      capacity: { cpu: 8, memory: 16 * 1024 ** 3, pods: 220 },
      allocatable: { cpu: 7.5, memory: 15 * 1024 ** 3, pods: 220 },
    } satisfies ClusterDetail),
  );
});
afterEach(() => server.close());

it('shows vendor, region, cluster and nodes with ready markers from the node list tab', async () => {
  const user = userEvent.setup();
  const { router } = renderAdminRoutes(
    [{ path: '/list/:type', element: <ResourceListPage /> }],
    '/list/Node',
    server,
  );
  await user.click(await screen.findByRole('tab', { name: 'Topology' }));
  expect(router.state.location.search).toBe('?view=topology');

  const tree = await screen.findByTestId('cluster-topology');
  expect(within(tree).getByText('east')).toBeDefined();
  expect(within(tree).getByText('west')).toBeDefined();
  const nodes = await within(tree).findAllByTestId('topology-node');
  expect(nodes.map((entry) => entry.textContent)).toEqual([
    'alpha-1Ready',
    'alpha-2Not ready',
    'beta-1Ready',
  ]);
  expect(
    within(nodes[0] as HTMLElement)
      .getByRole('link')
      .getAttribute('href'),
  ).toBe('/detail/Node/alpha-1?vendor=ProviderKubeconfig&region=east&cluster=alpha');
  const summary = await within(tree).findByTestId('topology-cluster-summary');
  expect(summary.textContent).toContain('Kubernetes v1.33.1');
  expect(summary.textContent).toContain('Nodes ready: 1/2');
  expect(summary.textContent).toContain('Capacity: CPU 8, memory 16 GiB, pods 220');
  // The not-ready cluster is not asked for its figures.
  expect(server.requests.map((request) => request.path)).not.toContain(
    `${CRD}/vendors/ProviderKubeconfig/regions/west/clusters/beta`,
  );
});
