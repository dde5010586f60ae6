import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PromqlBuilder } from '@nimbus/api';
import { labelMatchOperators, promqlFunctions } from '@nimbus/api/shared';
import type { PrometheusClient } from '@prometheus-io/codemirror-promql';
import { AutoComplete, Button, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { asOptions, useLabelNames, useLabelValues, useMetricNames } from './useCompletionLists';

type Filter = PromqlBuilder['filters'][number];

export interface PromqlBuilderFormProps {
  value: PromqlBuilder;
  onChange: (value: PromqlBuilder) => void;
  client?: PrometheusClient | undefined;
}

function FilterRow({
  filter,
  metric,
  client,
  onChange,
  onRemove,
  index,
}: {
  filter: Filter;
  metric: string;
  client?: PrometheusClient | undefined;
  onChange: (filter: Filter) => void;
  onRemove: () => void;
  index: number;
}) {
  const { t } = useTranslation();
  const labels = useLabelNames(client, metric);
  const values = useLabelValues(client, filter.label, metric);
  return (
    <Flex gap="small" data-testid={`promql-filter-${index}`}>
      <AutoComplete
        aria-label={t('dashboards.builder.filterLabel')}
        placeholder={t('dashboards.builder.filterLabel')}
        value={filter.label}
        options={asOptions(labels)}
        filterOption
        onChange={(label: string) => onChange({ ...filter, label })}
        style={{ width: 160 }}
      />
      <Select
        aria-label={t('dashboards.builder.filterOperator')}
        value={filter.operator}
        options={labelMatchOperators.map((value) => ({ value, label: value }))}
        onChange={(operator) => onChange({ ...filter, operator })}
        style={{ width: 70 }}
      />
      <AutoComplete
        aria-label={t('dashboards.builder.filterValue')}
        placeholder={t('dashboards.builder.filterValue')}
        value={filter.value}
        options={asOptions(values)}
        filterOption
        onChange={(value: string) => onChange({ ...filter, value })}
        style={{ flex: 1 }}
      />
      <Button
        aria-label={t('dashboards.builder.removeFilter')}
        icon={<DeleteOutlined />}
        onClick={onRemove}
      />
    </Flex>
  );
}

/** The PromQL generator: metric, functions, by/without labels, interval, K, filters. */
export function PromqlBuilderForm({ value, onChange, client }: PromqlBuilderFormProps) {
  const { t } = useTranslation();
  const metrics = useMetricNames(client);
  const labels = useLabelNames(client, value.metric);
  const set = (change: Partial<PromqlBuilder>) => onChange({ ...value, ...change });
  const setFilter = (index: number, filter: Filter) =>
    set({ filters: value.filters.map((f, i) => (i === index ? filter : f)) });

  return (
    <Form layout="vertical" component="div" data-testid="promql-builder">
      <Form.Item label={t('dashboards.builder.metric')} htmlFor="promql-builder-metric">
        <AutoComplete
          id="promql-builder-metric"
          aria-label={t('dashboards.builder.metric')}
          value={value.metric}
          options={asOptions(metrics)}
          filterOption
          onChange={(metric: string) => set({ metric })}
        />
      </Form.Item>
      <Form.Item label={t('dashboards.builder.functions')} htmlFor="promql-builder-functions">
        <Select
          id="promql-builder-functions"
          data-testid="promql-builder-functions"
          aria-label={t('dashboards.builder.functions')}
          mode="multiple"
          value={value.functions}
          options={promqlFunctions.map((fn) => ({ value: fn, label: fn }))}
          onChange={(functions) => set({ functions })}
        />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item label={t('dashboards.builder.dimension')}>
          <Radio.Group
            value={value.dimension}
            onChange={(event) =>
              set({ dimension: event.target.value as PromqlBuilder['dimension'] })
            }
            options={[
              { value: 'by', label: 'by' },
              { value: 'without', label: 'without' },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('dashboards.builder.interval')} htmlFor="promql-builder-interval">
          <Input
            id="promql-builder-interval"
            value={value.interval}
            onChange={(event) => set({ interval: event.target.value.trim() })}
            style={{ width: 100 }}
          />
        </Form.Item>
        <Form.Item label={t('dashboards.builder.k')} htmlFor="promql-builder-k">
          <InputNumber
            id="promql-builder-k"
            min={1}
            max={1000}
            value={value.k}
            onChange={(k) => set({ k: k ?? 1 })}
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('dashboards.builder.labels')} htmlFor="promql-builder-labels">
        <Select
          id="promql-builder-labels"
          aria-label={t('dashboards.builder.labels')}
          mode="tags"
          value={value.labels}
          options={asOptions(labels)}
          onChange={(chosen: string[]) => set({ labels: chosen })}
        />
      </Form.Item>
      <Form.Item label={t('dashboards.builder.filters')}>
        <Flex vertical gap="small">
          {value.filters.map((filter, index) => (
            <FilterRow
              // Filters have no identity of their own; their position is it.
              key={index}
              index={index}
              filter={filter}
              metric={value.metric}
              client={client}
              onChange={(changed) => setFilter(index, changed)}
              onRemove={() => set({ filters: value.filters.filter((_, i) => i !== index) })}
            />
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              set({ filters: [...value.filters, { label: '', operator: '=', value: '' }] })
            }
          >
            {t('dashboards.builder.addFilter')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
