import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';

const MAX_REPLICAS = 1000;

/**
 * Autoscale: a replica range and CPU and memory utilisation thresholds (at least one),
 * used by the application form (prefix ['autoscale']) and the detail page's dialog (no prefix).
 */
export function AutoscaleFields({ prefix }: { prefix: readonly string[] }) {
  const { t } = useTranslation();
  const path = (field: string) => [...prefix, field];
  const required = { required: true, message: t('appForm.validation.required') };
  return (
    <Row gutter={16} data-testid="autoscale-fields">
      <Col span={6}>
        <Form.Item name={path('minReplicas')} label={t('appForm.autoscale.min')} rules={[required]}>
          <InputNumber min={1} max={MAX_REPLICAS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name={path('maxReplicas')}
          label={t('appForm.autoscale.max')}
          dependencies={[path('minReplicas')]}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) => {
                const min = getFieldValue(path('minReplicas')) as number | undefined;
                return typeof value === 'number' && min !== undefined && value < min
                  ? Promise.reject(new Error(t('appForm.validation.range')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber min={1} max={MAX_REPLICAS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name={path('cpuUtilization')}
          label={t('appForm.autoscale.cpu')}
          dependencies={[path('memoryUtilization')]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value === undefined || value === null
                  ? getFieldValue(path('memoryUtilization')) === undefined ||
                    getFieldValue(path('memoryUtilization')) === null
                    ? Promise.reject(new Error(t('appForm.validation.threshold')))
                    : Promise.resolve()
                  : Promise.resolve(),
            }),
          ]}
        >
          <InputNumber min={1} max={1000} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name={path('memoryUtilization')} label={t('appForm.autoscale.memory')}>
          <InputNumber min={1} max={1000} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
