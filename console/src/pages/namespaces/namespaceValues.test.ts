import type { LimitRangeSpec } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import {
  createBody,
  limitRangeFields,
  limitRangeSpec,
  quotaQuantities,
  quotaSpec,
} from './namespaceValues';

const location = { vendor: 'ProviderKubeconfig', region: 'local', cluster: 'member-a' };

describe('createBody', () => {
  it('sends only the location and the name when nothing else is filled in', () => {
    expect(
      createBody({
        location,
        name: ' team-a ',
        quota: { cpu: '', memory: ' ' },
        limits: { pod: { max: { cpu: '' } }, container: {} },
      }),
    ).toEqual({ ...location, name: 'team-a' });
  });

  it('keeps the filled-in quota and limit range values, trimmed', () => {
    expect(
      createBody({
        location,
        name: 'team-a',
        quota: { cpu: ' 2 ', memory: '' },
        limits: {
          pod: { max: { cpu: '1', memory: '' }, min: {} },
          container: { default: { memory: '256Mi' }, defaultRequest: { cpu: '100m' } },
        },
      }),
    ).toEqual({
      ...location,
      name: 'team-a',
      resourceQuota: { cpu: '2' },
      limitRange: {
        pod: { max: { cpu: '1' } },
        container: { default: { memory: '256Mi' }, defaultRequest: { cpu: '100m' } },
      },
    });
  });
});

describe('quota edits', () => {
  it('reads totals from whichever key the quota uses', () => {
    expect(quotaQuantities({ 'limits.cpu': '2', memory: '4Gi' })).toEqual({
      cpu: '2',
      memory: '4Gi',
    });
    expect(quotaQuantities({ 'requests.cpu': '1' })).toEqual({ cpu: '1' });
    expect(quotaQuantities(undefined)).toEqual({});
  });

  it('writes the keys the quota uses, limits.* for new totals, and keeps its other limits', () => {
    expect(
      quotaSpec(
        { cpu: '3', memory: '' },
        { hard: { cpu: '2', memory: '4Gi', pods: '10' }, scopes: ['NotTerminating'] },
      ),
    ).toEqual({ hard: { cpu: '3', pods: '10' }, scopes: ['NotTerminating'] });
    expect(quotaSpec({ cpu: '1', memory: '1Gi' })).toEqual({
      hard: { 'limits.cpu': '1', 'limits.memory': '1Gi' },
    });
  });
});

describe('limit range edits', () => {
  it('turns Pod and Container items into form values and back, keeping other types', () => {
    const current: LimitRangeSpec = {
      limits: [
        { type: 'Container', max: { cpu: '2' }, default: { memory: '256Mi' } },
        { type: 'PersistentVolumeClaim', max: { storage: '10Gi' } },
      ],
    };
    const fields = limitRangeFields(current);
    expect(fields.container?.max).toEqual({ cpu: '2', memory: '' });
    expect(fields.container?.default).toEqual({ cpu: '', memory: '256Mi' });
    expect(fields.pod?.max).toEqual({ cpu: '', memory: '' });

    const edited = { ...fields, pod: { ...fields.pod, min: { cpu: '100m', memory: '' } } };
    expect(limitRangeSpec(edited, current)).toEqual({
      limits: [
        { type: 'Pod', min: { cpu: '100m' } },
        { type: 'Container', max: { cpu: '2' }, default: { memory: '256Mi' } },
        { type: 'PersistentVolumeClaim', max: { storage: '10Gi' } },
      ],
    });
  });
});
