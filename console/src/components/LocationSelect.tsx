import type { ClusterLocation, CrdCluster } from '@nimbus/api';
import { Cascader, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isProviderKind } from '../api/clusterApi';
import { useListLocationsQuery } from '../api/namespaceApi';

export interface LocationOption {
  value: string;
  label: ReactNode;
  /** What the search box matches. */
  text: string;
  disabled?: boolean;
  children?: LocationOption[];
}

/** A cluster that is not ready or denied cannot be chosen as a location. */
const isSelectableCluster = (cluster: CrdCluster): boolean =>
  cluster.ready && cluster.status !== 'Deny';

function clusterOption(cluster: CrdCluster, t: TFunction): LocationOption {
  const selectable = isSelectableCluster(cluster);
  const reason = !cluster.ready
    ? t('namespaces.location.notReady')
    : cluster.status === 'Deny'
      ? t('namespaces.location.denied')
      : undefined;
  return {
    value: cluster.name,
    text: cluster.name,
    disabled: !selectable,
    label: reason ? (
      <span>
        {cluster.name} <Typography.Text type="secondary">({reason})</Typography.Text>
      </span>
    ) : (
      cluster.name
    ),
  };
}

/** Location lists nest vendor, then region, then cluster; names sorted at each level. */
export function locationOptions(clusters: readonly CrdCluster[], t: TFunction): LocationOption[] {
  const vendors = new Map<string, Map<string, CrdCluster[]>>();
  for (const cluster of clusters) {
    const regions = vendors.get(cluster.kind) ?? new Map<string, CrdCluster[]>();
    regions.set(cluster.regionID, [...(regions.get(cluster.regionID) ?? []), cluster]);
    vendors.set(cluster.kind, regions);
  }
  const byKey = <T,>(entries: Iterable<[string, T]>) =>
    [...entries].sort(([a], [b]) => a.localeCompare(b));
  return byKey(vendors).map(([vendor, regions]) => {
    const vendorLabel = isProviderKind(vendor) ? t(`clusters.providers.${vendor}`) : vendor;
    return {
      value: vendor,
      text: vendorLabel,
      label: vendorLabel,
      children: byKey(regions).map(([region, members]) => ({
        value: region,
        text: region,
        label: region,
        children: [...members]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((cluster) => clusterOption(cluster, t)),
      })),
    };
  });
}

export interface LocationSelectProps {
  value?: ClusterLocation;
  onChange?: (location: ClusterLocation | undefined) => void;
  /** Set by Form.Item so the field's label names the control. */
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  disabled?: boolean;
}

/** Chooses a cluster the caller may use, nested vendor → region → cluster. */
export function LocationSelect({ value, onChange, id, disabled, ...rest }: LocationSelectProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useListLocationsQuery(undefined);
  const options = locationOptions(data ?? [], t);
  return (
    <Cascader<LocationOption>
      id={id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      disabled={disabled}
      loading={isFetching}
      options={options}
      value={value ? [value.vendor, value.region, value.cluster] : undefined}
      placeholder={t('namespaces.location.placeholder')}
      notFoundContent={t('namespaces.location.empty')}
      showSearch={{
        filter: (input, path) =>
          path.some((option) => option.text.toLowerCase().includes(input.trim().toLowerCase())),
      }}
      onChange={(path) => {
        const [vendor, region, cluster] = (path ?? []).map(String);
        onChange?.(vendor && region && cluster ? { vendor, region, cluster } : undefined);
      }}
      style={{ width: '100%' }}
    />
  );
}
