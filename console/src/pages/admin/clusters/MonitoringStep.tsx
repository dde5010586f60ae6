import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitoringValues } from './clusterPayload';

interface MonitoringStepProps {
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: MonitoringValues) => void;
}

const urlRule = (message: string) => ({ type: 'url' as const, message });

/** Step three: optional Prometheus and Alertmanager addresses, then the cluster is saved. */
export function MonitoringStep({ submitting, onBack, onSubmit }: MonitoringStepProps) {
  const { t } = useTranslation();
  return (
    <Form<MonitoringValues>
      layout="vertical"
      name="cluster-monitoring"
      onFinish={onSubmit}
      style={{ maxWidth: 640 }}
    >
      <Alert
        type="info"
        showIcon
        title={t('admin.clusters.monitoringNote')}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="prometheusUrl"
        label={t('admin.clusters.prometheusUrl')}
        rules={[urlRule(t('admin.clusters.invalidUrl'))]}
      >
        <Input placeholder="http://prometheus.monitoring:9090" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="alertmanagerUrl"
        label={t('admin.clusters.alertmanagerUrl')}
        rules={[urlRule(t('admin.clusters.invalidUrl'))]}
      >
        <Input placeholder="http://alertmanager.monitoring:9093" autoComplete="off" />
      </Form.Item>
      <Space>
        <Button onClick={onBack}>{t('admin.clusters.previous')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('admin.common.submit')}
        </Button>
      </Space>
    </Form>
  );
}
