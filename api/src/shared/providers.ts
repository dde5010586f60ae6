/** The provider kinds of a cluster, in a fixed order. */
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
