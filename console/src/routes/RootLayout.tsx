import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { NavigationProgress } from '../components/NavigationProgress';
import { PRODUCT_NAME } from '../constants';
import { selectFullScreenLoading } from '../appState/appSlice';
import { FullPageLoading } from './FullPageLoading';
import { usePageTitleKey } from './pageHandle';

/**
 * Root of every route: titles the document after the deepest matched page, shows the progress
 * bar while navigating and the full-screen indicator while the shell loads.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== 'idle';
  const loading = useAppSelector(selectFullScreenLoading);
  const titleKey = usePageTitleKey();
  const title = titleKey ? t('app.documentTitle', { page: t(titleKey) }) : PRODUCT_NAME;
  return (
    <>
      <title>{title}</title>
      <NavigationProgress active={navigating} />
      {loading && <FullPageLoading />}
      <Outlet />
    </>
  );
}
