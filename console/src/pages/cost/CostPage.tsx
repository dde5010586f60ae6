import type { CostItem } from '@nimbus/api';
import type { CostAggregate } from '@nimbus/api/shared';
import { costAggregates, idleRowName, unlabelledRowName } from '@nimbus/api/shared';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Input,
  Row,
  Segmented,
  Select,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import { useCostAllocationQuery } from '../../api/costApi';
import { downloadText } from '../../download/downloadText';
import type { CostRangePreset } from './costReport';
import {
  COST_REFRESH_MS,
  costCsv,
  costCsvFileName,
  costRangePresets,
  formatCost,
  presetDays,
} from './costReport';

// recharts is loaded with this screen, never with the first route.
const CostCharts = lazy(() => import('./CostCharts'));

/** The cost center (/cost): what the caller's clusters cost, by cluster, namespace, workload or label. */
export default function CostPage() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<CostRangePreset>('7d');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | undefined>();
  const [aggregate, setAggregate] = useState<CostAggregate>('namespace');
  const [label, setLabel] = useState('app');
  const [cluster, setCluster] = useState<string | undefined>();
  const [from, to] = useMemo(
    () =>
      preset === 'custom' && custom
        ? [custom[0].format('YYYY-MM-DD'), custom[1].format('YYYY-MM-DD')]
        : presetDays(preset === 'custom' ? '7d' : preset, new Date()),
    [preset, custom],
  );
  const { data, currentData, isFetching, error } = useCostAllocationQuery(
    {
      from,
      to,
      aggregate,
      ...(aggregate === 'label' ? { label: label.trim() || 'app' } : {}),
      ...(cluster ? { cluster } : {}),
    },
    // Today's costs grow while the page is open; a background read keeps the table as it is.
    { pollingInterval: COST_REFRESH_MS },
  );
  const currency = data?.currency ?? 'USD';
  const money = (value: number) => formatCost(value, currency);
  const nameOf = (item: CostItem) =>
    item.name === idleRowName
      ? t('cost.idleRow')
      : item.name === unlabelledRowName
        ? t('cost.unlabelledRow')
        : item.name;

  const columns: ColumnsType<CostItem> = [
    {
      title: t(`cost.aggregate.${aggregate}`),
      key: 'name',
      render: (_, item) => (item.idle ? <Tag>{nameOf(item)}</Tag> : nameOf(item)),
    },
    { title: t('cost.columns.cluster'), dataIndex: 'cluster' },
    ...(aggregate === 'workload'
      ? [
          { title: t('cost.columns.namespace'), dataIndex: 'namespace' },
          { title: t('cost.columns.kind'), dataIndex: 'kind' },
        ]
      : []),
    { title: t('cost.columns.cpu'), dataIndex: 'cpuCost', align: 'right', render: money },
    { title: t('cost.columns.memory'), dataIndex: 'memoryCost', align: 'right', render: money },
    { title: t('cost.columns.total'), dataIndex: 'totalCost', align: 'right', render: money },
    {
      title: t('cost.columns.share'),
      key: 'share',
      align: 'right',
      render: (_, item) =>
        data && data.totalCost > 0
          ? `${((item.totalCost / data.totalCost) * 100).toFixed(1)}%`
          : '—',
    },
  ];

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="cost-page">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('cost.title')}
        </Typography.Title>
        <Button
          data-testid="cost-export-csv"
          disabled={!data}
          onClick={() => data && downloadText(costCsvFileName(data), costCsv(data))}
        >
          {t('cost.exportCsv')}
        </Button>
      </Flex>
      <Flex wrap gap="small" align="center">
        <Segmented<CostRangePreset>
          data-testid="cost-range"
          value={preset}
          onChange={setPreset}
          options={costRangePresets.map((p) => ({ value: p, label: t(`cost.range.${p}`) }))}
        />
        {preset === 'custom' && (
          <DatePicker.RangePicker
            value={custom}
            disabledDate={(day) => day.isAfter(dayjs())}
            onChange={(range) => range?.[0] && range[1] && setCustom([range[0], range[1]])}
          />
        )}
        <Select<CostAggregate>
          data-testid="cost-aggregate"
          aria-label={t('cost.aggregateBy')}
          style={{ minWidth: 160 }}
          value={aggregate}
          onChange={setAggregate}
          options={costAggregates.map((a) => ({ value: a, label: t(`cost.aggregate.${a}`) }))}
        />
        {aggregate === 'label' && (
          <Input
            aria-label={t('cost.labelKey')}
            placeholder={t('cost.labelKey')}
            style={{ width: 200 }}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        )}
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('cost.cluster')}
          placeholder={t('cost.allClusters')}
          style={{ minWidth: 180 }}
          value={cluster}
          onChange={setCluster}
          options={(data?.clusters ?? []).map((c) => ({ value: c.cluster, label: c.cluster }))}
        />
      </Flex>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t('cost.total')}
              value={money(data?.totalCost ?? 0)}
              data-testid="cost-total"
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic title={t('cost.idle')} value={money(data?.idleCost ?? 0)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small">
            <Statistic
              title={t('cost.idleShare')}
              value={data && data.totalCost > 0 ? (data.idleCost / data.totalCost) * 100 : 0}
              precision={1}
              suffix="%"
            />
          </Card>
        </Col>
      </Row>
      {data && data.items.length > 0 && (
        <Suspense fallback={<Spin />}>
          <CostCharts report={data} />
        </Suspense>
      )}
      <Table<CostItem>
        data-testid="cost-breakdown"
        rowKey={(item) => `${item.cluster}/${item.namespace ?? ''}/${item.kind ?? ''}/${item.name}`}
        columns={columns}
        dataSource={data?.items}
        loading={isFetching && currentData === undefined}
        locale={{
          emptyText: refusalOf(error) ? (
            <NotAllowed error={error} />
          ) : (
            <Empty description={t('cost.empty')} />
          ),
        }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <Typography.Paragraph type="secondary" data-testid="cost-pricing-note">
        {t('cost.pricingNote', { date: data?.catalogueDate ?? '' })}{' '}
        {(data?.clusters ?? [])
          .map((c) =>
            t('cost.clusterPricing', {
              cluster: c.cluster,
              sources: c.priceSources.map((s) => t(`cost.priceSource.${s}`)).join(', ') || '—',
              usage: c.usageMetrics ? t('cost.usage.yes') : t('cost.usage.no'),
            }),
          )
          .join(' ')}
      </Typography.Paragraph>
    </Flex>
  );
}
