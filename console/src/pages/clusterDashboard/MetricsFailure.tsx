import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import type { EnvelopeErrorData } from '../../apiClient/envelope';

/** What a monitoring tab shows when its call failed: "not allowed", or no data and the reason. */
export function MetricsFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (refusalOf(error)) return <NotAllowed error={error} />;
  const reason = (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data?.message;
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
