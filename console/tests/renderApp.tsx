import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ApiFeedback } from '../src/apiClient/apiFeedback';
import { createAppStore } from '../src/app/store';
import type { AntdFeedbackApis } from '../src/feedback/antdApiFeedback';
import { showUserInfoFailure } from '../src/feedback/userInfoFailure';
import type { RouteEntry } from '../src/routes/routeEntry';
import { createAppRoutes } from '../src/routes/router';
import { routeTable } from '../src/routes/routeTable';
import { readSession } from '../src/session/session';
import { createFeedbackSpy } from './feedbackSpy';
import { renderWithProviders } from './renderWithProviders';

export interface RenderAppOptions {
  /** Origin of the loopback server answering the API. */
  apiOrigin: string;
  feedback?: ApiFeedback;
  table?: readonly RouteEntry[];
}

/**
 * The whole console as app/consoleApp.tsx assembles it (store, guard, route table, antd feedback), on a
 * memory router at `path`. The session is read from localStorage, as in the browser.
 */
export function renderApp(path: string, options: RenderAppOptions) {
  const feedback = options.feedback ?? createFeedbackSpy();
  const store = createAppStore({ feedback, baseUrl: `${options.apiOrigin}/api/v1`, readSession });
  let apis: AntdFeedbackApis | undefined;
  const routes = createAppRoutes(
    {
      store,
      readSession,
      notifyUserInfoFailure: () => {
        if (apis) showUserInfoFailure(apis.notification, rendered.i18n.t.bind(rendered.i18n));
      },
    },
    options.table ?? routeTable,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const rendered = renderWithProviders(<RouterProvider router={router} />, {
    store,
    onAntdReady: (ready) => {
      apis = ready;
    },
  });
  return { ...rendered, router, store, feedback };
}
