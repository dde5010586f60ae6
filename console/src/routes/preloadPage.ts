import { matchPath } from 'react-router';
import { isRedirectRoute, routeTable } from './routeTable';

/**
 * Starts loading the page module of the address the console was opened at, so its chunk arrives
 * while the language bundle loads instead of after it (one round trip less before first paint).
 * The router's own lazy load then finds the module already there; failures are left to it.
 */
export function preloadPageAt(pathname: string, table = routeTable): void {
  for (const entry of table) {
    if (isRedirectRoute(entry)) continue;
    if (matchPath({ path: entry.path, end: true }, pathname)) {
      entry.page().catch(() => undefined);
      return;
    }
  }
}
