import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A cluster's state: Ready or NotReady. */
export function ClusterStatusTag({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={ready ? 'success' : 'error'}>
      {t(ready ? 'clusters.ready' : 'clusters.notReady')}
    </Tag>
  );
}
