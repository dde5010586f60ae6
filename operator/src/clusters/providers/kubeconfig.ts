import { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';
import { MAX_KUBECONFIG_BYTES, sanitizeKubeconfig } from '../kubeconfig-sanitizer.js';
import type { OutboundPolicy, Resolver } from '../../outbound/policy.js';
import type { ProviderAdapter } from './types.js';

export const kubeconfigCredentials = z.object({
  kubeconfig: z.string().min(1).max(MAX_KUBECONFIG_BYTES),
});

export type KubeconfigCredentials = z.infer<typeof kubeconfigCredentials>;

/**
 * ProviderKubeconfig: the uploaded kubeconfig goes through our own sanitizer only; nothing in it
 * is executed or read from disk. A refusal is a validation error naming the field, never a value.
 */
export function kubeconfigProvider(options: {
  policy: OutboundPolicy;
  resolve?: Resolver;
}): ProviderAdapter<KubeconfigCredentials> {
  return {
    kind: 'ProviderKubeconfig',
    credentials: kubeconfigCredentials,
    async connect(_spec, credentials) {
      const result = await sanitizeKubeconfig(credentials.kubeconfig, {
        policy: options.policy,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
      if (!result.ok) {
        throw new ApiError(errors.validationFailed, {
          message: `the kubeconfig is refused: ${result.reason}`,
          details: [{ path: 'credentials.kubeconfig', message: result.reason }],
        });
      }
      const { server, certificateAuthorityData, tlsServerName, user } = result.kubeconfig;
      return {
        server,
        auth: user,
        ...(certificateAuthorityData ? { certificateAuthorityData } : {}),
        ...(tlsServerName ? { tlsServerName } : {}),
      };
    },
  };
}
