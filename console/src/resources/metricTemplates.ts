import type { KeyValueEntry } from './keyValues';

// The metric-template annotation buttons. Each writes one set of annotations under Prometheus'
// usual `prometheus.io/` prefix: `http-probe: true` to be probed at `path` /probe, or
// `http-metric: true` and `scheme: http` to be scraped at `path` /metrics, both on `port` 8080
// unless the user edits the values (docs/decisions/custom-dashboards.md "Metric-template
// annotations"). The test bed's Prometheus discovers pods carrying them
// (hack/testbed/annotated-pods.sh).

export type MetricTemplateId = 'probe' | 'metric';

export const METRIC_TEMPLATES: Record<MetricTemplateId, readonly KeyValueEntry[]> = {
  /** Black-box: the blackbox exporter probes http://<pod>:8080/probe. */
  probe: [
    { key: 'prometheus.io/http-probe', value: 'true' },
    { key: 'prometheus.io/port', value: '8080' },
    { key: 'prometheus.io/path', value: '/probe' },
  ],
  /** White-box: Prometheus scrapes http://<pod>:8080/metrics. */
  metric: [
    { key: 'prometheus.io/http-metric', value: 'true' },
    { key: 'prometheus.io/scheme', value: 'http' },
    { key: 'prometheus.io/port', value: '8080' },
    { key: 'prometheus.io/path', value: '/metrics' },
  ],
};

/** Workload kinds (by plural) whose annotation editor offers the templates. */
export const METRIC_TEMPLATE_PLURALS: readonly string[] = [
  'deployments',
  'statefulsets',
  'daemonsets',
  'cronjobs',
  'pods',
];

/**
 * The entries with a template applied: a key already there takes the template's value in place,
 * the others are appended; blank rows (a just-added, unfilled row) are dropped.
 */
export function withTemplate(
  entries: readonly (KeyValueEntry | undefined)[],
  template: readonly KeyValueEntry[],
): KeyValueEntry[] {
  const kept = entries.filter(
    (entry): entry is KeyValueEntry =>
      !!entry && (entry.key ?? '').trim() + (entry.value ?? '').trim() !== '',
  );
  const byKey = new Map(template.map((entry) => [entry.key, entry.value]));
  const updated = kept.map((entry) =>
    byKey.has(entry.key.trim())
      ? { key: entry.key.trim(), value: byKey.get(entry.key.trim()) ?? '' }
      : entry,
  );
  const present = new Set(updated.map((entry) => entry.key));
  return [
    ...updated,
    ...template.filter((entry) => !present.has(entry.key)).map((e) => ({ ...e })),
  ];
}
