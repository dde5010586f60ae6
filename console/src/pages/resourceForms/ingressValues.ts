import type { BodyFor, ClusterLocation } from '@nimbus/api';
import { portOrName } from './serviceValues';

export interface RuleValues {
  host?: string;
  path?: string;
  pathType?: 'Prefix' | 'Exact' | 'ImplementationSpecific';
  serviceName?: string;
  servicePort?: string;
}

export interface IngressFormValues {
  location?: ClusterLocation;
  namespace?: string;
  name?: string;
  ingressClassName?: string;
  https?: boolean;
  tlsSecretName?: string;
  rules?: RuleValues[];
}

export function ingressRequest(
  values: IngressFormValues,
): BodyFor<'createIngress'> & ClusterLocation & { namespace: string } {
  const https = values.https ?? false;
  const ingressClassName = values.ingressClassName?.trim();
  return {
    ...(values.location as ClusterLocation),
    namespace: values.namespace ?? '',
    name: values.name?.trim() ?? '',
    ...(ingressClassName ? { ingressClassName } : {}),
    https,
    ...(https && values.tlsSecretName ? { tlsSecretName: values.tlsSecretName } : {}),
    rules: (values.rules ?? []).map((rule) => {
      const host = rule.host?.trim();
      return {
        ...(host ? { host } : {}),
        path: rule.path?.trim() || '/',
        pathType: rule.pathType ?? 'Prefix',
        serviceName: rule.serviceName?.trim() ?? '',
        servicePort: portOrName(rule.servicePort ?? ''),
      };
    }),
  };
}
