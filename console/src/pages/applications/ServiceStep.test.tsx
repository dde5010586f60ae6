import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { initialServicePorts, ServiceStep } from './ServiceStep';

it('starts a new service from the containers’ ports, each once', () => {
  expect(initialServicePorts([8080, 9090, 8080])).toEqual([
    { protocol: 'TCP', port: 8080, targetPort: 8080 },
    { protocol: 'TCP', port: 9090, targetPort: 9090 },
  ]);
  expect(initialServicePorts([])).toEqual([{}]);
});

it('fills the target port with the container port, and saves what the user changes', async () => {
  const onSave = vi.fn();
  renderWithProviders(
    <ServiceStep
      service={{ type: 'None' }}
      containerPorts={[8080]}
      editing
      disabled={false}
      onEdit={() => undefined}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('ClusterIP (internal only)'));
  const target = screen.getByLabelText('Target port') as HTMLInputElement;
  expect(target.value).toBe('8080');
  const servicePort = screen.getByLabelText('Service port') as HTMLInputElement;
  await user.clear(servicePort);
  await user.type(servicePort, '80');
  await user.click(screen.getByTestId('service-save'));
  expect(onSave).toHaveBeenCalledWith(
    expect.objectContaining({
      type: 'ClusterIP',
      ports: [{ protocol: 'TCP', port: 80, targetPort: 8080 }],
    }),
  );
});
