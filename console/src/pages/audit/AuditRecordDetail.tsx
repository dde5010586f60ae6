import type { AuditRecordView } from '@nimbus/api';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatJson } from './auditQuery';

const preStyle = { maxHeight: 320, overflow: 'auto', margin: 0 } as const;

/** The expanded row: request header and body (redacted by the server) as formatted JSON. */
export function AuditRecordDetail({ record }: { record: AuditRecordView }) {
  const { t } = useTranslation();
  const sections = [
    { key: 'header', title: t('admin.audit.requestHeader'), value: record.requestHeader },
    { key: 'body', title: t('admin.audit.requestBody'), value: record.requestBody },
  ];
  return (
    <Row gutter={16} data-testid="audit-record-detail">
      {sections.map(({ key, title, value }) => {
        const json = formatJson(value);
        return (
          <Col key={key} xs={24} lg={12}>
            <Typography.Title level={5}>{title}</Typography.Title>
            {json ? (
              <pre style={preStyle}>{json}</pre>
            ) : (
              <Typography.Text type="secondary">{t('admin.audit.noContent')}</Typography.Text>
            )}
          </Col>
        );
      })}
    </Row>
  );
}
