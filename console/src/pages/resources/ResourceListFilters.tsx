import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListCrdClustersQuery } from '../../api/resourceApi';
import { NamespaceSelector } from '../../components/NamespaceSelector';
import type { ListFilterValues } from '../../resources/listFilters';
import { ClusterSelect } from './ClusterSelect';

export interface ResourceListFiltersProps {
  namespaced: boolean;
  /** The filters the list shows now (from its URL). */
  initialValues?: ListFilterValues;
  onSearch: (values: ListFilterValues) => void;
}

/** Cluster, namespace, label (Key:Val) and name filters; applied on Search or Enter. */
export function ResourceListFilters({
  namespaced,
  initialValues,
  onSearch,
}: ResourceListFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ListFilterValues>();
  const chosen = Form.useWatch('cluster', form);
  const { data: clusters } = useListCrdClustersQuery(undefined);
  // With one cluster chosen its namespaces can be picked (with the namespace selector); across
  // all clusters a namespace name is typed.
  const location = clusters?.items.find((cluster) => cluster.name === chosen);
  return (
    <Form<ListFilterValues>
      form={form}
      {...(initialValues ? { initialValues } : {})}
      layout="inline"
      data-testid="resource-filters"
      onFinish={onSearch}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="cluster" label={t('resources.filters.cluster')}>
        <ClusterSelect
          onChange={(cluster) => {
            form.setFieldValue('namespace', undefined);
            onSearch({ ...form.getFieldsValue(), cluster, namespace: undefined });
          }}
        />
      </Form.Item>
      {namespaced && (
        <Form.Item name="namespace" label={t('resources.filters.namespace')}>
          {location ? (
            <NamespaceSelector
              vendor={location.kind}
              region={location.regionID}
              cluster={location.name}
            />
          ) : (
            <Input data-testid="resource-filter-namespace" allowClear style={{ width: 160 }} />
          )}
        </Form.Item>
      )}
      <Form.Item name="label" label={t('resources.filters.label')}>
        <Input
          data-testid="resource-filter-label"
          allowClear
          placeholder={t('resources.filters.labelPlaceholder')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="name" label={t('resources.filters.name')}>
        <Input data-testid="resource-filter-name" allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden />}
          data-testid="resource-filter-search"
        >
          {t('resources.filters.search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
