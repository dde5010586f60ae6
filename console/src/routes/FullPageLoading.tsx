import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageLoading() {
  const { t } = useTranslation();
  return <Spin fullscreen description={t('app.loading')} />;
}
