import type { PrometheusClient } from '@prometheus-io/codemirror-promql';
import { EqlRegex, Neq, NeqRegex } from '@prometheus-io/lezer-promql';

/** What the client asks the metrics API's `value/metrics` call. */
export interface ValuesRequest {
  label?: string;
  match?: string;
  prefix?: string;
}

export type FetchValues = (request: ValuesRequest) => Promise<string[]>;

/** The shape of codemirror-promql's label matchers (a lezer token id as the operator). */
interface Matcher {
  type: number;
  name: string;
  value: string;
}

const operatorOf = (type: number) =>
  type === Neq ? '!=' : type === EqlRegex ? '=~' : type === NeqRegex ? '!~' : '=';

/**
 * The series selector narrowing a completion: the metric and the matchers typed so far, without
 * the label being completed and without empty values (as Prometheus' own editor does).
 */
export function selectorOf(metric?: string, matchers?: readonly Matcher[], label?: string) {
  const kept = (matchers ?? []).filter((m) => m.name !== label && m.value !== '');
  if (kept.length === 0) return metric || undefined;
  const inner = kept.map((m) => `${m.name}${operatorOf(m.type)}${JSON.stringify(m.value)}`);
  return `${metric ?? ''}{${inner.join(',')}}`;
}

/**
 * A codemirror-promql client answered by the metrics API (the cluster's Prometheus, as the
 * caller) instead of Prometheus itself. Metadata, flags and whole series are not served there:
 * they complete nothing, so the editor offers names without help texts.
 */
export function completionClient(fetchValues: FetchValues): PrometheusClient {
  const safely = (request: ValuesRequest) => fetchValues(request).catch(() => []);
  return {
    labelNames: (metricName) => safely({ match: selectorOf(metricName) }),
    labelValues: (labelName, metricName, matchers) =>
      safely({ label: labelName, match: selectorOf(metricName, matchers, labelName) }),
    metricNames: (prefix) => safely({ label: '__name__', prefix }),
    metricMetadata: () => Promise.resolve({}),
    series: () => Promise.resolve([]),
    flags: () => Promise.resolve({}),
  };
}
