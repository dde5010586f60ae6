import { Button, Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../../routes/paths';
import { ADMIN_PATHS } from '../adminPaths';
import type { MonitoringValues } from './clusterPayload';

interface CompleteStepProps {
  name: string;
  edited: boolean;
  monitoring: MonitoringValues;
}

/** Step four: what was saved, and the ways on. */
export function CompleteStep({ name, edited, monitoring }: CompleteStepProps) {
  const { t } = useTranslation();
  const none = t('admin.clusters.notConfigured');
  return (
    <Result
      status="success"
      title={t(edited ? 'admin.clusters.updated' : 'admin.clusters.created', { name })}
      subTitle={edited ? undefined : t('admin.clusters.bindHint')}
      extra={[
        <Link key="list" to={ADMIN_PATHS.clusters}>
          <Button type="primary">{t('admin.clusters.toList')}</Button>
        </Link>,
        <Link key="home" to={HOME_PATH}>
          <Button>{t('admin.clusters.toHome')}</Button>
        </Link>,
      ]}
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('admin.clusters.prometheusUrl')}>
          {monitoring.prometheusUrl || none}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.clusters.alertmanagerUrl')}>
          {monitoring.alertmanagerUrl || none}
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
