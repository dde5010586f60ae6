import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ok } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import {
  answerPlacement,
  K8S,
  MEMBER_A,
  placeInShop,
  posts,
  renderForm,
  submitButton,
} from '../../../tests/resourceFormTestBed';
import PersistentVolumeClaimCreatePage from './PersistentVolumeClaimCreatePage';
import PersistentVolumeCreatePage from './PersistentVolumeCreatePage';
import StorageClassCreatePage from './StorageClassCreatePage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  answerPlacement(server);
});
afterEach(() => server.close());

it('creates an NFS persistent volume (no namespace asked)', async () => {
  server.respond(`POST ${K8S}/persistentvolumes`, ok({ metadata: { name: 'data' } }));
  const user = userEvent.setup();
  renderForm('/add/PersistentVolume', <PersistentVolumeCreatePage />, server);

  await placeInShop(user, server, false);
  expect(screen.queryByLabelText('Namespace')).toBeNull();
  await user.type(screen.getByLabelText('Name'), 'data');
  await user.type(screen.getByLabelText('Capacity'), '0Gi');
  expect(await screen.findByText('A size above zero such as 10Gi')).toBeDefined();
  await user.clear(screen.getByLabelText('Capacity'));
  await user.type(screen.getByLabelText('Capacity'), '10Gi');
  await user.click(screen.getByLabelText('ReadWriteMany'));
  await user.type(screen.getByLabelText('Storage class (optional)'), 'nfs');
  await user.click(screen.getByLabelText('Read only'));
  await user.type(screen.getByLabelText('NFS server'), '10.0.0.5');
  await user.type(screen.getByLabelText('NFS path'), 'exports');
  expect(await screen.findByText("An absolute path without '..' or ':'")).toBeDefined();
  await user.clear(screen.getByLabelText('NFS path'));
  await user.type(screen.getByLabelText('NFS path'), '/exports/data');
  await user.click(submitButton());

  expect(await screen.findByText('Persistent volume data created')).toBeDefined();
  expect(posts(server).map((request) => request.body)).toEqual([
    {
      ...MEMBER_A,
      name: 'data',
      capacity: '10Gi',
      accessModes: ['ReadWriteOnce', 'ReadWriteMany'],
      reclaimPolicy: 'Retain',
      storageClassName: 'nfs',
      volumeMode: 'Filesystem',
      readOnly: true,
      source: { kind: 'nfs', server: '10.0.0.5', path: '/exports/data' },
    },
  ]);
});

it('creates a claim in the namespace and refuses one without access modes', async () => {
  server.respond(
    `POST ${K8S}/namespaces/shop/persistentvolumeclaims`,
    ok({ metadata: { name: 'data' } }),
  );
  const user = userEvent.setup();
  renderForm('/add/PersistentVolumeClaims', <PersistentVolumeClaimCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'data');
  await user.type(screen.getByLabelText('Capacity'), '1Gi');
  await user.click(screen.getByLabelText('ReadWriteOnce'));
  await user.click(submitButton());
  expect(await screen.findByText('Choose at least one access mode')).toBeDefined();
  await user.click(screen.getByLabelText('ReadWriteOnce'));
  await user.click(screen.getByText('Block'));
  await user.type(screen.getByLabelText('Volume name (optional)'), 'data');
  await user.click(submitButton());

  await waitFor(() => expect(posts(server)).toHaveLength(1));
  expect(posts(server)[0]?.body).toEqual({
    ...MEMBER_A,
    name: 'data',
    storage: '1Gi',
    accessModes: ['ReadWriteOnce'],
    volumeName: 'data',
    volumeMode: 'Block',
  });
});

it('creates a storage class with its provisioner, policies and parameters', async () => {
  server.respond(`POST ${K8S}/storageclasses`, ok({ metadata: { name: 'fast' } }));
  const user = userEvent.setup();
  renderForm('/add/StorageClass', <StorageClassCreatePage />, server);

  await placeInShop(user, server, false);
  await user.type(screen.getByLabelText('Name'), 'fast');
  await user.click(submitButton());
  expect(await screen.findByText('Required')).toBeDefined();
  await user.type(screen.getByLabelText('Provisioner'), 'nfs.csi.k8s.io');
  await user.click(screen.getByText('WaitForFirstConsumer'));
  await user.click(screen.getByText('Retain'));
  await user.click(screen.getByRole('button', { name: /Add parameter/ }));
  await user.type(screen.getByPlaceholderText('Key'), 'server');
  await user.type(screen.getByPlaceholderText('Value'), 'nfs.local');
  await user.click(submitButton());

  expect(await screen.findByText('Storage class fast created')).toBeDefined();
  expect(posts(server)[0]?.body).toEqual({
    ...MEMBER_A,
    name: 'fast',
    provisioner: 'nfs.csi.k8s.io',
    reclaimPolicy: 'Retain',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: false,
    parameters: { server: 'nfs.local' },
  });
});
