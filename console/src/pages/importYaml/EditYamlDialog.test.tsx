import { EditorView } from '@codemirror/view';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

// jsdom has no layout; CodeMirror measures text ranges.
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const LOCATION = 'vendors/aws/regions/eu/clusters/prod';
const READ = `${API}/crd.nimbus.io/${LOCATION}/resources/configmaps/settings?namespace=shop`;
const REPLACE = `PUT ${API}/k8s.nimbus.io/${LOCATION}/resources/configmaps/settings?namespace=shop`;

const configMap = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'settings',
    namespace: 'shop',
    resourceVersion: '41',
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}' },
  },
  data: { mode: 'a' },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(READ, ok(configMap));
});
afterEach(() => server.close());

const renderDetail = () =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/ConfigMap/settings?vendor=aws&region=eu&cluster=prod&namespace=shop`,
    server,
  );

/** Types into the dialog's editor the way CodeMirror receives input: a change of its document. */
async function replaceInEditor(from: string, to: string) {
  const content = await waitFor(() => {
    const found = within(screen.getByTestId('edit-yaml-dialog')).getByTestId('yaml-editor');
    const element = found.querySelector<HTMLElement>('.cm-content');
    if (!element) throw new Error('editor not ready');
    return element;
  });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor view');
  const at = view.state.doc.toString().indexOf(from);
  view.dispatch({ changes: { from: at, to: at + from.length, insert: to } });
}

async function openEditor() {
  const user = userEvent.setup();
  renderDetail();
  await user.click(await screen.findByTestId('resource-action-editYaml'));
  return user;
}

it('opens the object without the last-applied copy, shows the diff and replaces it as the user', async () => {
  server.respond(REPLACE, (request) => ok(request.body));
  const user = await openEditor();
  await waitFor(() =>
    expect(screen.getByTestId('edit-yaml-dialog').textContent).toContain('mode: a'),
  );
  expect(screen.getByTestId('edit-yaml-dialog').textContent).not.toContain('last-applied');
  expect(screen.getByTestId('edit-yaml-review').hasAttribute('disabled')).toBe(true);
  expect(screen.getByText('Nothing has changed.')).toBeDefined();

  await replaceInEditor('mode: a', 'mode: b');
  await user.click(screen.getByTestId('edit-yaml-review'));
  const diff = await screen.findByTestId('yaml-diff');
  await waitFor(() => expect(diff.textContent).toContain('mode: b'));
  expect(diff.textContent).toContain('mode: a');

  await user.click(screen.getByTestId('edit-yaml-apply'));
  await waitFor(() => expect(screen.queryByTestId('edit-yaml-dialog')).toBeNull());
  const sent = server.requests.find((r) => r.method === 'PUT');
  expect(sent?.body).toEqual({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'settings', namespace: 'shop', resourceVersion: '41', annotations: {} },
    data: { mode: 'b' },
  });
});

it('explains a conflict (someone changed the object meanwhile) and applies nothing more', async () => {
  server.respond(REPLACE, failed(1005, 'the object has been modified'));
  const user = await openEditor();
  await replaceInEditor('mode: a', 'mode: c');
  await user.click(await screen.findByTestId('edit-yaml-review'));
  await user.click(screen.getByTestId('edit-yaml-apply'));
  const conflict = await screen.findByTestId('edit-yaml-conflict');
  expect(conflict.textContent).toContain('The object was changed by someone else');
  expect(screen.getByTestId('edit-yaml-apply').hasAttribute('disabled')).toBe(true);
  // The detail page reads the object again, so the next edit starts from the current version.
  await waitFor(() => expect(server.requests.filter((r) => r.path === READ)).toHaveLength(2));
});

it('refuses YAML that is not one object and says where it is broken', async () => {
  await openEditor();
  await replaceInEditor('mode: a', 'mode: [a');
  const invalid = await screen.findByTestId('edit-yaml-invalid');
  expect(invalid.textContent).toContain('YAML syntax error');
  expect(screen.getByTestId('edit-yaml-review').hasAttribute('disabled')).toBe(true);
});

it('offers no YAML edit for a Secret, whose data the console never reads', async () => {
  server.respond(
    `${API}/crd.nimbus.io/${LOCATION}/resources/secrets/db?namespace=shop`,
    ok({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: 'shop' } }),
  );
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/Secret/db?vendor=aws&region=eu&cluster=prod&namespace=shop`,
    server,
  );
  await screen.findByTestId('resource-action-collect');
  expect(screen.queryByTestId('resource-action-editYaml')).toBeNull();
});
