import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Control panel; for now an empty state until clusters, history and tools exist. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <Empty description={t('home.empty')} />
    </main>
  );
}
