import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { ChartIcon } from './ChartIcon';

const ICON = '/api/v1/appstore.nimbus.io/sources/team/versions/1.2.0/icon?name=web';
const GIF = 'data:image/gif;base64,R0lGODlh';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(ICON, { body: { code: 0, message: 'success', data: { dataUrl: GIF } } });
});
afterEach(() => server.close());

const imageSource = () =>
  screen.getByTestId('chart-icon').querySelector('img')?.getAttribute('src');

it("shows an icon URL's image from the operator, never from the icon's host", async () => {
  renderWithProviders(
    <ChartIcon icon="https://icons.example.com/web.png" name="web" source="team" version="1.2.0" />,
    { apiOrigin: server.origin },
  );
  await waitFor(() => expect(imageSource()).toBe(GIF));
  expect(server.requests.map((r) => r.path)).toEqual([ICON]);
});

it('shows a data: icon as it is, and the glyph for anything else, without asking', () => {
  const { unmount } = renderWithProviders(
    <ChartIcon icon={GIF} name="web" source="team" version="1.2.0" />,
    { apiOrigin: server.origin },
  );
  expect(imageSource()).toBe(GIF);
  unmount();
  renderWithProviders(
    <ChartIcon icon="javascript:alert(1)" name="web" source="team" version="1.2.0" />,
    { apiOrigin: server.origin },
  );
  expect(imageSource()).toBeUndefined();
  expect(server.requests).toEqual([]);
});
