import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListFavouritesQuery } from '../../api/favouritesApi';
import { detailPath } from '../../resources/detailPath';
import { useSignedInUser } from '../../shell/useShellData';

/** The Favourites section of the header menu: the caller's collected resources. */
export function FavouriteLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { data } = useListFavouritesQuery(user?.userId ?? '', { skip: !user });
  const favourites = data?.items ?? [];
  return (
    <section className="nimbus-menu__section" data-testid="menu-favourites">
      <Typography.Title level={5}>{t('menu.favourites')}</Typography.Title>
      {favourites.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menu.noFavourites')} />
      ) : (
        <ul className="nimbus-menu__links">
          {favourites.map((favourite) => (
            <li key={favourite.id}>
              <Link to={detailPath(favourite)} onClick={onNavigate}>
                {`${favourite.type} ${favourite.name}`}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
