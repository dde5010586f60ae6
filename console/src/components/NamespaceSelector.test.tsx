import type { ClusterLocation } from '@nimbus/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { chooseOption, failed, ok } from '../../tests/adminTestBed';
import { createFeedbackSpy } from '../../tests/feedbackSpy';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { settle } from '../../tests/settle';
import { k8sAt, MEMBER_A, MEMBER_B, namespaceItem } from '../pages/namespaces/namespaceTestData';
import { NamespaceSelector } from './NamespaceSelector';

const LIST_A = `${k8sAt(MEMBER_A)}/namespaces`;
const LIST_B = `${k8sAt(MEMBER_B)}/namespaces`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    LIST_A,
    ok({
      items: [
        namespaceItem('default'),
        namespaceItem('team-a'),
        namespaceItem('old', 'Terminating'),
      ],
    }),
  );
  server.respond(LIST_B, ok({ items: [namespaceItem('team-b')] }));
});
afterEach(() => server.close());

/** The selector beside buttons that move it to another location or to none. */
function Harness({ initial, multiple }: { initial?: ClusterLocation; multiple?: boolean }) {
  const [location, setLocation] = useState(initial);
  const [value, setValue] = useState<string | string[]>();
  return (
    <>
      <button type="button" onClick={() => setLocation(MEMBER_B)}>
        to member-b
      </button>
      <button type="button" onClick={() => setLocation(undefined)}>
        no location
      </button>
      <NamespaceSelector
        {...location}
        aria-label="Namespace"
        multiple={multiple}
        value={value}
        onChange={setValue}
      />
      <output data-testid="chosen">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path);
const combobox = () => screen.getByRole('combobox', { name: 'Namespace' });
const refresh = () => screen.getByRole('button', { name: 'Refresh namespaces' });
const visibleOptions = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
const chosen = () => screen.getByTestId('chosen').textContent;
const idle = () => expect(refresh().className).not.toContain('ant-btn-loading');

it('loads on mount, offers only Active namespaces and shows other phases in danger style', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={MEMBER_A} />, { apiOrigin: server.origin });

  await waitFor(() => expect(requestsTo(LIST_A)).toHaveLength(1));
  await user.click(combobox());
  await waitFor(() => expect(visibleOptions()).toEqual(['default', 'team-a', 'old (Terminating)']));
  const old = [...document.querySelectorAll('.ant-select-item-option')].find(
    (option) => option.textContent === 'old (Terminating)',
  );
  expect(old?.className).toContain('ant-select-item-option-disabled');
  expect(old?.querySelector('.ant-typography-danger')).not.toBeNull();

  await user.click(old as HTMLElement);
  expect(chosen()).toBe('null');
  await chooseOption(user, combobox(), 'team-a');
  expect(chosen()).toBe('"team-a"');
});

it('reloads when the location changes, empties without one and re-runs on refresh', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={MEMBER_A} />, { apiOrigin: server.origin });
  await waitFor(() => expect(requestsTo(LIST_A)).toHaveLength(1));

  await user.click(screen.getByRole('button', { name: 'to member-b' }));
  await waitFor(() => expect(requestsTo(LIST_B)).toHaveLength(1));
  await user.click(combobox());
  await waitFor(() => expect(visibleOptions()).toEqual(['team-b']));

  await user.click(refresh());
  await waitFor(() => expect(requestsTo(LIST_B)).toHaveLength(2));

  await user.click(screen.getByRole('button', { name: 'no location' }));
  await user.click(combobox());
  expect(await screen.findByText('No namespaces')).toBeDefined();
  expect(visibleOptions()).toEqual([]);
  expect(refresh()).toHaveProperty('disabled', true);
  expect(server.requests).toHaveLength(3);
});

it('sends nothing without a location', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  renderWithProviders(<Harness />, { apiOrigin: server.origin });
  expect(refresh()).toHaveProperty('disabled', true);
  await settle();
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(server.requests).toHaveLength(0);
  fetchSpy.mockRestore();
});

it('stops loading without a message when the list is refused', async () => {
  server.respond(LIST_A, failed(2001, 'cluster member-a is unreachable'));
  const feedback = createFeedbackSpy();
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={MEMBER_A} />, { apiOrigin: server.origin, feedback });

  await waitFor(() => expect(requestsTo(LIST_A)).toHaveLength(1));
  await waitFor(idle);
  await user.click(combobox());
  expect(visibleOptions()).toEqual([]);
  expect(feedback.requestFailed).not.toHaveBeenCalled();
  expect(screen.queryByText('cluster member-a is unreachable')).toBeNull();
});

it('chooses several namespaces in multiple mode', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Harness initial={MEMBER_A} multiple />, { apiOrigin: server.origin });
  await waitFor(() => expect(requestsTo(LIST_A)).toHaveLength(1));

  await chooseOption(user, combobox(), 'default');
  await chooseOption(user, combobox(), 'team-a');
  expect(chosen()).toBe('["default","team-a"]');
});
