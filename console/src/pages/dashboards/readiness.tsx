import type { CategoryView } from '@nimbus/api';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

type Readiness = 'pending' | 'ready' | 'notReady';

/** What the Ready condition says, as the key of its words under `dashboards.common`. */
export function readinessOf(conditions: CategoryView['conditions']): Readiness {
  const ready = conditions.find((c) => c.type === 'Ready');
  return !ready ? 'pending' : ready.status === 'True' ? 'ready' : 'notReady';
}

/** The Ready condition the dashboards controller writes; a problem is shown with its message. */
export function ReadyTag({ conditions }: Pick<CategoryView, 'conditions'>) {
  const { t } = useTranslation();
  const ready = conditions.find((c) => c.type === 'Ready');
  if (!ready) return <Tag>{t('dashboards.common.pending')}</Tag>;
  if (ready.status === 'True') return <Tag color="success">{t('dashboards.common.ready')}</Tag>;
  return (
    <Tooltip title={ready.message}>
      <Tag color="error">{t('dashboards.common.notReady')}</Tag>
    </Tooltip>
  );
}
