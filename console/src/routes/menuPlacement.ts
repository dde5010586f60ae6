import type { TranslationKey } from '../i18n/translationKey';
import type { DerivedRole } from '../appState/deriveRole';

/**
 * The menus: the header popover's tools, User Services and Admin Services, and the side
 * navigation's Navigation, Fast Creation and admin area. Favourites and My Collections list the
 * caller's collected resources instead of routes.
 */
export type MenuName =
  'navigation' | 'tools' | 'userServices' | 'adminServices' | 'fastCreation' | 'adminNavigation';

/** The sub-menus of the side navigation's admin area. */
export const ADMIN_NAVIGATION_GROUPS = [
  { key: 'users', labelKey: 'navigation.userManagement' },
  { key: 'clusters', labelKey: 'navigation.clusterManagement' },
  { key: 'registries', labelKey: 'navigation.registryManagement' },
  { key: 'appstore', labelKey: 'navigation.appStoreManagement' },
] as const satisfies readonly { key: string; labelKey: TranslationKey }[];

export type AdminNavigationGroup = (typeof ADMIN_NAVIGATION_GROUPS)[number]['key'];

/** Where a route appears in a menu. Who may open the route (its access) decides who sees it. */
export interface MenuPlacement {
  menu: MenuName;
  labelKey: TranslationKey;
  /** Position within the menu, lowest first. */
  order: number;
  /** Narrows the item to these roles beyond the route's access rule. */
  roles?: readonly DerivedRole[];
  /** The admin area's sub-menu (adminNavigation only). */
  group?: AdminNavigationGroup;
  /** A `:type` route: one item per described kind (its page), in the kinds' order. */
  perKind?: boolean;
  /** A tool's description: tools that have one are also the home page's tool cards. */
  descriptionKey?: TranslationKey;
}

export const inMenu = (
  menu: MenuName,
  labelKey: TranslationKey,
  order: number,
  extra: Omit<MenuPlacement, 'menu' | 'labelKey' | 'order'> = {},
): MenuPlacement => ({ menu, labelKey, order, ...extra });
