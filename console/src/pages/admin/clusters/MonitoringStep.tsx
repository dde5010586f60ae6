import type { MonitorCandidate } from '@nimbus/api';
import { Alert, Button, Form, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TYPES } from '../../../api/monitorApi';
import { MonitorFields } from './MonitorFields';
import { MONITOR_FIELDS, serviceText, type MonitoringValues } from './monitorPlan';

/** What the wizard found in the cluster to offer as its monitors. */
export type Discovery =
  | { state: 'running' }
  | { state: 'done'; candidates: MonitorCandidate[] }
  | { state: 'failed'; message: string };

interface MonitoringStepProps {
  initialValues: MonitoringValues;
  discovery: Discovery;
  /** System administrators may give a direct URL instead of a Service. */
  directAllowed: boolean;
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: MonitoringValues) => void;
}

/**
 * Step three: optional Prometheus and Alertmanager Services of the cluster (the ones found there
 * offered, the first of each prefilled when nothing is set yet), then the cluster is saved.
 */
export function MonitoringStep({
  initialValues,
  discovery,
  directAllowed,
  submitting,
  onBack,
  onSubmit,
}: MonitoringStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MonitoringValues>();
  const candidates = discovery.state === 'done' ? discovery.candidates : [];

  useEffect(() => {
    if (discovery.state !== 'done') return;
    for (const type of MONITOR_TYPES) {
      const fields = MONITOR_FIELDS[type];
      const first = discovery.candidates.find((candidate) => candidate.type === type);
      const empty = !form.getFieldValue(fields.service) && !form.getFieldValue(fields.url);
      if (first && empty && !form.isFieldTouched(fields.service)) {
        form.setFieldsValue({
          [fields.service]: serviceText(first),
          [fields.scheme]: first.scheme,
        });
      }
    }
  }, [discovery, form]);

  return (
    <Form<MonitoringValues>
      form={form}
      layout="vertical"
      name="cluster-monitoring"
      initialValues={initialValues}
      onFinish={onSubmit}
      style={{ maxWidth: 760 }}
    >
      <Alert
        type="info"
        showIcon
        title={t('admin.clusters.monitoringNote')}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph type="secondary" data-testid="monitor-discovery">
        {discovery.state === 'running' && t('admin.clusters.discovering')}
        {discovery.state === 'done' &&
          t('admin.clusters.discovered', { count: discovery.candidates.length })}
        {discovery.state === 'failed' &&
          t('admin.clusters.discoveryFailed', { message: discovery.message })}
      </Typography.Paragraph>
      {MONITOR_TYPES.map((type) => (
        <MonitorFields
          key={type}
          type={type}
          form={form}
          candidates={candidates}
          directAllowed={directAllowed}
          storedUrl={initialValues[MONITOR_FIELDS[type].url]}
        />
      ))}
      <Space>
        <Button onClick={onBack}>{t('admin.clusters.previous')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('admin.common.submit')}
        </Button>
      </Space>
    </Form>
  );
}
