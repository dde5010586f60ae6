import type { RegistryView } from '@nimbus/api';
import { ORG_ID } from './adminTestBed';

/** A stored Distribution registry of ORG_ID as the registry lists answer it, with a login. */
export const registryView = (
  name: string,
  overrides: Partial<RegistryView> = {},
): RegistryView => ({
  uuid: `${name}-uid`,
  name,
  host: 'registry.shop.io',
  kind: 'Distribution',
  organizationId: ORG_ID,
  organization: 'shop',
  plainHttp: false,
  credentialsSet: true,
  ready: true,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
