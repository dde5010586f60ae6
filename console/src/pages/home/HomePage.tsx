import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClusterCards } from './ClusterCards';
import { ResourceSearch } from './ResourceSearch';

/** Control panel: the search box and the cluster cards, with history and tools still to come. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <ResourceSearch />
      <ClusterCards />
    </main>
  );
}
