import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ALICE_SESSION, organization, serveSignedInUser } from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderApp } from '../../../tests/renderApp';
import { saveSession } from '../../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

it.each(['/admin/registry/add', '/admin/cluster/add', '/admin/role/add'])(
  'says on %s which organization the new record goes to',
  async (path) => {
    saveSession({ ...ALICE_SESSION, organization: 'shop' });
    serveSignedInUser(server, {
      organizations: [
        { ...organization('other', true), name: 'Other team' },
        { ...organization('shop', true), name: 'Shop team' },
      ],
    });
    renderApp(path, { apiOrigin: server.origin });
    expect((await screen.findByTestId('organization-note')).textContent).toContain(
      'In organization Shop team',
    );
  },
);
