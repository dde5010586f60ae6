import type { AuditQuery, AuditRecordView } from '@nimbus/api';
import { Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAuditRecordsQuery } from '../../api/auditApi';
import { formatTime } from '../../components/admin/formatTime';
import { useListParams } from '../../components/admin/useListParams';
import { AuditFilters, INITIAL_FILTERS } from './AuditFilters';
import { AuditRecordDetail } from './AuditRecordDetail';
import { auditFilterQuery } from './auditQuery';

const statusColor = (status: number): string =>
  status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green';

/** The audit trail (/audit): filtered, paged by the server, each row expandable. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const paging = useListParams();
  // Quick ranges end when the search runs, not on every render.
  const [filters, setFilters] = useState(() => auditFilterQuery(INITIAL_FILTERS, new Date()));
  const query: AuditQuery = {
    ...filters,
    page: paging.params.page,
    pageSize: paging.params.pageSize,
  };
  // A failed request keeps the rows shown: list screens ignore non-zero answers (SPEC §7).
  const { data, isFetching } = useListAuditRecordsQuery(query);

  const columns: TableColumnsType<AuditRecordView> = [
    {
      key: 'requestTime',
      title: t('admin.audit.requestTime'),
      render: (_value, record) => formatTime(record.requestTime, i18n.language),
    },
    { key: 'userName', title: t('admin.audit.user'), dataIndex: 'userName' },
    { key: 'method', title: t('admin.audit.method'), dataIndex: 'method' },
    { key: 'resource', title: t('admin.audit.resource'), dataIndex: 'resource' },
    { key: 'uri', title: t('admin.audit.uri'), dataIndex: 'uri', ellipsis: true },
    {
      key: 'httpStatus',
      title: t('admin.audit.httpStatus'),
      render: (_value, record) => (
        <Tag color={statusColor(record.httpStatus)}>{record.httpStatus}</Tag>
      ),
    },
    { key: 'code', title: t('admin.audit.code'), dataIndex: 'code' },
    { key: 'message', title: t('admin.audit.message'), dataIndex: 'message', ellipsis: true },
    {
      key: 'handleTimeMs',
      title: t('admin.audit.handleTime'),
      render: (_value, record) => t('admin.audit.milliseconds', { value: record.handleTimeMs }),
    },
  ];

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.audit.title')}
      </Typography.Title>
      <AuditFilters
        onSearch={(values) => {
          setFilters(auditFilterQuery(values, new Date()));
          paging.toFirstPage();
        }}
      />
      <Table<AuditRecordView>
        data-testid="audit-table"
        rowKey="id"
        columns={columns}
        dataSource={data?.items}
        loading={isFetching}
        expandable={{ expandedRowRender: (record) => <AuditRecordDetail record={record} /> }}
        locale={{ emptyText: <Empty description={t('admin.audit.empty')} /> }}
        scroll={{ x: 'max-content' }}
        pagination={paging.pagination(data?.total)}
      />
    </Flex>
  );
}
