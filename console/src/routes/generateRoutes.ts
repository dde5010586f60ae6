import { matchPath } from 'react-router';
import type { DerivedRole } from '../appState/deriveRole';
import { accessRedirect, viewerOfRole } from './access';
import { isRedirectRoute, type PageRoute, type RouteEntry } from './routeEntry';

/**
 * The routes generated for a signed-in role. Administrators get everything; other
 * users the base routes plus the not-found redirect. Routes signed-in users are sent away from
 * (the sign-in page) are left out.
 */
export function generateRoutes(
  table: readonly RouteEntry[],
  role: DerivedRole | undefined,
): RouteEntry[] {
  const viewer = viewerOfRole(role);
  return table.filter((entry) => isRedirectRoute(entry) || accessRedirect(entry, viewer) === null);
}

/** The generated page route a concrete path (e.g. `/list/Deployment`) opens, if any. */
export function findPageRoute(
  routes: readonly RouteEntry[],
  pathname: string,
): PageRoute | undefined {
  return routes.find(
    (entry): entry is PageRoute =>
      !isRedirectRoute(entry) && matchPath({ path: entry.path, end: true }, pathname) !== null,
  );
}
