import type { MonitorBody, MonitorService, MonitorView } from '@nimbus/api';
import type { MonitorType } from '@nimbus/api/shared';
import { MONITOR_TYPES } from '../../../api/monitorApi';

type Scheme = MonitorService['scheme'];

/**
 * The monitoring step's form, per endpoint type: a Service of the cluster written
 * `namespace/service:port` with its scheme, or (system administrators only) a direct URL.
 */
export interface MonitoringValues {
  prometheusService?: string;
  prometheusScheme?: Scheme;
  prometheusUrl?: string;
  prometheusEnabled?: boolean;
  alertmanagerService?: string;
  alertmanagerScheme?: Scheme;
  alertmanagerUrl?: string;
  alertmanagerEnabled?: boolean;
}

interface FieldsOf {
  service: 'prometheusService' | 'alertmanagerService';
  scheme: 'prometheusScheme' | 'alertmanagerScheme';
  url: 'prometheusUrl' | 'alertmanagerUrl';
  enabled: 'prometheusEnabled' | 'alertmanagerEnabled';
}

/** The form fields of one endpoint type. */
export const MONITOR_FIELDS: Record<MonitorType, FieldsOf> = {
  Prometheus: {
    service: 'prometheusService',
    scheme: 'prometheusScheme',
    url: 'prometheusUrl',
    enabled: 'prometheusEnabled',
  },
  Alertmanager: {
    service: 'alertmanagerService',
    scheme: 'alertmanagerScheme',
    url: 'alertmanagerUrl',
    enabled: 'alertmanagerEnabled',
  },
};

/** One call of the monitors API that brings the stored endpoints to the form's values. */
export type MonitorChange =
  { method: 'POST' | 'PUT'; body: MonitorBody } | { method: 'DELETE'; id: string };

/** A new endpoint starts enabled and spoken to over http. */
export const NEW_MONITORING: MonitoringValues = {
  prometheusEnabled: true,
  prometheusScheme: 'http',
  alertmanagerEnabled: true,
  alertmanagerScheme: 'http',
};

/** A Service as the form writes it: `namespace/service:port`. */
export const serviceText = (service: Pick<MonitorService, 'namespace' | 'name' | 'port'>) =>
  `${service.namespace}/${service.name}:${service.port}`;

const label = '[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?';
/** What the service field accepts (the server checks the same names and port). */
export const SERVICE_TEXT = new RegExp(`^(${label})/(${label}):([0-9]{1,5})$`);

export function parseServiceText(
  text: string | undefined,
): Pick<MonitorService, 'namespace' | 'name' | 'port'> | undefined {
  const match = SERVICE_TEXT.exec(text?.trim() ?? '');
  const port = Number(match?.[5]);
  if (!match?.[1] || !match[3] || port < 1 || port > 65535) return undefined;
  return { namespace: match[1], name: match[3], port };
}

/** The form's starting values from the stored endpoints (edit). */
export function monitoringValuesOf(monitors: readonly MonitorView[]): MonitoringValues {
  const values: MonitoringValues = { ...NEW_MONITORING };
  for (const monitor of monitors) {
    const fields = MONITOR_FIELDS[monitor.type];
    if (monitor.service) {
      values[fields.service] = serviceText(monitor.service);
      values[fields.scheme] = monitor.service.scheme;
    }
    if (monitor.address !== undefined) values[fields.url] = monitor.address;
    values[fields.enabled] = monitor.enabled;
  }
  return values;
}

type Target = { service: MonitorService } | { address: string } | undefined;

function targetOf(values: MonitoringValues, fields: FieldsOf): Target {
  const service = parseServiceText(values[fields.service]);
  if (service) return { service: { ...service, scheme: values[fields.scheme] ?? 'http' } };
  const address = values[fields.url]?.trim() ?? '';
  return address === '' ? undefined : { address };
}

function sameTarget(stored: MonitorView, target: NonNullable<Target>): boolean {
  if ('address' in target) return stored.address === target.address;
  const service = stored.service;
  return (
    service !== undefined &&
    serviceText(service) === serviceText(target.service) &&
    service.scheme === target.service.scheme
  );
}

/**
 * POST for a type newly given a Service or address, PUT for a changed one or flag, DELETE for a
 * cleared one; nothing for an unchanged one.
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
    const target = targetOf(values, fields);
    const enabled = values[fields.enabled] !== false;
    const current = stored.find((monitor) => monitor.type === type);
    if (!target) {
      if (current) changes.push({ method: 'DELETE', id: current.id });
      continue;
    }
    const body = { organizationId, providerId, type, ...target, enabled };
    if (!current) changes.push({ method: 'POST', body });
    else if (!sameTarget(current, target) || current.enabled !== enabled) {
      changes.push({ method: 'PUT', body });
    }
  }
  return changes;
}
