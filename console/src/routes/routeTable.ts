import type { ComponentType } from 'react';
import type { TranslationKey } from '../i18n/translationKey';
import type { Access } from './access';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './paths';

export type PageModule = { default: ComponentType };

export interface PageRoute {
  path: string;
  titleKey: TranslationKey;
  access: Access;
  /** The page component, loaded on first visit. */
  page: () => Promise<PageModule>;
  signedInRedirect?: string;
}

export interface RedirectRoute {
  path: string;
  access: 'public';
  redirectTo: string;
}

export type RouteEntry = PageRoute | RedirectRoute;

export const isRedirectRoute = (entry: RouteEntry): entry is RedirectRoute => 'redirectTo' in entry;

/**
 * Every route of the console, described once. The router, the menu, access checks and document
 * titles are all derived from this table.
 */
export const routeTable: readonly RouteEntry[] = [
  {
    path: LOGIN_PATH,
    titleKey: 'routes.login',
    access: 'public',
    page: () => import('../pages/login/LoginPage'),
    signedInRedirect: HOME_PATH,
  },
  { path: '/', access: 'public', redirectTo: HOME_PATH },
  {
    path: HOME_PATH,
    titleKey: 'routes.home',
    access: 'user',
    page: () => import('../pages/home/HomePage'),
  },
  {
    path: NOT_FOUND_PATH,
    titleKey: 'routes.notFound',
    access: 'user',
    page: () => import('../pages/notFound/NotFoundPage'),
  },
  { path: '*', access: 'public', redirectTo: NOT_FOUND_PATH },
];
