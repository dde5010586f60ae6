// A dashboard on cluster alpha without panels, as the dashboard calls answer it (tests only).
export const emptyDashboard = {
  uuid: 'd-1',
  name: 'nodes',
  organization: 'acme',
  category: 'infra',
  cluster: 'alpha',
  location: { vendor: 'ProviderKubeconfig', region: 'local', cluster: 'alpha' },
  panels: [],
  createdAt: '2026-01-01T00:00:00Z',
  conditions: [],
};
