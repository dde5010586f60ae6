import type { CrdCluster } from '@nimbus/api';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListCrdClustersQuery } from '../../api/resourceApi';

/** A cluster is usable only when it is ready and none of the user's roles denies it. */
export const isClusterUsable = (cluster: CrdCluster): boolean =>
  cluster.ready && cluster.status !== 'Deny';

export interface ClusterSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/** The caller's clusters; not-ready and denied clusters are shown but cannot be picked. */
export function ClusterSelect({ id, value, onChange }: ClusterSelectProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useListCrdClustersQuery(undefined);
  return (
    <Select
      id={id}
      data-testid="resource-filter-cluster"
      allowClear
      showSearch
      loading={isFetching}
      value={value}
      onChange={(next?: string) => onChange?.(next)}
      placeholder={t('resources.filters.allClusters')}
      style={{ width: 200 }}
      options={(data?.items ?? []).map((cluster) => ({
        value: cluster.name,
        label: cluster.name,
        disabled: !isClusterUsable(cluster),
      }))}
    />
  );
}
