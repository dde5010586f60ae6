import type { CrdCluster, ProviderView } from '@nimbus/api';
import { PROVIDER_KINDS } from '../src/api/clusterApi';

/** A Kubeconfig cluster in `local` as the cluster lists answer it, the caller allowed. */
export const providerView = (
  name: string,
  overrides: Partial<ProviderView> = {},
): ProviderView => ({
  providerID: name,
  provideruuid: `${name}-uid`,
  uuid: `${name}-uid`,
  kind: 'ProviderKubeconfig',
  name,
  cluster: name,
  regionID: 'local',
  ready: true,
  status: 'Allow',
  roles: [],
  ...overrides,
});

/** The same as the crd service lists it, with its owner. */
export const crdClusterView = (
  name: string,
  organization: string,
  overrides: Partial<ProviderView> = {},
): CrdCluster => ({ ...providerView(name, overrides), organization });

/** The operator's list of supported providers: every kind, available unless `unavailable`. */
export const supportedProviders = (unavailable: readonly string[] = []) => ({
  items: PROVIDER_KINDS.map((kind) => ({
    kind,
    displayName: kind,
    vendor: kind,
    available: !unavailable.includes(kind),
    credentialFields: [],
  })),
});
