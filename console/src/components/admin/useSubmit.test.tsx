import { act, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { useSubmit } from './useSubmit';

function deferred() {
  let settle = { resolve: (_value: string) => {}, reject: (_error: Error) => {} };
  const promise = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

function SubmitProbe(props: {
  submit: (value: string) => Promise<string>;
  onSubmitted: (result: string) => void;
}) {
  const { submitting, onFinish } = useSubmit(props.submit, props.onSubmitted);
  return (
    <button type="button" onClick={() => onFinish('values')}>
      {submitting ? 'loading' : 'idle'}
    </button>
  );
}

it('goes idle → loading → idle and runs the after-submit action only on success', async () => {
  const requests = [deferred(), deferred()];
  const submit = vi.fn((_values: string) => {
    const request = requests[submit.mock.calls.length - 1];
    return request ? request.promise : Promise.reject(new Error('unexpected submit'));
  });
  const onSubmitted = vi.fn<(result: string) => void>();
  renderWithProviders(<SubmitProbe submit={submit} onSubmitted={onSubmitted} />);
  const button = screen.getByRole('button');
  expect(button.textContent).toBe('idle');

  act(() => button.click());
  expect(button.textContent).toBe('loading');
  act(() => button.click());
  expect(submit).toHaveBeenCalledTimes(1);
  await act(async () => requests[0]?.reject(new Error('refused')));
  expect(button.textContent).toBe('idle');
  expect(onSubmitted).not.toHaveBeenCalled();

  act(() => button.click());
  await act(async () => requests[1]?.resolve('created'));
  expect(button.textContent).toBe('idle');
  expect(onSubmitted).toHaveBeenCalledWith('created');
  expect(submit).toHaveBeenCalledWith('values');
});
