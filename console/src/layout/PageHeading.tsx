import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageTitleKey } from '../routes/pageHandle';
import './PageHeading.css';

/**
 * The screen's one level-one heading, named like the document title: read first by screen
 * readers and heading navigation, not drawn (each screen shows its own title below it). It
 * carries the address of the screen it heads: the router commits a new screen after its
 * navigation, so the address bar alone does not say which screen is on the page (the
 * accessibility tier waits on it, docs/decisions/accessibility.md).
 */
export function PageHeading() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const titleKey = usePageTitleKey();
  if (!titleKey) return null;
  return (
    <h1 className="nimbus-visually-hidden" data-location={pathname + search}>
      {t(titleKey)}
    </h1>
  );
}
