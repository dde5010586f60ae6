import type { AuditRecordView } from '@nimbus/api';
import { Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatTime } from '../../components/admin/formatTime';
import { operationName } from './auditOperations';

const statusColor = (status: number): string =>
  status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green';

const methodColor: Record<string, string> = {
  POST: 'blue',
  PUT: 'gold',
  PATCH: 'gold',
  DELETE: 'red',
};

/** `cluster / namespace / kind name` of a member call; empty for other calls. */
function targetText(record: AuditRecordView): string {
  const place = [record.cluster, record.namespace].filter(Boolean).join(' / ');
  const object = [record.kind, record.name].filter(Boolean).join(' ');
  return [place, object].filter(Boolean).join(' · ');
}

/**
 * The list's columns: what was done, by whom, to what, and how it ended; the URI, the message
 * and the timings are in the expanded details. Fixed widths with ellipses, so the table fits the
 * page without sideways scrolling.
 */
export function auditColumns(t: TFunction, language: string): TableColumnsType<AuditRecordView> {
  return [
    {
      key: 'requestTime',
      title: t('admin.audit.requestTime'),
      width: 170,
      render: (_value, record) => formatTime(record.requestTime, language),
    },
    {
      key: 'userName',
      title: t('admin.audit.user'),
      dataIndex: 'userName',
      width: 130,
      ellipsis: true,
    },
    {
      key: 'operation',
      title: t('admin.audit.operation'),
      ellipsis: true,
      // The tags first and whole; the operation's name is what a narrow column cuts short
      // (a long Chinese name pushed the check tag out of the cell).
      render: (_value, record) => (
        <Flex gap={4} align="center" style={{ minWidth: 0 }}>
          <Tag color={methodColor[record.method]} style={{ flex: 'none', marginInlineEnd: 0 }}>
            {record.method}
          </Tag>
          {record.category === 'check' && (
            <Tag style={{ flex: 'none', marginInlineEnd: 0 }}>
              {t('admin.audit.presets.checks')}
            </Tag>
          )}
          <Typography.Text
            title={record.resource}
            ellipsis
            style={{ minWidth: 0 }}
            data-testid="audit-operation-name"
          >
            {operationName(t, record)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'target',
      title: t('admin.audit.target'),
      ellipsis: true,
      render: (_v, record) => targetText(record),
    },
    {
      key: 'organization',
      title: t('admin.audit.organization'),
      dataIndex: 'organization',
      width: 140,
      ellipsis: true,
    },
    {
      key: 'outcome',
      title: t('admin.audit.outcome'),
      width: 120,
      render: (_value, record) => (
        <Space size={4}>
          <Tag color={statusColor(record.httpStatus)}>{record.httpStatus}</Tag>
          {record.code !== null && record.code !== 0 && <Tag>{record.code}</Tag>}
        </Space>
      ),
    },
  ];
}
