import type { MonitorBody, MonitorView } from '@nimbus/api';
import type { MonitorType } from '@nimbus/api/shared';
import { MONITOR_TYPES } from '../../../api/monitorApi';

/** The monitoring step's form: an address and an enabled flag per endpoint type. */
export interface MonitoringValues {
  prometheusUrl?: string;
  prometheusEnabled?: boolean;
  alertmanagerUrl?: string;
  alertmanagerEnabled?: boolean;
}

/** The form fields of one endpoint type. */
export const MONITOR_FIELDS = {
  Prometheus: { url: 'prometheusUrl', enabled: 'prometheusEnabled' },
  Alertmanager: { url: 'alertmanagerUrl', enabled: 'alertmanagerEnabled' },
} as const satisfies Record<
  MonitorType,
  { url: keyof MonitoringValues; enabled: keyof MonitoringValues }
>;

/** One call of the monitors API that brings the stored endpoints to the form's values. */
export type MonitorChange =
  { method: 'POST' | 'PUT'; body: MonitorBody } | { method: 'DELETE'; id: string };

/** A new endpoint starts enabled. */
export const NEW_MONITORING: MonitoringValues = {
  prometheusEnabled: true,
  alertmanagerEnabled: true,
};

/** The form's starting values from the stored endpoints (edit). */
export function monitoringValuesOf(monitors: readonly MonitorView[]): MonitoringValues {
  const values: MonitoringValues = { ...NEW_MONITORING };
  for (const monitor of monitors) {
    const fields = MONITOR_FIELDS[monitor.type];
    values[fields.url] = monitor.address;
    values[fields.enabled] = monitor.enabled;
  }
  return values;
}

/**
 * POST for a type newly given an address, PUT for a changed address or flag, DELETE for a
 * cleared address; nothing for an unchanged one.
 */
export function monitorChanges(
  stored: readonly MonitorView[],
  values: MonitoringValues,
  organizationId: string,
  providerId: string,
): MonitorChange[] {
  const changes: MonitorChange[] = [];
  for (const type of MONITOR_TYPES) {
    const fields = MONITOR_FIELDS[type];
    const address = values[fields.url]?.trim() ?? '';
    const enabled = values[fields.enabled] !== false;
    const current = stored.find((monitor) => monitor.type === type);
    const body = { organizationId, providerId, type, address, enabled };
    if (address === '') {
      if (current) changes.push({ method: 'DELETE', id: current.id });
    } else if (!current) {
      changes.push({ method: 'POST', body });
    } else if (current.address !== address || current.enabled !== enabled) {
      changes.push({ method: 'PUT', body });
    }
  }
  return changes;
}
