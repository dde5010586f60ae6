import { useTranslation } from 'react-i18next';
import { usePageTitleKey } from '../routes/pageHandle';
import './PageHeading.css';

/**
 * The screen's one level-one heading, named like the document title: read first by screen
 * readers and heading navigation, not drawn (each screen shows its own title below it).
 */
export function PageHeading() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  if (!titleKey) return null;
  return <h1 className="nimbus-visually-hidden">{t(titleKey)}</h1>;
}
