// The Service and Ingress creation forms; the operator builds the manifests from these fields.
import { z } from 'zod';
import { dnsLabelPattern } from '../shared/names.js';
import {
  ingressHostPattern,
  ingressPathPattern,
  maxPortNameLength,
} from '../shared/form-patterns.js';
import { annotationMap, dnsLabel, labelMap } from './namespace-requests.js';

import { nodePortRange, pathTypes, portProtocols, serviceTypes } from '../shared/resource-forms.js';

const portNumber = z.number().int('a whole number').min(1).max(65535);
/** A target port is a number or the name of a container port (an IANA service name). */
const targetPort = z.union([
  portNumber,
  z
    .string()
    .trim()
    .max(maxPortNameLength)
    .regex(dnsLabelPattern, 'a port number or a container port name'),
]);
const meta = { name: dnsLabel, labels: labelMap.optional(), annotations: annotationMap.optional() };

const host = z
  .string()
  .trim()
  .max(253)
  .regex(ingressHostPattern, 'a host name such as shop.example.com');

const subPath = z
  .string()
  .trim()
  .max(1024)
  .regex(ingressPathPattern, 'a sub path starting with /')
  .default('/');

/** "Use ingress": an Ingress of the same name sending host + sub path to the service. */
export const serviceIngressInput = z.object({
  host: host.optional(),
  path: subPath,
  ingressClassName: dnsLabel.optional(),
});

export const servicePortInput = z.object({
  name: dnsLabel.max(maxPortNameLength).optional(),
  protocol: z.enum(portProtocols).default('TCP'),
  port: portNumber,
  targetPort,
  nodePort: z.number().int().min(nodePortRange.min).max(nodePortRange.max).optional(),
});

export const serviceBody = z
  .object({
    ...meta,
    type: z.enum(serviceTypes).default('ClusterIP'),
    /** The pods the service sends to, by label. */
    selector: labelMap.refine((map) => Object.keys(map).length > 0, 'choose at least one label'),
    ports: z.array(servicePortInput).min(1, 'add at least one port').max(100),
    ingress: serviceIngressInput.optional(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.ports.forEach((port, index) => {
      const key = `${port.protocol}/${port.port}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ports', index, 'port'],
          message: 'ports must not repeat',
        });
      }
      seen.add(key);
      if (value.ports.length > 1 && !port.name) {
        ctx.addIssue({
          code: 'custom',
          path: ['ports', index, 'name'],
          message: 'name every port of a service with several',
        });
      }
      if (port.nodePort !== undefined && value.type === 'ClusterIP') {
        ctx.addIssue({
          code: 'custom',
          path: ['ports', index, 'nodePort'],
          message: 'a ClusterIP service has no node port',
        });
      }
    });
  });
export type ServiceInput = z.output<typeof serviceBody>;

/** One route: requests for host and sub path go to a service's port. */
export const ingressRuleSchema = z.object({
  host: host.optional(),
  path: subPath,
  pathType: z.enum(pathTypes).default('Prefix'),
  serviceName: dnsLabel,
  servicePort: z.union([portNumber, dnsLabel.max(maxPortNameLength)]),
});

export const ingressBody = z
  .object({
    ...meta,
    ingressClassName: dnsLabel.optional(),
    https: z.boolean().default(false),
    /** A kubernetes.io/tls secret in the same namespace; required with HTTPS. */
    tlsSecretName: dnsLabel.optional(),
    rules: z.array(ingressRuleSchema).min(1, 'add at least one rule').max(100),
  })
  .superRefine((value, ctx) => {
    if (value.https && !value.tlsSecretName) {
      ctx.addIssue({
        code: 'custom',
        path: ['tlsSecretName'],
        message: 'HTTPS needs a TLS secret',
      });
    }
  });
export type IngressInput = z.output<typeof ingressBody>;
