import type { PrometheusClient } from '@prometheus-io/codemirror-promql';
import { useEffect, useState } from 'react';

type Load = (client: PrometheusClient) => Promise<string[]>;

interface Loaded {
  client?: PrometheusClient;
  key: string;
  items: string[];
}

/**
 * Names a list offers while typing, loaded from the client for `key` (what `load` reads); empty
 * without a client, until it answers, and while only an earlier key's answer is there.
 */
function useAsyncList(client: PrometheusClient | undefined, key: string | undefined, load: Load) {
  const [loaded, setLoaded] = useState<Loaded>({ key: '', items: [] });
  useEffect(() => {
    if (!client || key === undefined) return undefined;
    let current = true;
    load(client)
      .then((items) => {
        if (current) setLoaded({ client, key, items });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `key` names everything it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return client && loaded.client === client && loaded.key === key ? loaded.items : [];
}

export const useMetricNames = (client: PrometheusClient | undefined) =>
  useAsyncList(client, 'metrics', (c) => c.metricNames());

export const useLabelNames = (client: PrometheusClient | undefined, metric: string) =>
  useAsyncList(client, metric || undefined, (c) => c.labelNames(metric));

export const useLabelValues = (
  client: PrometheusClient | undefined,
  label: string,
  metric: string,
) =>
  useAsyncList(client, label ? `${label}\n${metric}` : undefined, (c) =>
    c.labelValues(label, metric || undefined),
  );

export const asOptions = (names: readonly string[]) => names.map((value) => ({ value }));
