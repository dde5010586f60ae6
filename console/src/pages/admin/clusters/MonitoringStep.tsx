import { Alert, Button, Flex, Form, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONITOR_TYPES } from '../../../api/monitorApi';
import { MONITOR_FIELDS, type MonitoringValues } from './monitorPlan';

interface MonitoringStepProps {
  initialValues: MonitoringValues;
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: MonitoringValues) => void;
}

const PLACEHOLDERS = {
  Prometheus: 'https://prometheus.example.com',
  Alertmanager: 'https://alertmanager.example.com',
} as const;

/** The operator only dials http(s) addresses; the server checks the rest (SSRF policy). */
const HTTP_URL = /^https?:\/\/\S+$/i;

/** Step three: optional Prometheus and Alertmanager endpoints, then the cluster is saved. */
export function MonitoringStep({
  initialValues,
  submitting,
  onBack,
  onSubmit,
}: MonitoringStepProps) {
  const { t } = useTranslation();
  const invalidUrl = t('admin.clusters.invalidUrl');
  return (
    <Form<MonitoringValues>
      layout="vertical"
      name="cluster-monitoring"
      initialValues={initialValues}
      onFinish={onSubmit}
      style={{ maxWidth: 640 }}
    >
      <Alert
        type="info"
        showIcon
        title={t('admin.clusters.monitoringNote')}
        style={{ marginBottom: 16 }}
      />
      {MONITOR_TYPES.map((type) => {
        const fields = MONITOR_FIELDS[type];
        const label = t(`admin.clusters.${fields.url}`);
        return (
          <Flex key={type} gap="middle" align="flex-start">
            <Form.Item
              name={fields.url}
              label={label}
              style={{ flex: 1 }}
              rules={[
                { type: 'url', message: invalidUrl },
                { pattern: HTTP_URL, message: invalidUrl },
              ]}
            >
              <Input placeholder={PLACEHOLDERS[type]} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={fields.enabled}
              label={t('admin.clusters.monitorEnabled')}
              valuePropName="checked"
            >
              <Switch aria-label={t('admin.clusters.monitorEnabledOf', { name: label })} />
            </Form.Item>
          </Flex>
        );
      })}
      <Space>
        <Button onClick={onBack}>{t('admin.clusters.previous')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('admin.common.submit')}
        </Button>
      </Space>
    </Form>
  );
}
