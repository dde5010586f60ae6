import type { OutboundPolicy } from '../../outbound/policy.js';
import { createAlibabaAdapter } from './alibaba.js';
import { awsProvider } from './aws.js';
import { gcpProvider } from './gcp.js';
import { createHuaweiAdapter } from './huawei.js';
import { kubeconfigProvider } from './kubeconfig.js';
import { createTencentAdapter } from './tencent.js';
import type { ProviderAdapter } from './types.js';

/** Every provider adapter the operator ships, wired to the outbound policy. */
export function createProviderAdapters(policy: OutboundPolicy): ProviderAdapter[] {
  return [
    kubeconfigProvider({ policy }),
    awsProvider,
    gcpProvider,
    createAlibabaAdapter({ policy }),
    createTencentAdapter({ policy }),
    createHuaweiAdapter({ policy }),
  ] as ProviderAdapter[];
}
