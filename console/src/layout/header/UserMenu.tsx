import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { LOGIN_PATH } from '../../routes/paths';
import { appActions } from '../../appState/appSlice';
import { signOut } from '../../appState/signOut';
import { useSignedInUser } from '../../appState/useAppData';
import { AboutDialog } from './AboutDialog';

type UserMenuKey = 'settings' | 'joinOrganization' | 'about' | 'logout';

/** The class of the menu's own popup: the side navigation is a `role="menu"` as well. */
const USER_MENU_POPUP = 'nimbus-user-menu-popup';

/** The user's name with personal settings, joining an organization, about and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const [aboutOpen, setAboutOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const actions: Record<UserMenuKey, () => void> = {
    settings: () => dispatch(appActions.settingsOpened('basic')),
    joinOrganization: () => dispatch(appActions.joinOrganizationOpened()),
    about: () => setAboutOpen(true),
    logout: () => {
      void signOut(store).then(() => navigate(LOGIN_PATH));
    },
  };
  const item = (key: UserMenuKey, label: string) => ({
    key,
    label: <span data-testid={`user-menu-${key}`}>{label}</span>,
  });
  const items: MenuProps['items'] = [
    item('settings', t('userMenu.settings')),
    item('joinOrganization', t('userMenu.joinOrganization')),
    item('about', t('userMenu.about')),
    { type: 'divider' },
    item('logout', t('userMenu.logout')),
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        // Escape on a menu item hides the menu with the focused item in it: focus would fall to
        // the page's start (docs/decisions/accessibility.md). It goes back to the menu's button,
        // but only from this menu's popup: a click elsewhere (the side navigation) keeps its focus.
        classNames={{ root: USER_MENU_POPUP }}
        onOpenChange={(open) => {
          if (!open && document.activeElement?.closest(`.${USER_MENU_POPUP}`)) {
            trigger.current?.focus();
          }
        }}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            // rc-menu runs an item on Enter's keydown: the key's default action would then
            // press the first button of the dialog just opened (its close button).
            if (domEvent.type === 'keydown') domEvent.preventDefault();
            // The dialog gives focus back to what held it on opening: the menu's own button,
            // not the menu item that disappears with the menu.
            trigger.current?.focus();
            actions[key as UserMenuKey]();
          },
        }}
      >
        <Button ref={trigger} type="text" icon={<UserOutlined />} data-testid="header-user-menu">
          {user?.userName} <DownOutlined />
        </Button>
      </Dropdown>
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </>
  );
}
