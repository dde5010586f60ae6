import type { AlarmMessage } from '@nimbus/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFeedbackSpy } from '../../../tests/feedbackSpy';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { AlarmMessagesBell } from './AlarmMessagesBell';

const MESSAGES = '/api/v1/monitor.nimbus.io/alert-metrics/notifications';
const message = (state: AlarmMessage['state'], header: string): AlarmMessage => ({
  rule: 'web-down',
  cluster: 'member-a',
  state,
  header,
  content: `${header} on member-a`,
  value: 0,
  labels: { alertname: 'web-down', pod: header },
  activeAt: '2030-01-01T00:00:00Z',
  firedAt: '2030-01-01T00:01:00Z',
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderBell = () => {
  const feedback = createFeedbackSpy();
  renderWithProviders(<AlarmMessagesBell />, {
    apiOrigin: server.origin,
    feedback,
    session: { organization: 'org-a' },
  });
  return feedback;
};

it('counts the firing, not the suppressed, alarms and lists them all when opened', async () => {
  server.respond(MESSAGES, {
    body: {
      code: 0,
      message: 'success',
      data: {
        items: [
          message('active', 'Web is down'),
          message('unprocessed', 'Disk is full'),
          message('suppressed', 'Maintenance'),
        ],
      },
    },
  });
  const user = userEvent.setup();
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Alarm messages (2 firing)' });
  await user.click(bell);
  const list = await screen.findByTestId('alarm-messages');
  expect(list.textContent).toContain('ActiveWeb is down');
  expect(list.textContent).toContain('UnprocessedDisk is full');
  expect(list.textContent).toContain('SuppressedMaintenance');
  expect(list.textContent).toContain('member-a · web-down · value 0');
  const request = server.requests.find((r) => r.path === MESSAGES);
  expect(request?.headers['x-nimbus-organization']).toBe('org-a');
});

it('stays silent when the notification call fails', async () => {
  server.respond(MESSAGES, { body: { code: 1000, message: 'monitoring is down', data: null } });
  const user = userEvent.setup();
  const feedback = renderBell();
  await waitFor(() => expect(server.requests.some((r) => r.path === MESSAGES)).toBe(true));
  await user.click(await screen.findByRole('button', { name: 'Alarm messages (0 firing)' }));
  expect(await screen.findByText('No alarms are firing')).toBeTruthy();
  expect(feedback.requestFailed).not.toHaveBeenCalled();
});
