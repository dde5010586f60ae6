import type { AuditRecordView } from '@nimbus/api';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatTime } from '../../components/admin/formatTime';

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

/** The list's columns: what was done, by whom, to what, and how it ended, before the details. */
export function auditColumns(t: TFunction, language: string): TableColumnsType<AuditRecordView> {
  return [
    {
      key: 'requestTime',
      title: t('admin.audit.requestTime'),
      render: (_value, record) => formatTime(record.requestTime, language),
    },
    { key: 'userName', title: t('admin.audit.user'), dataIndex: 'userName' },
    {
      key: 'operation',
      title: t('admin.audit.operation'),
      render: (_value, record) => (
        <Space size={4}>
          <Tag color={methodColor[record.method]}>{record.method}</Tag>
          <Typography.Text>{record.resource}</Typography.Text>
        </Space>
      ),
    },
    { key: 'target', title: t('admin.audit.target'), render: (_v, record) => targetText(record) },
    { key: 'organization', title: t('admin.audit.organization'), dataIndex: 'organization' },
    {
      key: 'outcome',
      title: t('admin.audit.outcome'),
      render: (_value, record) => (
        <Space size={4}>
          <Tag color={statusColor(record.httpStatus)}>{record.httpStatus}</Tag>
          {record.code !== null && record.code !== 0 && <Tag>{record.code}</Tag>}
        </Space>
      ),
    },
    { key: 'message', title: t('admin.audit.message'), dataIndex: 'message', ellipsis: true },
    { key: 'uri', title: t('admin.audit.uri'), dataIndex: 'uri', ellipsis: true },
    {
      key: 'handleTimeMs',
      title: t('admin.audit.handleTime'),
      render: (_value, record) => t('admin.audit.milliseconds', { value: record.handleTimeMs }),
    },
  ];
}
