import { API } from '../../../tests/adminTestBed';

/** Paths and records the namespace tests answer from their loopback server. */
export const CRD = `${API}/crd.nimbus.io`;
export const K8S = `${API}/k8s.nimbus.io`;
export const LOCATIONS = `${CRD}/clusters?page=1&pageSize=100`;

export const MEMBER_A = { vendor: 'ProviderKubeconfig', region: 'local', cluster: 'member-a' };
export const MEMBER_B = { vendor: 'ProviderAWS', region: 'us-east-1', cluster: 'member-b' };

type Location = typeof MEMBER_A;
const at = ({ vendor, region, cluster }: Location) =>
  `/vendors/${vendor}/regions/${region}/clusters/${cluster}`;
export const k8sAt = (location: Location) => `${K8S}${at(location)}`;
export const crdAt = (location: Location) => `${CRD}${at(location)}`;

const locationCluster = (name: string, kind: string, regionID: string, overrides: object = {}) => ({
  providerID: name,
  provideruuid: `uid-${name}`,
  uuid: `uid-${name}`,
  kind,
  name,
  cluster: name,
  regionID,
  ready: true,
  status: 'Allow',
  roles: [],
  organization: 'org-uid-1',
  ...overrides,
});

/** Clusters across two vendors: one ready, one not ready, one denied, one in a second vendor. */
export const LOCATION_CLUSTERS = [
  locationCluster('member-a', 'ProviderKubeconfig', 'local'),
  locationCluster('member-down', 'ProviderKubeconfig', 'local', { ready: false }),
  locationCluster('member-denied', 'ProviderKubeconfig', 'local', { status: 'Deny' }),
  locationCluster('member-b', 'ProviderAWS', 'us-east-1'),
];

export const namespaceItem = (name: string, phase = 'Active') => ({
  metadata: { name, uid: `uid-${name}`, creationTimestamp: '2026-01-01T00:00:00Z', labels: {} },
  status: { phase },
});
