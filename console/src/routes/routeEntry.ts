import type { ComponentType } from 'react';
import type { TranslationKey } from '../i18n/translationKey';
import type { Access } from './access';
import type { MenuPlacement } from './menuPlacement';

export type PageModule = { default: ComponentType };

/** `main`: inside the layout with header; `bare`: the page alone (sign-in, logs, shell). */
export type RouteLayout = 'main' | 'bare';

export interface PageRoute {
  path: string;
  titleKey: TranslationKey;
  access: Access;
  layout: RouteLayout;
  /** The page component, loaded on first visit. */
  page: () => Promise<PageModule>;
  signedInRedirect?: string;
  /** The menus that link to it; the menus are built from these. */
  menus?: readonly MenuPlacement[];
}

export interface RedirectRoute {
  path: string;
  access: 'public';
  redirectTo: string;
}

export type RouteEntry = PageRoute | RedirectRoute;

export const isRedirectRoute = (entry: RouteEntry): entry is RedirectRoute => 'redirectTo' in entry;

/** The one empty state of screens later issues fill in. */
export const placeholderPage = () => import('../pages/placeholder/PlaceholderPage');

/** A signed-in page in the main layout; a placeholder until its issue provides the screen. */
export const screen = (
  path: string,
  titleKey: TranslationKey,
  page: PageRoute['page'] = placeholderPage,
  ...menus: MenuPlacement[]
): PageRoute => ({
  path,
  titleKey,
  access: 'user',
  layout: 'main',
  page,
  ...(menus.length > 0 ? { menus } : {}),
});

export const bareScreen = (
  path: string,
  titleKey: TranslationKey,
  page: PageRoute['page'] = placeholderPage,
): PageRoute => ({
  ...screen(path, titleKey, page),
  layout: 'bare',
});

export const redirectRoute = (path: string, redirectTo: string): RedirectRoute => ({
  path,
  access: 'public',
  redirectTo,
});
