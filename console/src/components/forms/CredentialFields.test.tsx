import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { CredentialFields, type CredentialFieldSpec } from './CredentialFields';

const fields: CredentialFieldSpec[] = [
  { name: 'username', label: 'User', input: 'text', testId: 'user' },
  { name: 'password', label: 'Secret', input: 'password', testId: 'secret' },
  { name: 'caCertificate', label: 'CA', input: 'certificate' },
];

function renderFields(props: { kept: boolean; credentialsAgain: boolean }) {
  const onFinish = vi.fn();
  renderWithProviders(
    <Form onFinish={onFinish}>
      <CredentialFields
        fields={fields}
        kept={props.kept}
        keptMessage="Stored ones kept"
        keptTestId="kept"
        credentialsAgain={props.credentialsAgain}
        certificateRows={3}
      />
      <Button htmlType="submit">Go</Button>
    </Form>,
  );
  return onFinish;
}

it('writes each input under credentials and says the stored ones are kept', async () => {
  const onFinish = renderFields({ kept: true, credentialsAgain: false });
  expect(screen.getByTestId('kept').textContent).toBe('Stored ones kept');
  expect(screen.queryByTestId('credentials-again')).toBeNull();
  expect(screen.getByTestId('secret').getAttribute('type')).toBe('password');
  expect(screen.getByPlaceholderText('-----BEGIN CERTIFICATE-----').getAttribute('rows')).toBe('3');

  const user = userEvent.setup();
  await user.type(screen.getByTestId('user'), 'ci');
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await vi.waitFor(() => expect(onFinish).toHaveBeenCalled());
  expect(onFinish.mock.calls[0]?.[0]).toEqual({
    credentials: { username: 'ci', password: undefined, caCertificate: undefined },
  });
});

it('asks for the credentials again instead, and requires one', async () => {
  const onFinish = renderFields({ kept: true, credentialsAgain: true });
  expect(screen.queryByTestId('kept')).toBeNull();
  expect(screen.getByTestId('credentials-again')).toBeDefined();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Go' }));
  // Each field's rule answers on its own: the form shows one message, then the next, so the wait
  // is for all of them (findAllByText would settle on the first).
  await vi.waitFor(() =>
    expect(screen.getAllByText('Enter the credentials again: the address changed')).toHaveLength(
      fields.length,
    ),
  );
  expect(onFinish).not.toHaveBeenCalled();
});
