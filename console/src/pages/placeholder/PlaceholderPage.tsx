import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitleKey } from '../../routes/pageHandle';

/**
 * The empty state of every screen a later issue provides: the route exists, carries its title and
 * access rule, and says plainly that the screen is not there yet.
 */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  return (
    <main style={{ padding: 24 }} data-testid="placeholder-page">
      {titleKey && <Typography.Title level={3}>{t(titleKey)}</Typography.Title>}
      <Empty description={t('placeholder.description')} />
    </main>
  );
}
