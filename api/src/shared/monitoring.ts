// Monitoring constants the console needs at run time (no zod).
/** The preset time ranges of the monitoring screens, in seconds. */
export const timeRangePresets = {
  '15m': 15 * 60,
  '30m': 30 * 60,
  '1h': 3_600,
  '2h': 2 * 3_600,
  '5h': 5 * 3_600,
  '12h': 12 * 3_600,
  '1d': 86_400,
  '3d': 3 * 86_400,
  '7d': 7 * 86_400,
} as const;
export type TimeRangePreset = keyof typeof timeRangePresets;
export const timeRangePresetNames = Object.keys(timeRangePresets) as [
  TimeRangePreset,
  ...TimeRangePreset[],
];

/** Units a metric's values come in; the console formats axes and values by them. */
export const metricUnits = [
  'percent',
  'cores',
  'bytes',
  'bytesPerSecond',
  'opsPerSecond',
  'count',
  'seconds',
  'ratio',
  'requestsPerSecond',
] as const;
export type MetricUnit = (typeof metricUnits)[number];

/** The longest custom range a query may cover (a preset is at most 7 days). */
export const maxCustomRangeSeconds = 31 * 86_400;
/** Points per series a range query may return; a finer step is coarsened to fit. */
export const maxPointsPerSeries = 1_100;
export const minStepSeconds = 10;
/** The message for a time range whose start is after its end. */
export const startAfterEndMessage = "Start time couldn't later than end time";

/**
 * The name RBAC sees for a call through the member API server's service proxy (its
 * resourceName): `scheme:name:port`, as in …/services/http:prometheus:9090/proxy/…. The proxy path
 * and the Role that allows it must agree on it.
 */
export function serviceProxyId(service: { scheme: string; name: string; port: number }): string {
  return `${service.scheme}:${service.name}:${service.port}`;
}
