import type { NamespaceItem } from '@nimbus/api';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListNamespacesQuery } from '../api/namespaceApi';

/** Only an Active namespace can be chosen. */
const ACTIVE_PHASE = 'Active';

export interface NamespaceSelectorProps {
  vendor?: string;
  region?: string;
  cluster?: string;
  /** Several namespaces may be chosen; the value is then a list. */
  multiple?: boolean;
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  /** Set by Form.Item so the field's label names the control. */
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
}

function namespaceOption(item: NamespaceItem) {
  const { name } = item.metadata;
  const phase = item.status?.phase ?? '';
  const active = phase === ACTIVE_PHASE;
  return {
    value: name,
    disabled: !active,
    label: active ? (
      name
    ) : (
      <Typography.Text type="danger">
        {name} ({phase || '?'})
      </Typography.Text>
    ),
  };
}

/**
 * The namespace selector: the namespaces of one cluster, loaded on mount and whenever
 * the location changes, empty without a location, reloaded by the refresh button. A refused list
 * simply stops loading (the request is silent).
 */
export function NamespaceSelector({
  vendor,
  region,
  cluster,
  multiple,
  value,
  onChange,
  id,
  placeholder,
  disabled,
  ...rest
}: NamespaceSelectorProps) {
  const { t } = useTranslation();
  const location = vendor && region && cluster ? { vendor, region, cluster } : undefined;
  const { currentData, isFetching, refetch } = useListNamespacesQuery(
    location ?? { vendor: '', region: '', cluster: '' },
    {
      skip: !location,
    },
  );
  const options = location ? (currentData ?? []).map(namespaceOption) : [];

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<string | string[]>
        id={id}
        aria-label={rest['aria-label']}
        data-testid="namespace-selector"
        mode={multiple ? 'multiple' : undefined}
        showSearch={{ optionFilterProp: 'value' }}
        allowClear
        disabled={disabled}
        loading={isFetching}
        value={value}
        onChange={(next) => onChange?.(next)}
        options={options}
        placeholder={placeholder ?? t('namespaces.selector.placeholder')}
        notFoundContent={t('namespaces.selector.empty')}
        style={{ width: '100%' }}
      />
      <Button
        icon={<ReloadOutlined />}
        aria-label={t('namespaces.selector.refresh')}
        data-testid="namespace-selector-refresh"
        disabled={disabled || !location}
        loading={isFetching}
        onClick={() => void refetch()}
      />
    </Space.Compact>
  );
}
