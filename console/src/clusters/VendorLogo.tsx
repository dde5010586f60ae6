import type { ProviderKind } from '@nimbus/api/shared';
import { useTranslation } from 'react-i18next';
import { isProviderKind } from '../api/clusterApi';

/** A vendor's colour and short mark; drawn inline so the console loads no outside images. */
const MARKS: Record<ProviderKind, { color: string; mark: string }> = {
  ProviderAWS: { color: '#ff9900', mark: 'aws' },
  ProviderALiCloud: { color: '#ff6a00', mark: 'Ali' },
  ProviderGCP: { color: '#4285f4', mark: 'GCP' },
  ProviderKubeconfig: { color: '#326ce5', mark: 'K8s' },
  ProviderTencent: { color: '#0052d9', mark: 'TC' },
  ProviderHuawei: { color: '#cf0a2c', mark: 'HW' },
};

const UNKNOWN = { color: '#8c8c8c', mark: '?' };

export function VendorLogo({ kind, size = 32 }: { kind: string; size?: number }) {
  const { t } = useTranslation();
  const { color, mark } = isProviderKind(kind) ? MARKS[kind] : UNKNOWN;
  const label = isProviderKind(kind) ? t(`clusters.providers.${kind}`) : kind;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label}>
      <rect width="32" height="32" rx="6" fill={color} />
      <text
        x="16"
        y="20.5"
        textAnchor="middle"
        fontSize={mark.length > 2 ? 11 : 13}
        fontWeight="700"
        fontFamily="sans-serif"
        fill="#fff"
      >
        {mark}
      </text>
    </svg>
  );
}

/** The translated product name of a kind, or the kind itself when the console does not know it. */
export function useProviderName(): (kind: string) => string {
  const { t } = useTranslation();
  return (kind) => (isProviderKind(kind) ? t(`clusters.providers.${kind}`) : kind);
}
