import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import { failureMessage } from '../../feedback/serverMessage';

/** What a monitoring tab shows when its call failed: "not allowed", or no data and the reason. */
export function MetricsFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (refusalOf(error)) return <NotAllowed error={error} />;
  const reason = failureMessage(error, t);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="metrics-failure"
      title={t('monitoring.unavailable')}
      description={reason || undefined}
    />
  );
}
