import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { useListChartsQuery } from '../api/appStoreApi';
import { NotAllowed } from './NotAllowed';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

function Charts() {
  const { data, error } = useListChartsQuery({});
  return error ? <NotAllowed error={error} /> : <span>{data?.items.length ?? 'loading'}</span>;
}

it('says which permission the role lacks when the server refuses (9997)', async () => {
  server.respond('/api/v1/appstore.nimbus.io/charts', {
    status: 403,
    body: {
      code: 9997,
      message: 'missing permission appstore:list in organization acme',
      data: { missingPermission: 'appstore:list', organization: 'acme' },
    },
  });
  renderWithProviders(<Charts />, { apiOrigin: server.origin });
  await waitFor(() => expect(screen.getByTestId('not-allowed')).toBeTruthy());
  expect(screen.getByText('Not allowed')).toBeTruthy();
  expect(screen.getByText(/does not grant appstore:list here/)).toBeTruthy();
});

it('shows the server’s message for a refusal that names no permission', async () => {
  server.respond('/api/v1/appstore.nimbus.io/charts', {
    status: 403,
    body: { code: 9997, message: 'no operation permission, contact the administrator', data: null },
  });
  renderWithProviders(<Charts />, { apiOrigin: server.origin });
  await waitFor(() =>
    expect(screen.getByText('no operation permission, contact the administrator')).toBeTruthy(),
  );
});
