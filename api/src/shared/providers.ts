/** The provider kinds of SPEC §3 "Provider/cluster", in the spec's order. */
export const providerKinds = [
  'ProviderAWS',
  'ProviderALiCloud',
  'ProviderGCP',
  'ProviderKubeconfig',
  'ProviderTencent',
  'ProviderHuawei',
] as const;
export type ProviderKind = (typeof providerKinds)[number];

/** What a monitoring endpoint of a cluster is. */
export const monitorTypes = ['Prometheus', 'Alertmanager'] as const;
export type MonitorType = (typeof monitorTypes)[number];
