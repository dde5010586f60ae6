// Service and Ingress manifests from the creation forms (pure: unit tested).
import type { IngressInput, ServiceInput } from '@nimbus/api';
import type { KubeObject } from '../../index/trim.js';

interface Meta {
  name: string;
  labels?: Record<string, string> | undefined;
  annotations?: Record<string, string> | undefined;
}

export function metadataOf(input: Meta, namespace?: string): KubeObject['metadata'] {
  return {
    name: input.name,
    ...(namespace === undefined ? {} : { namespace }),
    ...(input.labels && Object.keys(input.labels).length > 0 ? { labels: input.labels } : {}),
    ...(input.annotations && Object.keys(input.annotations).length > 0
      ? { annotations: input.annotations }
      : {}),
  };
}

export function serviceManifest(input: ServiceInput, namespace: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadataOf(input, namespace),
    spec: {
      type: input.type,
      selector: input.selector,
      ports: input.ports.map((port) => ({
        ...(port.name ? { name: port.name } : {}),
        protocol: port.protocol,
        port: port.port,
        targetPort: port.targetPort,
        // A ClusterIP service has no node port; the schema refuses one there.
        ...(port.nodePort !== undefined ? { nodePort: port.nodePort } : {}),
      })),
    },
  };
}

const backendPort = (port: number | string) =>
  typeof port === 'number' ? { number: port } : { name: port };

export function ingressManifest(input: IngressInput, namespace: string): KubeObject {
  // Rules of one host share one entry, as kubectl shows them.
  const byHost = new Map<string, Array<Record<string, unknown>>>();
  for (const rule of input.rules) {
    const host = rule.host ?? '';
    const paths = byHost.get(host) ?? [];
    paths.push({
      path: rule.path,
      pathType: rule.pathType,
      backend: { service: { name: rule.serviceName, port: backendPort(rule.servicePort) } },
    });
    byHost.set(host, paths);
  }
  const rules = [...byHost].map(([host, paths]) => ({
    ...(host ? { host } : {}),
    http: { paths },
  }));
  const hosts = [...byHost.keys()].filter((host) => host !== '');
  const tls =
    input.https && input.tlsSecretName
      ? [{ ...(hosts.length > 0 ? { hosts } : {}), secretName: input.tlsSecretName }]
      : undefined;
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: metadataOf(input, namespace),
    spec: {
      ...(input.ingressClassName ? { ingressClassName: input.ingressClassName } : {}),
      ...(tls ? { tls } : {}),
      rules,
    },
  };
}

/** "Use ingress": an Ingress of the service's name sending host + sub path to its first port. */
export function serviceIngressManifest(
  input: ServiceInput,
  namespace: string,
): KubeObject | undefined {
  const { ingress } = input;
  const port = input.ports[0];
  if (!ingress || !port) return undefined;
  return ingressManifest(
    {
      name: input.name,
      labels: input.labels,
      https: false,
      ...(ingress.ingressClassName ? { ingressClassName: ingress.ingressClassName } : {}),
      rules: [
        {
          ...(ingress.host ? { host: ingress.host } : {}),
          path: ingress.path,
          pathType: 'Prefix',
          serviceName: input.name,
          servicePort: port.port,
        },
      ],
    },
    namespace,
  );
}
