import type { UserView } from '@nimbus/api';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appActions } from '../src/appState/appSlice';
import type { DerivedRole } from '../src/appState/deriveRole';
import { STORAGE_KEYS } from '../src/constants';
import { userView } from './fakeIdentityApi';
import { createFeedbackSpy } from './feedbackSpy';
import type { CannedResponse, LoopbackServer } from './loopbackServer';
import { renderWithProviders } from './renderWithProviders';

/** The signed-in administrator and their current organization in the admin screen tests. */
export const ORG_ID = 'org-uid-1';
export const USER_ID = 'user-uid-1';

export const API = '/api/v1';
export const IAM = `${API}/iam.nimbus.io`;

export const ok = (data: unknown): CannedResponse => ({
  body: { code: 0, message: 'success', data },
});

export const failed = (code: number, message: string): CannedResponse => ({
  body: { code, message, data: null },
});

export const page = <T,>(items: T[], pageSize = 20) => ({
  items,
  total: items.length,
  page: 1,
  pageSize,
});

/** Requests the server received, as "METHOD path" lines. */
export const requestLines = (server: LoopbackServer): string[] =>
  server.requests.map((request) => `${request.method} ${request.path}`);

export interface AdminRoute {
  path: string;
  element: ReactElement;
}

/**
 * Renders admin screens in a memory router, signed in as USER_ID in ORG_ID, against the
 * loopback server.
 */
export function renderAdminRoutes(
  routes: AdminRoute[],
  initialPath: string,
  server: LoopbackServer,
) {
  localStorage.setItem(STORAGE_KEYS.organization, ORG_ID);
  localStorage.setItem(STORAGE_KEYS.userId, USER_ID);
  localStorage.setItem(STORAGE_KEYS.userName, 'admin');
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const feedback = createFeedbackSpy();
  const rendered = renderWithProviders(<RouterProvider router={router} />, {
    apiOrigin: server.origin,
    feedback,
  });
  return { ...rendered, router, feedback };
}

/** Opens an antd select and clicks the visible option with `label` (not the screen-reader copy). */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const visible = screen
      .getAllByTitle(label)
      .find((element) => element.classList.contains('ant-select-item-option'));
    if (!visible) throw new Error(`no visible option ${label}`);
    return visible;
  });
  await user.click(option);
}

/**
 * Makes the rendered screens' viewer a `role` whose effective access is `clusterAccess` (what
 * the server computes per cluster), as the guard would after loading their user info.
 */
export function signInWithAccess(
  rendered: ReturnType<typeof renderAdminRoutes>,
  server: LoopbackServer,
  role: DerivedRole,
  clusterAccess: UserView['clusterAccess'],
) {
  server.respond(
    `${IAM}/users/admin`,
    ok(userView({ userName: 'admin', sysAdminFlag: role === 'system-admin', clusterAccess })),
  );
  act(() => {
    rendered.store.dispatch(
      appActions.routesGenerated({ role, user: { userName: 'admin', userId: USER_ID } }),
    );
  });
}
