import type { BodyFor, ClusterLocation } from '@nimbus/api';
import type { serviceTypes } from '@nimbus/api/shared';

export type ServiceType = (typeof serviceTypes)[number];

export interface PortValues {
  name?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  port?: number;
  /** A number or a container port's name, as typed. */
  targetPort?: string;
  nodePort?: number;
}

export interface KeyValue {
  key?: string;
  value?: string;
}

export interface ServiceFormValues {
  location?: ClusterLocation;
  namespace?: string;
  name?: string;
  type?: ServiceType;
  selector?: KeyValue[];
  ports?: PortValues[];
  /** "Use ingress": also route host + sub path to the service. */
  useIngress?: boolean;
  ingress?: { host?: string; path?: string };
}

/** Rows of key and value (trimmed, empty keys ignored) as a map. */
function mapOf(rows: readonly KeyValue[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (rows ?? [])
      .filter((row) => row.key?.trim())
      .map((row) => [row.key?.trim() ?? '', row.value?.trim() ?? '']),
  );
}

/** A target port typed as digits is a number, otherwise the name of a container port. */
export const portOrName = (text: string): number | string =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim();

export function serviceRequest(
  values: ServiceFormValues,
): BodyFor<'createService'> & ClusterLocation & { namespace: string } {
  const type = values.type ?? 'ClusterIP';
  const host = values.ingress?.host?.trim();
  const ingress = values.useIngress
    ? { ingress: { ...(host ? { host } : {}), path: values.ingress?.path?.trim() || '/' } }
    : {};
  return {
    ...(values.location as ClusterLocation),
    namespace: values.namespace ?? '',
    name: values.name?.trim() ?? '',
    type,
    selector: mapOf(values.selector),
    ports: (values.ports ?? []).map((port) => ({
      ...(port.name?.trim() ? { name: port.name.trim() } : {}),
      protocol: port.protocol ?? 'TCP',
      port: port.port ?? 0,
      targetPort: portOrName(port.targetPort ?? String(port.port ?? '')),
      ...(type !== 'ClusterIP' && port.nodePort ? { nodePort: port.nodePort } : {}),
    })),
    ...ingress,
  };
}
