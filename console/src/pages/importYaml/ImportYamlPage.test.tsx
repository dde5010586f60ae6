import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { chooseOption, ok, page, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { chooseMemberA } from '../../../tests/locationPicker';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import {
  k8sAt,
  LOCATION_CLUSTERS,
  LOCATIONS,
  MEMBER_A,
  namespaceItem,
} from '../namespaces/namespaceTestData';
import ImportYamlPage from './ImportYamlPage';

// jsdom has no layout; CodeMirror measures text ranges.
Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

const IMPORT = `POST ${k8sAt(MEMBER_A)}/namespaces/demo/imports`;
const PENDING = `nimbus.importYaml.pending.${USER_ID}`;

const goodDoc = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: a\n';
const badDeployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec: {}\n';

let server: LoopbackServer;
beforeEach(async () => {
  localStorage.clear();
  server = await startLoopbackServer();
  server.respond(LOCATIONS, ok(page(LOCATION_CLUSTERS, 100)));
  server.respond(`${k8sAt(MEMBER_A)}/namespaces`, ok({ items: [namespaceItem('demo')] }));
});
afterEach(() => server.close());

const renderPage = () =>
  renderAdminRoutes([{ path: '/add/import', element: <ImportYamlPage /> }], '/add/import', server);

async function chooseTarget(user: UserEvent) {
  await chooseMemberA(user, server, LOCATIONS);
  await chooseOption(user, screen.getByLabelText('Default namespace'), 'demo');
}

const upload = async (user: UserEvent, text: string) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, new File([text], 'app.yaml', { type: 'text/yaml' }));
};
const editorText = () =>
  screen.getByTestId('yaml-editor').querySelector('.cm-content')?.textContent ?? '';

it('shows what is wrong with each document, with its line, and sends nothing', async () => {
  const user = userEvent.setup();
  renderPage();
  await chooseTarget(user);
  await upload(
    user,
    `${goodDoc}---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: x\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n---\nkind: [oops\n`,
  );
  const problems = await screen.findByTestId('import-problems');
  expect(problems.textContent).toContain(
    'Document 2 (line 8): kind ClusterRole of rbac.authorization.k8s.io/v1 cannot be imported.',
  );
  expect(problems.textContent).toContain('Document 3 (line 13): name Bad_Name: only lowercase');
  expect(problems.textContent).toMatch(/Document 4 \(line \d+\): YAML syntax error/);
  expect(screen.getByTestId('import-dry-run-button').hasAttribute('disabled')).toBe(true);
  expect(screen.getByTestId('import-apply-button').hasAttribute('disabled')).toBe(true);
  expect(server.requests.some((r) => r.path.endsWith('/imports'))).toBe(false);
});

it('asks for a location and a namespace before anything is sent', async () => {
  const user = userEvent.setup();
  renderPage();
  await upload(user, goodDoc);
  await waitFor(() => expect(editorText()).toContain('settings'));
  await user.click(screen.getByTestId('import-dry-run-button'));
  expect(await screen.findByText('Please choose a location')).toBeDefined();
  expect(screen.getByText('Please choose a namespace')).toBeDefined();
  expect(server.requests.some((r) => r.path.endsWith('/imports'))).toBe(false);
});

it('dry runs, imports, reports each document and puts the failed one back to fix', async () => {
  const user = userEvent.setup();
  server.respond(IMPORT, (request) => {
    const { dryRun } = request.body as { dryRun: boolean };
    return ok({
      dryRun,
      items: [
        {
          index: 0,
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: 'settings',
          namespace: 'demo',
          outcome: 'created',
        },
        {
          index: 1,
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: 'web',
          namespace: 'demo',
          outcome: 'failed',
          message: 'spec.selector: Required value',
        },
      ],
    });
  });
  renderPage();
  await chooseTarget(user);
  await upload(user, `${goodDoc}---\n${badDeployment}`);
  await waitFor(() =>
    expect(screen.getByTestId('import-dry-run-button').hasAttribute('disabled')).toBe(false),
  );
  expect(screen.getByTestId('import-apply-button').hasAttribute('disabled')).toBe(true);

  await user.click(screen.getByTestId('import-dry-run-button'));
  const dryRun = await screen.findByTestId('import-dry-run');
  expect(dryRun.textContent).toContain('Dry run: 1 documents would be accepted, 1 would fail.');
  expect(within(dryRun).getByTestId('import-outcome-0').textContent).toBe('Would be created');

  await user.click(screen.getByTestId('import-apply-button'));
  const result = await screen.findByTestId('import-result');
  expect(result.textContent).toContain('1 of 2 documents applied, 1 failed.');
  expect(within(result).getByTestId('import-outcome-1').textContent).toBe('Failed');
  expect(result.textContent).toContain('spec.selector: Required value');
  const sent = server.requests.filter((r) => r.path.endsWith('/imports'));
  expect(sent.map((r) => (r.body as { dryRun: boolean }).dryRun)).toEqual([true, false]);
  expect((sent[1]?.body as { documents: unknown[] }).documents).toEqual([
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { mode: 'a' } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: {} },
  ]);
  // The failed document stays pending for a later visit.
  expect(JSON.parse(localStorage.getItem(PENDING) ?? '{}')).toMatchObject({
    text: badDeployment,
    namespace: 'demo',
  });

  await user.click(screen.getByTestId('import-edit-failed'));
  await waitFor(() => expect(editorText()).not.toContain('settings'));
  expect(editorText()).toContain('Deployment');
  expect(screen.getByTestId('import-apply-button').hasAttribute('disabled')).toBe(true);
});

it('offers to re-import unpublished or failed data left by the last visit', async () => {
  const user = userEvent.setup();
  localStorage.setItem(
    PENDING,
    JSON.stringify({ text: goodDoc, location: MEMBER_A, namespace: 'demo' }),
  );
  renderPage();
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain(
    'Your last import left data that was not published or failed. Re-import it?',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Re-import' }));
  await waitFor(() => expect(editorText()).toContain('settings'));
  await waitFor(() =>
    expect(screen.getByTestId('import-dry-run-button').hasAttribute('disabled')).toBe(false),
  );
});

it('discards the left data when the user says so', async () => {
  const user = userEvent.setup();
  localStorage.setItem(PENDING, JSON.stringify({ text: goodDoc }));
  renderPage();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(localStorage.getItem(PENDING)).toBeNull());
  expect(editorText()).not.toContain('settings');
});
