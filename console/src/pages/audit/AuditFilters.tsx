import { Button, DatePicker, Form, Input, InputNumber, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/translationKey';
import { TIME_RANGE_MINUTES } from '../../constants';
import { operationOptions } from './auditOperations';
import {
  AUDIT_METHODS,
  AUDIT_PRESETS,
  CUSTOM_RANGE,
  DEFAULT_RANGE,
  isTimeOrderValid,
  type AuditFilterValues,
  type Instant,
  type PresetChoice,
  type QuickRange,
} from './auditQuery';

const RANGE_LABELS: Record<QuickRange, TranslationKey> = {
  15: 'admin.audit.ranges.m15',
  30: 'admin.audit.ranges.m30',
  60: 'admin.audit.ranges.h1',
  120: 'admin.audit.ranges.h2',
  300: 'admin.audit.ranges.h5',
  720: 'admin.audit.ranges.h12',
  1440: 'admin.audit.ranges.d1',
  4320: 'admin.audit.ranges.d3',
  10080: 'admin.audit.ranges.d7',
};

const PRESET_LABELS: Record<PresetChoice, TranslationKey> = {
  all: 'admin.audit.presets.all',
  changes: 'admin.audit.presets.changes',
  checks: 'admin.audit.presets.checks',
  signIns: 'admin.audit.presets.signIns',
  refusals: 'admin.audit.presets.refusals',
};

export const INITIAL_FILTERS: AuditFilterValues = { preset: 'all', range: DEFAULT_RANGE };

/**
 * Preset (applies at once), user, organization, cluster, resource, method, HTTP status and time
 * range of the audit list; Enter searches.
 */
export function AuditFilters({ onSearch }: { onSearch: (values: AuditFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditFilterValues>();
  const range = Form.useWatch('range', form);
  const rangeOptions = [
    ...TIME_RANGE_MINUTES.map((minutes) => ({ value: minutes, label: t(RANGE_LABELS[minutes]) })),
    { value: CUSTOM_RANGE, label: t('admin.audit.ranges.custom') },
  ];

  return (
    <Form<AuditFilterValues>
      form={form}
      layout="inline"
      name="audit-filters"
      initialValues={INITIAL_FILTERS}
      onFinish={onSearch}
      onReset={() => onSearch(INITIAL_FILTERS)}
      onValuesChange={(changed: Partial<AuditFilterValues>) => {
        if ('preset' in changed) form.submit();
      }}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="preset" label={t('admin.audit.preset')}>
        <Segmented<PresetChoice>
          options={(['all', ...AUDIT_PRESETS] as const).map((value) => ({
            value,
            label: t(PRESET_LABELS[value]),
          }))}
        />
      </Form.Item>
      <Form.Item name="user" label={t('admin.audit.user')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="organization" label={t('admin.audit.organization')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="cluster" label={t('admin.audit.cluster')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="operation" label={t('admin.audit.operation')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          options={operationOptions(t)}
        />
      </Form.Item>
      <Form.Item name="resource" label={t('admin.audit.resource')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="method" label={t('admin.audit.method')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={AUDIT_METHODS.map((method) => ({ value: method, label: method }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('admin.audit.httpStatus')}>
        <InputNumber min={100} max={599} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="range" label={t('admin.audit.timeRange')}>
        <Select style={{ width: 160 }} options={rangeOptions} />
      </Form.Item>
      {range === CUSTOM_RANGE && (
        <>
          <Form.Item
            name="start"
            label={t('admin.audit.start')}
            dependencies={['end']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, start: Instant | null | undefined) =>
                  isTimeOrderValid(start, getFieldValue('end') as Instant | null | undefined)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('admin.audit.timeOrder'))),
              }),
            ]}
          >
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="end" label={t('admin.audit.end')}>
            <DatePicker showTime />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('admin.audit.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button htmlType="reset">{t('admin.audit.reset')}</Button>
      </Form.Item>
    </Form>
  );
}
