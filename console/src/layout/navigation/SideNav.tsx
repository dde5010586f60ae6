import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSomeClusterAllows } from '../../access/useSomeClusterAllows';
import { createFormAt, createFormPermission } from '../../resources/createFormPermission';
import { detailPath } from '../../resources/detailPath';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import { favouriteTarget, useMyFavourites } from '../../resources/useFavourites';
import { ADMIN_NAVIGATION_GROUPS } from '../../routes/menuPlacement';
import type { MenuLink } from './menuModel';
import { useMenu } from './useMenu';
import './SideNav.css';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The navigation menu: Navigation and My Collections for everyone, the Fast Creation forms the
 * caller's roles let her use on some cluster; user, cluster and image registry management for
 * administrators. Links come from the route table's menu placements (routes/menuPlacement.ts),
 * My Collections from the caller's favourites.
 */
export function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useMenu('navigation');
  // Offered from the rules the server enforces: a form needs its kind's create permission on
  // some cluster (docs/decisions/offered-by-rights.md).
  const allows = useSomeClusterAllows();
  const { descriptors } = useKindRegistry();
  const fastCreation = useMenu('fastCreation').filter((entry) => {
    const form = createFormAt(entry.to);
    return form === undefined || allows(createFormPermission(descriptors, form));
  });
  const adminLinks = useMenu('adminNavigation');
  const [collapsed, setCollapsed] = useState(false);
  const { favourites } = useMyFavourites();
  const linkItem = (entry: MenuLink): MenuItem => ({
    key: entry.to,
    label: <Link to={entry.to}>{t(entry.labelKey)}</Link>,
  });

  const adminGroups = ADMIN_NAVIGATION_GROUPS.map((group) => ({
    ...group,
    links: adminLinks.filter((entry) => entry.group === group.key),
  })).filter((group) => group.links.length > 0);

  const items: MenuItem[] = [
    {
      type: 'group',
      key: 'navigation',
      label: t('navigation.title'),
      children: navigation.map(linkItem),
    },
    {
      type: 'group',
      key: 'collections',
      label: t('navigation.collections'),
      children:
        favourites.length === 0
          ? [{ key: 'collections-empty', label: t('menu.noFavourites'), disabled: true }]
          : favourites.map((favourite) => {
              const target = favouriteTarget(favourite);
              const to = detailPath(target);
              return {
                key: to,
                label: (
                  <Link
                    to={to}
                    data-testid="nav-collection"
                    title={`${target.type} ${target.name}`}
                  >
                    {target.name}
                  </Link>
                ),
              };
            }),
    },
    ...(fastCreation.length > 0
      ? [
          {
            type: 'group' as const,
            key: 'fastCreation',
            label: t('navigation.fastCreation'),
            children: fastCreation.map(linkItem),
          },
        ]
      : []),
    ...(adminGroups.length > 0
      ? [
          {
            type: 'group' as const,
            key: 'admin',
            label: t('navigation.admin'),
            children: adminGroups.map((group) => ({
              key: group.key,
              label: t(group.labelKey),
              children: group.links.map(linkItem),
            })),
          },
        ]
      : []),
  ];

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      // antd's own trigger is a div only a pointer can press: a button inside it takes Tab
      // and Enter, and its click reaches the div that toggles.
      trigger={
        <button
          type="button"
          className="nimbus-side-nav__toggle"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'navigation.expand' : 'navigation.collapse')}
          data-testid="side-nav-toggle"
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
      }
      theme="light"
      width={220}
      data-testid="side-nav"
    >
      <Menu mode="inline" selectedKeys={[pathname]} items={items} />
    </Layout.Sider>
  );
}
