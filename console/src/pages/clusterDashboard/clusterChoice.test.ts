import type { CrdCluster } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { chooseCluster, clusterKey, clusterOptionGroups } from './clusterChoice';

const cluster = (kind: string, regionID: string, name: string, ready = true): CrdCluster => ({
  providerID: name,
  provideruuid: name,
  uuid: name,
  kind,
  name,
  cluster: name,
  regionID,
  ready,
  status: 'Allow',
  roles: [],
  organization: 'acme',
});

const awsProd = cluster('ProviderAWS', 'us-east-1', 'prod');
const gcpProd = cluster('ProviderGCP', 'europe-west1', 'prod');
const awsDown = cluster('ProviderAWS', 'us-east-1', 'down', false);

describe("the cluster dashboard's cluster", () => {
  it('is named by vendor, region and name: two vendors may both have a "prod"', () => {
    expect(clusterKey(gcpProd)).toBe('ProviderGCP/europe-west1/prod');
    const all = [awsDown, awsProd, gcpProd];
    expect(chooseCluster(all, ['ProviderGCP/europe-west1/prod'])).toBe(gcpProd);
  });

  it('takes the first wanted key that is usable, else the first usable cluster', () => {
    const all = [awsDown, awsProd, gcpProd];
    expect(chooseCluster(all, [null, 'ProviderAWS/us-east-1/down', clusterKey(gcpProd)])).toBe(
      gcpProd,
    );
    expect(chooseCluster(all, ['ProviderAWS/us-east-1/gone', undefined])).toBe(awsProd);
    expect(chooseCluster([awsDown], [])).toBeUndefined();
  });

  it('is offered in groups of vendor and region, unusable ones disabled', () => {
    expect(clusterOptionGroups([awsDown, gcpProd, awsProd], (kind) => kind.slice(8))).toEqual([
      {
        label: 'AWS · us-east-1',
        title: 'AWS · us-east-1',
        options: [
          { value: 'ProviderAWS/us-east-1/down', label: 'down', disabled: true },
          { value: 'ProviderAWS/us-east-1/prod', label: 'prod', disabled: false },
        ],
      },
      {
        label: 'GCP · europe-west1',
        title: 'GCP · europe-west1',
        options: [{ value: 'ProviderGCP/europe-west1/prod', label: 'prod', disabled: false }],
      },
    ]);
  });
});
