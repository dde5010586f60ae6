import type { MonitorView } from '@nimbus/api';
import { expect, it } from 'vitest';
import { monitorChanges, monitoringValuesOf, NEW_MONITORING } from './monitorPlan';

const prometheus: MonitorView = {
  id: 'prod.prometheus',
  providerId: 'prod',
  type: 'Prometheus',
  address: 'https://prom.example.com',
  enabled: true,
};
const alertmanager: MonitorView = {
  id: 'prod.alertmanager',
  providerId: 'prod',
  type: 'Alertmanager',
  address: 'https://alerts.example.com',
  enabled: false,
};

it('creates what a new cluster was given, trimmed, enabled unless switched off', () => {
  expect(
    monitorChanges(
      [],
      { prometheusUrl: ' https://prom.example.com ', alertmanagerUrl: '', prometheusEnabled: true },
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
        address: 'https://prom.example.com',
        enabled: true,
      },
    },
  ]);
  expect(monitorChanges([], NEW_MONITORING, 'org-1', 'prod')).toEqual([]);
});

it('updates a changed address or flag, deletes a cleared one, leaves the rest', () => {
  const values = monitoringValuesOf([prometheus, alertmanager]);
  expect(values).toEqual({
    prometheusUrl: 'https://prom.example.com',
    prometheusEnabled: true,
    alertmanagerUrl: 'https://alerts.example.com',
    alertmanagerEnabled: false,
  });
  expect(monitorChanges([prometheus, alertmanager], values, 'org-1', 'prod')).toEqual([]);
  expect(
    monitorChanges(
      [prometheus, alertmanager],
      { ...values, prometheusEnabled: false, alertmanagerUrl: '  ' },
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
        address: 'https://prom.example.com',
        enabled: false,
      },
    },
    { method: 'DELETE', id: 'prod.alertmanager' },
  ]);
});

it('starts a cluster without endpoints with both switches on', () => {
  expect(monitoringValuesOf([])).toEqual(NEW_MONITORING);
});
