import { describeCron } from '@nimbus/api/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** What a schedule means in words ('0 2 * * *' runs at 02:00 every day). */
export function CronHint({ schedule }: { schedule: string | undefined }) {
  const { t } = useTranslation();
  const meaning = schedule ? describeCron(schedule) : undefined;
  if (!meaning) return null;
  let text: string;
  switch (meaning.kind) {
    case 'everyMinutes':
      text = t('appForm.cron.everyMinutes', { every: meaning.every });
      break;
    case 'hourly':
      text = t('appForm.cron.hourly', { minute: meaning.minute });
      break;
    case 'daily':
      text = t('appForm.cron.daily', { time: meaning.time });
      break;
    case 'weekly':
      text = t('appForm.cron.weekly', {
        day: t(`appForm.cron.days.${DAY_KEYS[meaning.day] ?? 'sun'}`),
        time: meaning.time,
      });
      break;
    case 'monthly':
      text = t('appForm.cron.monthly', { day: meaning.day, time: meaning.time });
      break;
    default:
      text = t('appForm.cron.custom', {
        minute: meaning.fields[0],
        hour: meaning.fields[1],
        dayOfMonth: meaning.fields[2],
        month: meaning.fields[3],
        dayOfWeek: meaning.fields[4],
      });
  }
  return (
    <Typography.Text type="secondary" data-testid="cron-meaning">
      {text}
    </Typography.Text>
  );
}
