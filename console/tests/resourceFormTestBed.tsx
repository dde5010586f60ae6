import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { chooseOption, ok, page, renderAdminRoutes } from './adminTestBed';
import type { LoopbackServer } from './loopbackServer';
import {
  K8S,
  k8sAt,
  LOCATION_CLUSTERS,
  LOCATIONS,
  MEMBER_A,
  namespaceItem,
} from '../src/pages/namespaces/namespaceTestData';

export { K8S, MEMBER_A };
export const NAMESPACES_A = `${k8sAt(MEMBER_A)}/namespaces`;

/** The loopback answers every creation form needs: clusters, and member-a's namespaces. */
export function answerPlacement(server: LoopbackServer): void {
  server.respond(LOCATIONS, ok(page(LOCATION_CLUSTERS, 100)));
  server.respond(
    NAMESPACES_A,
    ok({ items: [namespaceItem('shop'), namespaceItem('leaving', 'Terminating')] }),
  );
}

export const renderForm = (path: string, element: ReactElement, server: LoopbackServer) =>
  renderAdminRoutes(
    [
      { path, element },
      { path: '/home', element: <p>home page</p> },
      { path: '/list/:type', element: <p>list page</p> },
    ],
    path,
    server,
  );

const menuItem = (text: string) =>
  waitFor(() => {
    const item = screen
      .getAllByRole('menuitemcheckbox')
      .find((element) => element.textContent?.startsWith(text));
    if (!item) throw new Error(`no menu item ${text}`);
    return item;
  });

/** Chooses member-a as the location and, for namespaced kinds, its namespace shop. */
export async function placeInShop(
  user: UserEvent,
  server: LoopbackServer,
  namespaced = true,
): Promise<void> {
  await waitFor(() => expect(server.requests.some((r) => r.path === LOCATIONS)).toBe(true));
  await user.click(screen.getByLabelText('Location'));
  await user.click(await menuItem('Kubeconfig'));
  await user.click(await menuItem('local'));
  await user.click(await menuItem('member-a'));
  if (namespaced) await chooseOption(user, screen.getByLabelText('Namespace'), 'shop');
}

export const posts = (server: LoopbackServer) =>
  server.requests.filter((request) => request.method === 'POST');
export const submitButton = () => screen.getByRole('button', { name: 'Create' });
