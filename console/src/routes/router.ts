import { createBrowserRouter, type RouteObject } from 'react-router';
import { createNavigationGuard, type GuardDependencies } from '../appState/navigationGuard';
import { viewerOf } from './access';
import { buildRoutes } from './buildRoutes';
import type { RouteEntry } from './routeEntry';
import { routeTable } from './routeTable';

/** The console's routes with the navigation guard and access derived from the generated role. */
export function createAppRoutes(
  deps: GuardDependencies,
  table: readonly RouteEntry[] = routeTable,
): RouteObject[] {
  return buildRoutes(table, {
    getViewer: () => viewerOf(deps.readSession(), deps.store.getState().app.role),
    guard: createNavigationGuard(deps),
  });
}

export function createAppRouter(deps: GuardDependencies) {
  return createBrowserRouter(createAppRoutes(deps));
}
