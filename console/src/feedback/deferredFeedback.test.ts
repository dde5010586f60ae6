import { expect, it, vi } from 'vitest';
import type { ApiFeedback } from '../apiClient/apiFeedback';
import { createFeedbackSpy } from '../../tests/feedbackSpy';
import { deferredFeedback } from './deferredFeedback';

it('loads the feedback on first use only, then passes every call on in order', async () => {
  const calls: unknown[][] = [];
  const loaded: ApiFeedback = {
    tokenExpired: () => calls.push(['tokenExpired']),
    noPermission: (refused) => calls.push(['noPermission', refused]),
    passwordChangeRequired: () => calls.push(['passwordChangeRequired']),
    requestFailed: (failure) => calls.push(['requestFailed', failure]),
  };
  const load = vi.fn(() => Promise.resolve(loaded));
  const feedback = deferredFeedback(load);
  expect(load).not.toHaveBeenCalled();

  const failure = { url: '/api/v1/x', message: 'boom', durationMs: 10_000 };
  feedback.requestFailed(failure);
  feedback.noPermission({ url: '/api/v1/y' });
  feedback.tokenExpired();
  feedback.passwordChangeRequired();

  await vi.waitFor(() => expect(calls).toHaveLength(4));
  expect(calls).toEqual([
    ['requestFailed', failure],
    ['noPermission', { url: '/api/v1/y' }],
    ['tokenExpired'],
    ['passwordChangeRequired'],
  ]);
  expect(load).toHaveBeenCalledTimes(1);
});

it('tries to load again after a failed load', async () => {
  const loaded = createFeedbackSpy();
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = vi
    .fn<() => Promise<ApiFeedback>>()
    .mockRejectedValueOnce(new Error('chunk gone'))
    .mockResolvedValue(loaded);
  const feedback = deferredFeedback(load);

  feedback.tokenExpired();
  await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
  feedback.tokenExpired();

  await vi.waitFor(() => expect(loaded.tokenExpired).toHaveBeenCalledTimes(1));
  expect(load).toHaveBeenCalledTimes(2);
});
