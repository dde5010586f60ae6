import { redirect, type MiddlewareFunction, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../constants';
import { accessRedirect, type Viewer } from './access';
import { FullPageLoading } from './FullPageLoading';
import { loadChunk } from './loadChunk';
import type { PageHandle } from './pageHandle';
import BareLayout from '../layout/BareLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { isRedirectRoute, type PageRoute, type RouteEntry } from './routeEntry';

export interface BuildRoutesOptions {
  /** Asked before every navigation, so a sign-in, sign-out or role change takes effect at once. */
  getViewer: () => Viewer;
  /** The navigation guard, run before every navigation. */
  guard?: MiddlewareFunction;
  chunkTimeoutMs?: number;
}

function pageRoute(entry: PageRoute, options: BuildRoutesOptions): RouteObject {
  const handle: PageHandle = { titleKey: entry.titleKey };
  return {
    path: entry.path,
    handle,
    loader: () => {
      const target = accessRedirect(entry, options.getViewer());
      return target ? redirect(target) : null;
    },
    lazy: {
      Component: async () =>
        (await loadChunk(entry.page, options.chunkTimeoutMs ?? CHUNK_LOAD_TIMEOUT_MS)).default,
    },
  };
}

/**
 * Turns the route table into react-router routes: one root (guard, title, progress bar, error
 * page) holding the bare pages, the redirects and the main layout with its pages.
 */
export function buildRoutes(
  table: readonly RouteEntry[],
  options: BuildRoutesOptions,
): RouteObject[] {
  const toRoute = (entry: RouteEntry): RouteObject =>
    isRedirectRoute(entry)
      ? { path: entry.path, loader: () => redirect(entry.redirectTo), element: null }
      : pageRoute(entry, options);
  const inMainLayout = (entry: RouteEntry) => !isRedirectRoute(entry) && entry.layout === 'main';
  // The sign-in screen draws its own landmarks and heading: it is also drawn without the router
  // (app/bootstrap.tsx).
  const inBareLayout = (entry: RouteEntry) =>
    !isRedirectRoute(entry) && entry.layout === 'bare' && entry.access !== 'public';
  const chunkTimeoutMs = options.chunkTimeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: FullPageLoading,
      middleware: options.guard ? [options.guard] : [],
      children: [
        ...table.filter((entry) => !inMainLayout(entry) && !inBareLayout(entry)).map(toRoute),
        {
          Component: BareLayout,
          children: table.filter(inBareLayout).map(toRoute),
        },
        {
          lazy: {
            Component: async () =>
              (await loadChunk(() => import('../layout/MainLayout'), chunkTimeoutMs)).default,
          },
          children: table.filter(inMainLayout).map(toRoute),
        },
      ],
    },
  ];
}
