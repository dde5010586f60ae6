import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceSearch } from './ResourceSearch';

/** Control panel; the search box for now, with clusters, history and tools still to come. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <ResourceSearch />
      <Empty style={{ marginTop: 24 }} description={t('home.empty')} />
    </main>
  );
}
