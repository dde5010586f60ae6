import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../../resources/detailPath';
import { favouriteTarget, useMyFavourites } from '../../resources/useFavourites';

/** The Favourites section of the header menu: the caller's collected resources. */
export function FavouriteLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { favourites } = useMyFavourites();
  return (
    <section className="nimbus-menu__section" data-testid="menu-favourites">
      <Typography.Title level={5}>{t('menu.favourites')}</Typography.Title>
      {favourites.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.noFavourites')} />
      ) : (
        <ul className="nimbus-menu__links">
          {favourites.map((favourite) => (
            <li key={favourite.id}>
              <Link to={detailPath(favouriteTarget(favourite))} onClick={onNavigate}>
                {`${favouriteTarget(favourite).type} ${favourite.name}`}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
