import type { AuditQuery, AuditRecordView } from '@nimbus/api';
import { Button, Empty, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAuditRecordsQuery } from '../../api/auditApi';
import { useLocalListParams } from '../../components/admin/useListParams';
import { AuditFilters, INITIAL_FILTERS } from './AuditFilters';
import { AuditRecordDetail } from './AuditRecordDetail';
import { auditColumns } from './auditColumns';
import { auditExportUrl, auditFilterQuery } from './auditQuery';

/**
 * The audit trail (/audit) as an operation log: presets for changes, sign-ins and refusals,
 * filters, paged by the server, each row expandable; the filtered records export as CSV or JSON
 * lines.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const paging = useLocalListParams();
  // Quick ranges end when the search runs, not on every render.
  const [filters, setFilters] = useState(() => auditFilterQuery(INITIAL_FILTERS, new Date()));
  const query: AuditQuery = {
    ...filters,
    page: paging.params.page,
    pageSize: paging.params.pageSize,
  };
  // A failed request keeps the rows shown: list screens ignore non-zero answers.
  const { data, isFetching } = useListAuditRecordsQuery(query);

  const columns = auditColumns(t, i18n.language);

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.audit.title')}
        </Typography.Title>
        <Space>
          <Button href={auditExportUrl(filters, 'csv')} download data-testid="audit-export-csv">
            {t('admin.audit.exportCsv')}
          </Button>
          <Button href={auditExportUrl(filters, 'jsonl')} download data-testid="audit-export-jsonl">
            {t('admin.audit.exportJsonl')}
          </Button>
        </Space>
      </Flex>
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
        tableLayout="fixed"
        pagination={paging.pagination(data?.total)}
      />
    </Flex>
  );
}
