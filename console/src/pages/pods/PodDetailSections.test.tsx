import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const AT = `${API}/crd.nimbus.io/vendors/aws/regions/eu/clusters/prod`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';
const condition = (type: string, status: string, extra: object = {}) => ({
  type,
  status,
  lastTransitionTime: '2026-11-24T10:00:00Z',
  ...extra,
});

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'u1' },
  spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
  status: {
    conditions: [
      condition('Initialized', 'True'),
      condition('Ready', 'False', { reason: 'ContainersNotReady', message: 'web is waiting' }),
      condition('ContainersReady', 'False', { reason: 'ContainersNotReady' }),
      condition('PodScheduled', 'True'),
    ],
  },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${AT}/resources/pods/web-1?namespace=shop`, ok(pod));
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(
    `${AT}/namespaces/shop/pods/web-1/events`,
    ok({
      items: [
        {
          type: 'Warning',
          reason: 'BackOff',
          message: 'Back-off restarting failed container web',
          count: 4,
          firstTimestamp: '2026-11-24T10:00:00Z',
          lastTimestamp: '2026-11-24T10:05:00Z',
          source: 'kubelet',
        },
      ],
    }),
  );
});
afterEach(() => server.close());

it("shows the pod's four conditions with status, reason and message, and its events", async () => {
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/Pod/web-1${QUERY}`,
    server,
  );
  const conditions = await screen.findByTestId('node-conditions');
  // The table is there before the pod is read (at once when its section's module is loaded).
  const rows = () => within(conditions).getAllByRole('row').slice(1);
  await waitFor(() =>
    expect(rows().map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Initialized',
      'Ready',
      'ContainersReady',
      'PodScheduled',
    ]),
  );
  expect(within(rows()[1] as HTMLElement).getByText('ContainersNotReady')).toBeDefined();
  expect(within(rows()[1] as HTMLElement).getByText('web is waiting')).toBeDefined();

  const events = await screen.findByTestId('pod-events');
  expect(await within(events).findByText('Back-off restarting failed container web')).toBeDefined();
  expect(within(events).getByText('BackOff')).toBeDefined();
});
