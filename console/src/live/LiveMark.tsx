import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from './useLiveRefetch';

/** Says whether the screen follows the clusters' changes by itself, or is reconnecting. */
export function LiveMark() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'off') return null;
  return (
    <Tooltip title={t('resources.live.hint')}>
      <span data-testid="live-mark" data-status={status} tabIndex={0}>
        <Badge
          status={status === 'live' ? 'success' : 'processing'}
          text={status === 'live' ? t('resources.live.on') : t('resources.live.connecting')}
        />
      </span>
    </Tooltip>
  );
}
