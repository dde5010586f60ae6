import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { PRODUCT_NAME } from '../constants';
import type { PageHandle } from './buildRoutes';

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'titleKey' in handle;

/** Root of every route: titles the document after the deepest matched page. */
export function RootLayout() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPageHandle);
  const title = handle ? t('app.documentTitle', { page: t(handle.titleKey) }) : PRODUCT_NAME;
  return (
    <>
      <title>{title}</title>
      <Outlet />
    </>
  );
}
