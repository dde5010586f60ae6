import { z } from 'zod';
import { providerKinds } from '../../crds/common.js';
import type { ProviderAdapter, ProviderKind } from './types.js';

/** How the console shows a provider kind. */
export interface ProviderInfo {
  kind: ProviderKind;
  displayName: string;
  vendor: string;
  /** False when this operator has no adapter for the kind yet. */
  available: boolean;
  /** Names of the write-only credential fields the kind expects. */
  credentialFields: string[];
}

const display: Record<ProviderKind, { displayName: string; vendor: string }> = {
  ProviderAWS: { displayName: 'Amazon EKS', vendor: 'aws' },
  ProviderALiCloud: { displayName: 'Alibaba Cloud ACK', vendor: 'alibaba' },
  ProviderGCP: { displayName: 'Google GKE', vendor: 'gcp' },
  ProviderKubeconfig: { displayName: 'Kubeconfig', vendor: 'kubeconfig' },
  ProviderTencent: { displayName: 'Tencent Cloud TKE', vendor: 'tencent' },
  ProviderHuawei: { displayName: 'Huawei Cloud CCE', vendor: 'huawei' },
};

export interface ProviderRegistry {
  /** The six kinds, in the spec's order, with display info. */
  supported(): ProviderInfo[];
  adapter(kind: string): ProviderAdapter | undefined;
}

function fieldsOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

export function createProviderRegistry(adapters: readonly ProviderAdapter[]): ProviderRegistry {
  const byKind = new Map<string, ProviderAdapter>(adapters.map((a) => [a.kind, a]));
  return {
    supported: () =>
      providerKinds.map((kind) => {
        const adapter = byKind.get(kind);
        return {
          kind,
          ...display[kind],
          available: adapter !== undefined,
          credentialFields: adapter ? fieldsOf(adapter.credentials) : [],
        };
      }),
    adapter: (kind) => byKind.get(kind),
  };
}
