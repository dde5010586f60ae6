import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddFavouriteMutation, useRemoveFavouriteMutation } from '../../api/favouritesApi';
import type { DetailTarget } from '../../resources/detailPath';
import { findFavourite, useMyFavourites } from '../../resources/useFavourites';
import { ConfirmActionDialog } from './ConfirmActionDialog';

/** Collect / cancel collect (SPEC §5), each behind a confirm dialog. */
export function CollectButton({ target }: { target: DetailTarget }) {
  const { t } = useTranslation();
  const { userId, favourites } = useMyFavourites();
  const [addFavourite] = useAddFavouriteMutation();
  const [removeFavourite] = useRemoveFavouriteMutation();
  const [confirming, setConfirming] = useState(false);
  const collected = findFavourite(favourites, target);

  const run = () =>
    collected
      ? removeFavourite({ userId, target: { id: collected.id } }).unwrap()
      : addFavourite({ userId, target }).unwrap();

  return (
    <>
      <Button
        data-testid={collected ? 'resource-uncollect' : 'resource-collect'}
        icon={collected ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
        disabled={!userId}
        onClick={() => setConfirming(true)}
      >
        {t(collected ? 'resources.collect.cancel' : 'resources.collect.collect')}
      </Button>
      <ConfirmActionDialog
        open={confirming}
        title={t(collected ? 'resources.collect.cancelTitle' : 'resources.collect.collectTitle')}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        {t(collected ? 'resources.collect.cancelText' : 'resources.collect.collectText', {
          name: target.name,
        })}
      </ConfirmActionDialog>
    </>
  );
}
