// A shell or command in a pod's container, relayed from the console to the member as the caller.
import { z } from 'zod';
import { isSubdomainName } from '../shared/names.js';
import { locationSchema } from './common.js';
import { dnsLabel } from './namespace-requests.js';

/** The WebSocket subprotocols of the member's exec stream, best first (Kubernetes ≥ 1.30). */
export const execProtocols = ['v5.channel.k8s.io', 'v4.channel.k8s.io'] as const;

/** A pod's name (a DNS subdomain), as the member's paths take it. */
export const podName = z
  .string()
  .refine(isSubdomainName, 'must be a Kubernetes object name (DNS subdomain)');

export const podExecParams = locationSchema.extend({ namespace: dnsLabel, pod: podName });

/** A boolean query flag as kubectl sends it: `true`/`false` or `1`/`0`. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A query flag (`tty=true`) or, repeated, the words of the command (`command=sh&command=-c`). */
export const podExecQuery = z.strictObject({
  container: dnsLabel.optional(),
  command: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().min(1, 'an empty word').max(4096, 'a word of at most 4096 characters'))
        .min(1, 'Required')
        .max(64, 'at most 64 words'),
    )
    .default(['sh']),
  tty: queryFlag.default(false),
  stdin: queryFlag.default(true),
});
