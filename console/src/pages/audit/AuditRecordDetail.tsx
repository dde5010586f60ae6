import type { AuditRecordView } from '@nimbus/api';
import { Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatJson } from './auditQuery';

const preStyle = { maxHeight: 320, overflow: 'auto', margin: 0 } as const;

/**
 * The expanded row: the URI, resource, message and timing the list leaves out, where the call
 * acted and the level it was recorded at, then the
 * request header and body (and at RequestResponse the response data), redacted by the server,
 * as formatted JSON.
 */
export function AuditRecordDetail({ record }: { record: AuditRecordView }) {
  const { t } = useTranslation();
  const facts = [
    { key: 'uri', label: t('admin.audit.uri'), value: record.uri },
    { key: 'resource', label: t('admin.audit.resource'), value: record.resource },
    { key: 'message', label: t('admin.audit.message'), value: record.message },
    {
      key: 'handleTime',
      label: t('admin.audit.handleTime'),
      value: t('admin.audit.milliseconds', { value: record.handleTimeMs }),
    },
    { key: 'level', label: t('admin.audit.level'), value: record.level },
    { key: 'cluster', label: t('admin.audit.cluster'), value: record.cluster },
    { key: 'namespace', label: t('admin.audit.namespace'), value: record.namespace },
    { key: 'kind', label: t('admin.audit.kind'), value: record.kind },
    { key: 'name', label: t('admin.audit.name'), value: record.name },
  ].filter((fact) => fact.value !== null && fact.value !== '');
  const sections = [
    { key: 'header', title: t('admin.audit.requestHeader'), value: record.requestHeader },
    { key: 'body', title: t('admin.audit.requestBody'), value: record.requestBody },
    ...(record.responseBody
      ? [{ key: 'response', title: t('admin.audit.responseBody'), value: record.responseBody }]
      : []),
  ];
  const nothing =
    record.level === 'Metadata' ? t('admin.audit.levelHint') : t('admin.audit.noContent');
  return (
    <div data-testid="audit-record-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3, xl: 5 }}
        items={facts.map(({ key, label, value }) => ({ key, label, children: value }))}
        style={{ marginBottom: 12 }}
      />
      <Row gutter={16}>
        {sections.map(({ key, title, value }) => {
          const json = formatJson(value);
          return (
            <Col key={key} xs={24} lg={12}>
              <Typography.Title level={5}>{title}</Typography.Title>
              {json ? (
                <pre style={preStyle}>{json}</pre>
              ) : (
                <Typography.Text type="secondary">
                  {key === 'body' ? nothing : t('admin.audit.noContent')}
                </Typography.Text>
              )}
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
