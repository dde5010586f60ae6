import { createBrowserRouter } from 'react-router';
import { readSession } from '../session/session';
import { viewerOfSession } from './access';
import { buildRoutes } from './buildRoutes';
import { routeTable } from './routeTable';

export function createAppRouter() {
  return createBrowserRouter(
    buildRoutes(routeTable, { getViewer: () => viewerOfSession(readSession()) }),
  );
}
