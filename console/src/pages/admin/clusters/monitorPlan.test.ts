import type { MonitorView } from '@nimbus/api';
import { expect, it } from 'vitest';
import {
  monitorChanges,
  monitoringValuesOf,
  NEW_MONITORING,
  parseServiceText,
} from './monitorPlan';

const prometheus: MonitorView = {
  id: 'prod.prometheus',
  providerId: 'prod',
  type: 'Prometheus',
  service: { namespace: 'monitoring', name: 'prometheus', port: 9090, scheme: 'http' },
  enabled: true,
};
const alertmanager: MonitorView = {
  id: 'prod.alertmanager',
  providerId: 'prod',
  type: 'Alertmanager',
  address: 'https://alerts.example.com',
  enabled: false,
};

it('creates the Service a new cluster was given, trimmed, enabled unless switched off', () => {
  expect(
    monitorChanges(
      [],
      { ...NEW_MONITORING, prometheusService: ' monitoring/prometheus:9090 ', alertmanagerUrl: '' },
      'org-1',
      'prod',
    ),
  ).toEqual([
    {
      method: 'POST',
      body: {
        organizationId: 'org-1',
        providerId: 'prod',
        type: 'Prometheus',
        service: { namespace: 'monitoring', name: 'prometheus', port: 9090, scheme: 'http' },
        enabled: true,
      },
    },
  ]);
  expect(monitorChanges([], NEW_MONITORING, 'org-1', 'prod')).toEqual([]);
});

it('reads namespace/service:port and nothing else', () => {
  expect(parseServiceText('obs/kube-prometheus-stack-prometheus:9090')).toEqual({
    namespace: 'obs',
    name: 'kube-prometheus-stack-prometheus',
    port: 9090,
  });
  for (const bad of ['prometheus:9090', 'a/b', 'A/b:1', 'a/b:0', 'a/b:70000', 'http://a/b:1']) {
    expect(parseServiceText(bad)).toBeUndefined();
  }
});

it('updates a changed Service, scheme or flag, deletes a cleared one, leaves the rest', () => {
  const values = monitoringValuesOf([prometheus, alertmanager]);
  expect(values).toEqual({
    prometheusService: 'monitoring/prometheus:9090',
    prometheusScheme: 'http',
    prometheusEnabled: true,
    alertmanagerUrl: 'https://alerts.example.com',
    alertmanagerScheme: 'http',
    alertmanagerEnabled: false,
  });
  expect(monitorChanges([prometheus, alertmanager], values, 'org-1', 'prod')).toEqual([]);
  expect(
    monitorChanges(
      [prometheus, alertmanager],
      { ...values, prometheusScheme: 'https', alertmanagerUrl: '  ' },
      'org-1',
      'prod',
    ),
  ).toEqual([
    {
      method: 'PUT',
      body: {
        organizationId: 'org-1',
        providerId: 'prod',
        type: 'Prometheus',
        service: { namespace: 'monitoring', name: 'prometheus', port: 9090, scheme: 'https' },
        enabled: true,
      },
    },
    { method: 'DELETE', id: 'prod.alertmanager' },
  ]);
});

it("replaces a system administrator's direct URL by a Service typed over it", () => {
  const values = {
    ...monitoringValuesOf([alertmanager]),
    alertmanagerService: 'monitoring/alertmanager:9093',
  };
  expect(monitorChanges([alertmanager], values, 'org-1', 'prod')).toEqual([
    {
      method: 'PUT',
      body: {
        organizationId: 'org-1',
        providerId: 'prod',
        type: 'Alertmanager',
        service: { namespace: 'monitoring', name: 'alertmanager', port: 9093, scheme: 'http' },
        enabled: false,
      },
    },
  ]);
});

it('starts a cluster without endpoints with both switches on', () => {
  expect(monitoringValuesOf([])).toEqual(NEW_MONITORING);
});
