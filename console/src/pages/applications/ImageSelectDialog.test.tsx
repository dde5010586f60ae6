import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, chooseOption, failed, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { ImageSelectDialog } from './ImageSelectDialog';

const MANAGE = `${API}/manage.nimbus.io`;
const registry = (uuid: string, name: string, host: string, kind: string) => ({
  uuid,
  name,
  host,
  kind,
  organizationId: 'org-uid-1',
  organization: 'shop',
  plainHttp: false,
  credentialsSet: kind !== 'DockerHub',
  ready: true,
  createdAt: '2026-01-01T00:00:00Z',
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${MANAGE}/providers/member-a/registries`,
    ok({
      items: [
        registry('9999', 'dockerhub', 'docker.io', 'DockerHub'),
        registry('uid-1', 'private', 'registry.shop.io', 'Distribution'),
      ],
    }),
  );
  server.respond(
    `${MANAGE}/registries/uid-1/repositories`,
    ok({ items: [{ repositoryName: 'team/web' }, { repositoryName: 'team/api' }] }),
  );
  server.respond(
    `${MANAGE}/registries/uid-1/repositories/team%2Fweb`,
    ok({ items: [{ imageTags: ['1.1'] }, { imageTags: ['1.0', 'stable'] }] }),
  );
});
afterEach(() => server.close());

/** The n-th select of the dialog (registry, image, tag). */
function field(dialog: HTMLElement, index: number): HTMLElement {
  const found = within(dialog).getAllByRole('combobox')[index];
  if (!found) throw new Error(`no select ${index}`);
  return found;
}

function renderDialog(initial?: string) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderAdminRoutes(
    [
      {
        path: '/',
        element: (
          <ImageSelectDialog
            open
            initial={initial}
            cluster="member-a"
            onChoose={onChoose}
            onClose={onClose}
          />
        ),
      },
    ],
    '/',
    server,
  );
  return { onChoose, onClose };
}

describe('the image select dialog', () => {
  it('picks registry → image → tag and emits host/image:tag', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Select image' });
    const ok = within(dialog).getByRole('button', { name: 'Use this image' }) as HTMLButtonElement;
    await chooseOption(user, field(dialog, 0), 'private (registry.shop.io)');
    expect(ok.disabled).toBe(true);
    await chooseOption(user, field(dialog, 1), 'team/web');
    await chooseOption(user, field(dialog, 2), 'stable');
    await user.click(ok);
    expect(onChoose).toHaveBeenCalledWith('registry.shop.io/team/web:stable', 'uid-1');
  });

  it('an image of no known registry opens in input mode', async () => {
    server.respond(
      `${MANAGE}/providers/member-a/split/repositories?image=quay.io%2Forg%2Fapp%3A1`,
      ok({ registryId: null, host: 'quay.io', subPath: 'org', image: 'app', tag: '1' }),
    );
    renderDialog('quay.io/org/app:1');
    const input = await screen.findByLabelText('Image (host/image:tag)');
    expect((input as HTMLInputElement).value).toBe('quay.io/org/app:1');
  });

  it('asks before leaving with a registry but no image/tag', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Select image' });
    await chooseOption(user, field(dialog, 0), 'private (registry.shop.io)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText("You haven't chosen image/image tag, still exit?"),
    ).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
  it('searches Docker Hub once typing pauses, says a failure once inline, and tags latest', async () => {
    server.respond(`${MANAGE}/dockerhub/repositories?page=1&pageSize=50&search=nginx`, () =>
      failed(2005, 'Docker Hub did not answer'),
    );
    const user = userEvent.setup();
    const { onChoose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Select image' });
    await chooseOption(user, field(dialog, 0), 'dockerhub (docker.io)');
    await user.type(field(dialog, 1), 'nginx');
    const failure = await within(dialog).findByTestId('docker-hub-search-failed');
    expect(failure.textContent).toBe('Docker Hub search failed: Docker Hub did not answer');
    const searches = server.requests.filter((request) =>
      request.path.startsWith(`${MANAGE}/dockerhub/repositories`),
    );
    // One search for the word typed, none for "n", "ng", …; no notice beside the inline line.
    expect(searches.map((request) => request.path)).toEqual([
      `${MANAGE}/dockerhub/repositories?page=1&pageSize=50&search=nginx`,
    ]);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect((field(dialog, 2) as HTMLInputElement).value).toBe('latest');
    await user.click(within(dialog).getByRole('button', { name: 'Use this image' }));
    expect(onChoose).toHaveBeenCalledWith('docker.io/nginx:latest', '9999');
  });

  it("reads Docker Hub's tags once the typing pauses, and says inline that it has none", async () => {
    server.respond(`${MANAGE}/registries/9999/repositories/nginxx`, () =>
      failed(1004, 'repository library/nginxx on Docker Hub not found'),
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Select image' });
    await chooseOption(user, field(dialog, 0), 'dockerhub (docker.io)');
    await user.type(field(dialog, 1), 'nginxx');
    const failure = await within(dialog).findByTestId('docker-hub-tags-failed');
    expect(failure.textContent).toBe(
      'No tags could be read: repository library/nginxx on Docker Hub not found. You can still type one.',
    );
    // One read for the image typed, none for "n", "ng", …, and no notice beside the line.
    const reads = server.requests.filter((request) =>
      request.path.startsWith(`${MANAGE}/registries/9999/repositories/`),
    );
    expect(reads.map((request) => request.path)).toEqual([
      `${MANAGE}/registries/9999/repositories/nginxx`,
    ]);
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
    expect((field(dialog, 2) as HTMLInputElement).value).toBe('latest');
  });

  it('starts a registry image at its latest tag when it has one', async () => {
    server.respond(
      `${MANAGE}/registries/uid-1/repositories/team%2Fapi`,
      ok({ items: [{ imageTags: ['2.0', 'latest'] }, { imageTags: ['1.0'] }] }),
    );
    const user = userEvent.setup();
    const { onChoose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Select image' });
    await chooseOption(user, field(dialog, 0), 'private (registry.shop.io)');
    await chooseOption(user, field(dialog, 1), 'team/api');
    const use = within(dialog).getByRole('button', { name: 'Use this image' }) as HTMLButtonElement;
    await waitFor(() => expect(use.disabled).toBe(false));
    await user.click(use);
    expect(onChoose).toHaveBeenCalledWith('registry.shop.io/team/api:latest', 'uid-1');
  });
});
