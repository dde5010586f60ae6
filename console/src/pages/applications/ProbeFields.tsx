import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProbeValues } from './applicationValues';

const PROBE_TYPES = ['none', 'httpGet', 'tcpSocket', 'exec'] as const;

/** A liveness or readiness probe: its check and three timings (initial delay, period, timeout). */
export function ProbeFields({ name, label }: { name: 'liveness' | 'readiness'; label: string }) {
  const { t } = useTranslation();
  const type = Form.useWatch<ProbeValues['type']>([name, 'type']) ?? 'none';
  const seconds = (field: 'initialDelaySeconds' | 'periodSeconds' | 'timeoutSeconds') => (
    <Col span={4}>
      <Form.Item name={[name, field]} label={t(`appForm.probe.${field}`)}>
        <InputNumber
          min={field === 'initialDelaySeconds' ? 0 : 1}
          max={3600}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16} data-testid={`probe-${name}`}>
      <Col span={4}>
        <Form.Item name={[name, 'type']} label={label} initialValue="none">
          <Select
            aria-label={label}
            options={PROBE_TYPES.map((value) => ({
              value,
              label: t(`appForm.probe.types.${value}`),
            }))}
          />
        </Form.Item>
      </Col>
      {type === 'httpGet' && (
        <Col span={4}>
          <Form.Item name={[name, 'path']} label={t('appForm.probe.path')}>
            <Input placeholder="/healthz" />
          </Form.Item>
        </Col>
      )}
      {(type === 'httpGet' || type === 'tcpSocket') && (
        <Col span={4}>
          <Form.Item
            name={[name, 'port']}
            label={t('appForm.probe.port')}
            rules={[{ required: true, message: t('appForm.validation.required') }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      {type === 'exec' && (
        <Col span={8}>
          <Form.Item
            name={[name, 'commandText']}
            label={t('appForm.probe.command')}
            rules={[
              { required: true, whitespace: true, message: t('appForm.validation.required') },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      )}
      {type !== 'none' && (
        <>
          {seconds('initialDelaySeconds')}
          {seconds('periodSeconds')}
          {seconds('timeoutSeconds')}
        </>
      )}
    </Row>
  );
}
