import { timeRangePresetNames, type TimeRangePreset } from '@nimbus/api/shared';
import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricsRange } from '../../api/metricsApi';

export interface TimeRangeControlProps {
  value: MetricsRange;
  onChange: (range: MetricsRange) => void;
}

/** Last 15 minutes … 7 days, or a custom range whose start is not after its end. */
export function TimeRangeControl({ value, onChange }: TimeRangeControlProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState('start' in value);
  const [error, setError] = useState(false);
  const pick = (choice: TimeRangePreset | 'custom') => {
    setCustom(choice === 'custom');
    setError(false);
    if (choice !== 'custom') onChange({ range: choice });
  };
  const pickDates = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [null, null];
    if (!start || !end) return;
    const wrongWay = start.isAfter(end);
    setError(wrongWay);
    if (!wrongWay) onChange({ start: start.unix(), end: end.unix() });
  };
  return (
    <Space wrap>
      <Select<TimeRangePreset | 'custom'>
        data-testid="metrics-range"
        aria-label={t('monitoring.range.label')}
        style={{ width: 180 }}
        value={custom ? 'custom' : 'range' in value ? value.range : 'custom'}
        onChange={pick}
        options={[
          ...timeRangePresetNames.map((preset) => ({
            value: preset,
            label: t(`monitoring.range.${preset}`),
          })),
          { value: 'custom' as const, label: t('monitoring.range.custom') },
        ]}
      />
      {custom && (
        <DatePicker.RangePicker
          data-testid="metrics-custom-range"
          showTime
          order={false}
          defaultValue={
            'start' in value ? [dayjs.unix(value.start), dayjs.unix(value.end)] : undefined
          }
          status={error ? 'error' : undefined}
          onChange={(dates) => pickDates(dates as [Dayjs | null, Dayjs | null] | null)}
        />
      )}
      {error && (
        <Typography.Text type="danger">{t('monitoring.range.startAfterEnd')}</Typography.Text>
      )}
    </Space>
  );
}
