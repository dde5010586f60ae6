import { SearchOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UI_SIZES } from '../../constants';
import { RESOURCE_SEARCH_INPUT_ID, ResourceSearch } from '../../pages/home/ResourceSearch';
import { HOME_PATH } from '../../routes/paths';
import { useFocusReturn } from '../../components/dialogs/useFocusReturn';
import { isSearchShortcut } from './searchShortcut';

/**
 * The global control: a search button opening the home view's search 20px from the top,
 * hidden on Home (which shows the search itself) and closed by any route change. Ctrl+K (⌘K)
 * opens it from anywhere; on Home it moves the focus to Home's search field.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const location = useLocation();
  // Open only for the location it was opened at, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string>();
  const focus = useFocusReturn();
  const onHome = location.pathname === HOME_PATH;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (onHome) {
        document.getElementById(RESOURCE_SEARCH_INPUT_ID)?.focus();
      } else {
        focus.remember();
        setOpenedAt(location.key);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onHome, location.key, focus]);
  if (onHome) return null;
  const open = openedAt === location.key;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('search.open')}
        title={t('search.shortcut')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="global-search-button"
        onClick={() => {
          focus.remember();
          setOpenedAt(location.key);
        }}
      />
      {open && (
        <Modal
          open
          onCancel={() => {
            setOpenedAt(undefined);
            focus.giveBack();
          }}
          footer={null}
          width={800}
          style={{ top: UI_SIZES.globalControlDialogTopPx }}
          title={t('search.title')}
        >
          <ResourceSearch />
        </Modal>
      )}
    </>
  );
}
