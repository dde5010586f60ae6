import { expect, it } from 'vitest';
import { createBodyOf, settingsOf } from './clusterPayload';

const key = {
  type: 'service_account',
  client_email: 'nimbus@project.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
  private_key_id: 'k1',
};

it('sends the GCP key file parsed, with project and cluster ids', () => {
  expect(
    createBodyOf(
      'ProviderGCP',
      {
        name: 'gke',
        region: ' europe-west1 ',
        vendorProjectId: 'my-project',
        vendorClusterId: 'prod',
        credentials: { serviceAccountKey: JSON.stringify(key, null, 2) },
      },
      'org-1',
    ),
  ).toEqual({
    name: 'gke',
    organizationId: 'org-1',
    region: 'europe-west1',
    vendorProjectId: 'my-project',
    vendorClusterId: 'prod',
    credentials: key,
  });
});

it('drops vendor ids a kind does not use and optional fields left empty', () => {
  expect(
    createBodyOf(
      'ProviderKubeconfig',
      {
        name: 'local',
        region: 'dc-1',
        vendorClusterId: 'ignored',
        credentials: { kubeconfig: 'apiVersion: v1\n' },
      },
      'org-1',
    ),
  ).toEqual({
    name: 'local',
    organizationId: 'org-1',
    region: 'dc-1',
    credentials: { kubeconfig: 'apiVersion: v1\n' },
  });
  expect(
    settingsOf(
      'ProviderAWS',
      {
        name: 'prod',
        region: 'us-east-1',
        vendorClusterId: 'eks',
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'x', sessionToken: '' },
      },
      'org-1',
    ).credentials,
  ).toEqual({ accessKeyId: 'AKIA1', secretAccessKey: 'x' });
});

it('keeps the stored credentials on an edit that enters none', () => {
  expect(
    settingsOf(
      'ProviderTencent',
      { name: 'tke', region: 'ap-guangzhou', vendorClusterId: 'cls-1', credentials: {} },
      'org-1',
    ),
  ).toEqual({ organizationId: 'org-1', region: 'ap-guangzhou', vendorClusterId: 'cls-1' });
});
