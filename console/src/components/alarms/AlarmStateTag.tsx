import type { AlarmState } from '@nimbus/api/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<AlarmState, string> = {
  active: 'red',
  unprocessed: 'orange',
  suppressed: 'default',
};

/** Alarm status: active, unprocessed or suppressed. */
export function AlarmStateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[state]}>{t(`alarmSettings.states.${state}`)}</Tag>;
}
