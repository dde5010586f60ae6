import { redirect, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../constants';
import type { TranslationKey } from '../i18n/translationKey';
import { accessRedirect, type Viewer } from './access';
import { FullPageLoading } from './FullPageLoading';
import { loadChunk } from './loadChunk';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { isRedirectRoute, type PageRoute, type RouteEntry } from './routeTable';

/** Route `handle` of every page: what RootLayout reads to title the document. */
export interface PageHandle {
  titleKey: TranslationKey;
}

export interface BuildRoutesOptions {
  /** Asked before every navigation, so a sign-in or sign-out takes effect at once. */
  getViewer: () => Viewer;
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

/** Turns the route table into react-router routes under one root layout and error page. */
export function buildRoutes(
  table: readonly RouteEntry[],
  options: BuildRoutesOptions,
): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: FullPageLoading,
      children: table.map((entry) =>
        isRedirectRoute(entry)
          ? { path: entry.path, loader: () => redirect(entry.redirectTo), element: null }
          : pageRoute(entry, options),
      ),
    },
  ];
}
