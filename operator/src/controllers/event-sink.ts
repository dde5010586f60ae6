import { EventsV1Api, V1MicroTime } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { fieldManager, mergePatch } from '../hub/apply-options.js';
import type { EventSink } from './events.js';

/** metav1.MicroTime as the API server parses it: six fractional digits (ISO strings have three). */
export function microTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** events.k8s.io/v1 Events in the hub; `kubectl describe` shows them (core/v1 is the same store). */
export function hubEventSink(kubeConfig: KubeConfig): EventSink {
  const api = kubeConfig.makeApiClient(EventsV1Api);
  return {
    async create(event) {
      const { namespace, name, regarding, eventTime, ...fields } = event;
      await api.createNamespacedEvent({
        namespace,
        fieldManager,
        body: {
          apiVersion: 'events.k8s.io/v1',
          kind: 'Event',
          metadata: { name, namespace, labels: { 'app.kubernetes.io/managed-by': 'nimbus' } },
          regarding,
          eventTime: new V1MicroTime(eventTime),
          ...fields,
        },
      });
    },
    async updateSeries(namespace, name, series) {
      await api.patchNamespacedEvent(
        {
          name,
          namespace,
          fieldManager,
          body: { series: { ...series, lastObservedTime: microTime(series.lastObservedTime) } },
        },
        mergePatch,
      );
    },
  };
}
