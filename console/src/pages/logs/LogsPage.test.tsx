import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { MAX_KEPT_LINES } from './logBuffer';
import LogsPage from './LogsPage';

const POD = `${API}/k8s.nimbus.io/vendors/aws/regions/eu/clusters/prod/namespaces/shop/pods/web-1`;
const FOLLOW = `${POD}/log?container=web&follow=true&tailLines=1000`;
const PAGE = '/logs/web-1/web?vendor=aws&region=eu&cluster=prod&namespace=shop';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderLogs = (path = PAGE) =>
  renderAdminRoutes([{ path: '/logs/:name/:container', element: <LogsPage /> }], path, server);

const shownLines = () => screen.getAllByTestId('log-line').map((line) => line.textContent);

it("shows the container's log as the member sends it, and offers the whole log as a download", async () => {
  server.respond(FOLLOW, { body: 'starting\nGET / 200\nstopped' });
  renderLogs();
  await waitFor(() => expect(screen.getByTestId('log-phase').dataset.phase).toBe('ended'));
  expect(shownLines()).toEqual(['starting', 'GET / 200', 'stopped']);
  expect(screen.getByTestId('log-line-count').textContent).toBe('3 lines');
  expect(screen.getByText('Logs of web in web-1')).toBeDefined();
  const download = screen.getByTestId('log-download');
  expect(download.getAttribute('href')).toBe(
    `http://127.0.0.1:${new URL(server.origin).port}${POD}/log?container=web&tailLines=1000`,
  );
  expect(download.getAttribute('download')).toBe('web-1-web.log');
});

it('asks again with the options chosen: no follow, timestamps, previous container', async () => {
  server.respond(FOLLOW, { body: 'following\n' });
  server.respond(`${POD}/log?container=web&tailLines=1000`, { body: 'once\n' });
  server.respond(`${POD}/log?container=web&tailLines=1000&previous=true`, {
    body: 'before the restart\n',
  });
  server.respond(`${POD}/log?container=web&tailLines=1000&previous=true&timestamps=true`, {
    body: '2026-11-24T10:00:00Z before the restart\n',
  });
  const user = userEvent.setup();
  renderLogs();
  await waitFor(() => expect(shownLines()).toEqual(['following']));
  await user.click(screen.getByTestId('log-follow'));
  await waitFor(() => expect(shownLines()).toEqual(['once']));
  await user.click(screen.getByText('Previous container'));
  await waitFor(() => expect(shownLines()).toEqual(['before the restart']));
  await user.click(screen.getByText('Timestamps'));
  await waitFor(() => expect(shownLines()).toEqual(['2026-11-24T10:00:00Z before the restart']));
});

it('finds text in the log, highlights it and steps through the matches', async () => {
  server.respond(FOLLOW, { body: 'ok\nerror: disk\nok\nERROR again\nok\n' });
  const user = userEvent.setup();
  renderLogs();
  await waitFor(() => expect(shownLines()).toHaveLength(5));
  await user.type(screen.getByTestId('log-search'), 'error');
  expect(screen.getByTestId('log-search-count').textContent).toBe('0 of 2');
  const marks = () => [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
  expect(marks()).toEqual(['error', 'ERROR']);
  await user.click(screen.getByTestId('log-search-next'));
  expect(screen.getByTestId('log-search-count').textContent).toBe('1 of 2');
  await user.click(screen.getByTestId('log-search-next'));
  expect(screen.getByTestId('log-search-count').textContent).toBe('2 of 2');
  const active = document.querySelector('[data-line="3"]');
  expect(active?.getAttribute('style')).toContain('background');
  await user.click(screen.getByTestId('log-search-previous'));
  expect(screen.getByTestId('log-search-count').textContent).toBe('1 of 2');
  await user.clear(screen.getByTestId('log-search'));
  await user.type(screen.getByTestId('log-search'), 'missing');
  expect(screen.getByTestId('log-search-count').textContent).toBe('No matches');
});

it('keeps the newest hundred thousand lines, says so, and draws only the visible ones', async () => {
  const total = MAX_KEPT_LINES + 5;
  server.respond(FOLLOW, {
    body: Array.from({ length: total }, (_, i) => `line ${i}`).join('\n'),
  });
  renderLogs();
  await waitFor(() => expect(screen.getByTestId('log-phase').dataset.phase).toBe('ended'));
  expect(screen.getByTestId('log-line-count').textContent).toBe(
    `${MAX_KEPT_LINES.toLocaleString()} lines`,
  );
  expect(screen.getByTestId('log-dropped').textContent).toContain('5 older lines were let go');
  // Followed to the end: the newest line is drawn, and only a window of rows exists.
  expect(shownLines()).toContain(`line ${total - 1}`);
  expect(screen.getAllByTestId('log-line').length).toBeLessThan(100);
});

it("shows the operator's refusal and offers to try again", async () => {
  server.respond(FOLLOW, {
    status: 403,
    body: { code: 9997, message: 'no permission (pods "web-1" is forbidden)', data: null },
  });
  renderLogs();
  const refused = await screen.findByTestId('log-refused');
  expect(refused.textContent).toContain('pods "web-1" is forbidden');
  expect(within(screen.getByTestId('log-toolbar')).getByTestId('log-reconnect')).toBeDefined();
});

it('asks to sign in again when the session is over (9998), as every other call does', async () => {
  server.respond(FOLLOW, {
    status: 401,
    body: { code: 9998, message: 'token invalid or expired', data: null },
  });
  const { feedback } = renderLogs();
  await screen.findByTestId('log-refused');
  expect(feedback.tokenExpired).toHaveBeenCalledTimes(1);
  expect(feedback.noPermission).not.toHaveBeenCalled();
});

it('says what is missing when the address lacks the pod location', async () => {
  renderLogs('/logs/web-1/web?vendor=aws');
  expect(await screen.findByTestId('logs-page-invalid')).toBeDefined();
});
