import type { ChartSourceView } from '@nimbus/api';
import { Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useDeleteChartSourceMutation,
  useListChartSourcesQuery,
} from '../../../api/chartSourceApi';
import { currentOrganizationId } from '../../../components/admin/session';
import { ChartSourceForm } from './ChartSourceForm';

function ReadyTag({ source }: { source: ChartSourceView }) {
  const { t } = useTranslation();
  if (!source.ready) return <Tag>{t('chartSources.unchecked')}</Tag>;
  const ready = source.ready.status === 'True';
  return (
    <Tooltip title={source.ready.message}>
      <Tag color={ready ? 'success' : 'error'} data-testid={`chart-source-ready-${source.name}`}>
        {ready ? t('chartSources.ready') : t('chartSources.notReady')}
      </Tag>
    </Tooltip>
  );
}

/** The organization's chart sources for the app store: list, add (tested), edit and delete. */
export default function ChartSourcesPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const { data, isFetching } = useListChartSourcesQuery(organizationId, {
    skip: !organizationId,
  });
  const [deleteSource] = useDeleteChartSourceMutation();
  const [editing, setEditing] = useState<ChartSourceView | 'new' | undefined>();

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('chartSources.title')}
        </Typography.Title>
        <Space>
          <Link to="/appstore/list">{t('chartSources.toAppStore')}</Link>
          <Button type="primary" data-testid="chart-source-add" onClick={() => setEditing('new')}>
            {t('chartSources.add')}
          </Button>
        </Space>
      </Flex>
      <Table<ChartSourceView>
        data-testid="chart-source-table"
        rowKey={(source) => source.uuid}
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: t('chartSources.empty') }}
        columns={[
          { key: 'name', title: t('chartSources.name'), dataIndex: 'name' },
          {
            key: 'type',
            title: t('chartSources.type'),
            render: (_value, source) => t(`chartSources.types.${source.type}`),
          },
          { key: 'url', title: t('chartSources.url'), dataIndex: 'url' },
          {
            key: 'credentials',
            title: t('chartSources.login'),
            render: (_value, source) =>
              source.credentialsSet ? t('chartSources.loginSet') : t('chartSources.anonymous'),
          },
          {
            key: 'ready',
            title: t('chartSources.status'),
            render: (_value, source) => <ReadyTag source={source} />,
          },
          {
            key: 'actions',
            title: t('chartSources.actions'),
            render: (_value, source) => (
              <Space>
                <Button type="link" onClick={() => setEditing(source)}>
                  {t('chartSources.edit')}
                </Button>
                <Popconfirm
                  title={t('chartSources.deleteTitle', { name: source.name })}
                  okText={t('chartSources.delete')}
                  cancelText={t('chartSources.cancel')}
                  onConfirm={() => deleteSource({ organizationId, name: source.name }).unwrap()}
                >
                  <Button type="link" danger>
                    {t('chartSources.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ChartSourceForm
          organizationId={organizationId}
          existing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Flex>
  );
}
