import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { MetadataSection } from './MetadataSection';

it('names the vendor as people call it, not by its provider kind', () => {
  renderWithProviders(
    <MetadataSection
      object={{ metadata: { name: 'web-1', namespace: 'shop', uid: 'u-1' } }}
      location={{ vendor: 'ProviderKubeconfig', region: 'default', cluster: 'prod' }}
    />,
  );
  const card = screen.getByTestId('resource-metadata');
  expect(within(card).getByText('Kubeconfig')).toBeDefined();
  expect(within(card).queryByText('ProviderKubeconfig')).toBeNull();
});
