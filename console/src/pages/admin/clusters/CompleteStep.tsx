import { Button, Descriptions, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONITOR_TYPES } from '../../../api/monitorApi';
import { HOME_PATH } from '../../../routes/paths';
import { ADMIN_PATHS } from '../adminPaths';
import { MONITOR_FIELDS, type MonitoringValues } from './monitorPlan';

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
        {MONITOR_TYPES.map((type) => {
          const fields = MONITOR_FIELDS[type];
          const service = monitoring[fields.service]?.trim();
          const shown = service
            ? `${service} (${monitoring[fields.scheme] ?? 'http'})`
            : monitoring[fields.url]?.trim();
          return (
            <Descriptions.Item key={type} label={type}>
              {shown ? (
                <Space>
                  <span>{shown}</span>
                  {monitoring[fields.enabled] === false && (
                    <Tag>{t('admin.clusters.monitorDisabled')}</Tag>
                  )}
                </Space>
              ) : (
                none
              )}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Result>
  );
}
