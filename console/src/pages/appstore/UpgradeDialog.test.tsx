import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API, chooseOption, ok } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { UpgradeDialog } from './UpgradeDialog';

const RELEASE = `${API}/appstore.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/member-a/namespaces/shop/releases/web`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${API}/appstore.nimbus.io/charts?search=web`,
    ok({
      items: [
        {
          source: 'team',
          sourceType: 'OCI',
          name: 'web',
          latestVersion: '1.3.0',
          versions: ['1.3.0', '1.2.0'],
        },
      ],
      problems: [],
    }),
  );
  server.respond(`${RELEASE}/values`, ok({ values: 'replicas: 2\n' }));
});
afterEach(() => server.close());

it('says the release was upgraded once the operator did it, and closes', async () => {
  server.respond(
    `PUT ${RELEASE}`,
    ok({ release: 'web', namespace: 'shop', revision: 3, status: 'deployed', output: '' }),
  );
  const onClose = vi.fn<() => void>();
  const user = userEvent.setup();
  renderWithProviders(
    <UpgradeDialog
      release={{
        vendor: 'ProviderKubeconfig',
        region: 'local',
        cluster: 'member-a',
        namespace: 'shop',
        release: 'web',
      }}
      chart="web-1.2.0"
      onClose={onClose}
    />,
    { apiOrigin: server.origin },
  );
  const dialog = await screen.findByRole('dialog');
  // The release's current values are read first (the form waits under a spinner).
  await waitFor(() => expect(dialog.querySelector('.ant-spin-spinning')).toBeNull());
  await chooseOption(user, screen.getByLabelText('Chart version'), '1.3.0 (team)');
  await user.click(screen.getByRole('button', { name: 'Upgrade' }));

  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  expect(await screen.findByText('web upgraded to 1.3.0')).toBeDefined();
  expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
    { source: 'team', chart: 'web', version: '1.3.0', values: 'replicas: 2\n' },
  ]);
});
