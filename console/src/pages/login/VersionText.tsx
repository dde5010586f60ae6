import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetVersionQuery } from '../../api/systemApi';

/** The product version reported by the operator; nothing while unknown. */
export function VersionText() {
  const { t } = useTranslation();
  const { data: version } = useGetVersionQuery(undefined);
  if (!version) return null;
  return (
    <Typography.Text type="secondary" data-testid="app-version">
      {t('login.version', { version })}
    </Typography.Text>
  );
}
