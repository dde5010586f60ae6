import { describe, expect, it } from 'vitest';
import { servicePath } from '../config/productHost';
import {
  endpointPattern,
  endpointQuery,
  endpointRequest,
  endpointUrl,
  SILENT_REQUEST_PATHS,
} from './endpointUrl';
import { listQuery } from './listArgs';

describe('endpointUrl', () => {
  it("fills the contract's path with the product host and encoded parameters", () => {
    expect(endpointUrl('explainAccess', { userName: 'a b/c' })).toBe(
      `${servicePath('manage')}/users/a%20b%2Fc/explain`,
    );
  });

  it('refuses to build a path whose parameter is missing', () => {
    expect(() => endpointUrl('explainAccess', {} as { userName: string })).toThrow(/userName/);
  });

  it('matches any path of an endpoint, whatever its host and parameters', () => {
    const pattern = endpointPattern('deleteAlarmRule');
    expect(pattern.test('/alarm.cloud.example.com/organizations/o-1/rules/cpu')).toBe(true);
    expect(pattern.test('/alarm.cloud.example.com/organizations/o-1/rules/cpu/x')).toBe(false);
    expect(pattern.test('/alarmXcloud/organizations/o-1/rules/cpu')).toBe(false);
  });

  it('keeps the calls the contract marks silent quiet, and no other', () => {
    const silent = (path: string) => SILENT_REQUEST_PATHS.some((p) => p.test(path));
    expect(silent('/openapi.json')).toBe(true);
    expect(silent(`${servicePath('monitor')}/alert-metrics/notifications`)).toBe(true);
    expect(silent(`${servicePath('monitor')}/dashboards`)).toBe(false);
  });

  it("takes each call's method from the contract", () => {
    expect(endpointRequest('deleteAlarmRule', { orgId: 'o-1', name: 'cpu' }).method).toBe('DELETE');
    expect(endpointRequest('listAlarmRules', { orgId: 'o-1' })).toEqual({
      url: `${servicePath('alarm')}/organizations/o-1/rules`,
      method: 'GET',
    });
  });

  it('sends a typed query: lists repeat their key, undefined values are left out', () => {
    const request = endpointQuery(
      'listKind',
      { kind: 'pods' },
      { cluster: 'c 1', namespace: undefined, label: ['app=web', 'tier=a&b'], name: '' },
    );
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      `${servicePath('crd')}/pods?cluster=c+1&label=app%3Dweb&label=tier%3Da%26b&name=`,
    );
    expect(endpointQuery('listCharts', {}, {}).url).toBe(endpointUrl('listCharts', {}));
  });

  it('asks for a page of a list, and a search only when there is one', () => {
    const args = { organizationId: 'o-1', page: 2, pageSize: 20 };
    expect(listQuery('listGroups', { orgId: 'o-1' }, { ...args, search: '' }).url).toBe(
      `${endpointUrl('listGroups', { orgId: 'o-1' })}?page=2&pageSize=20`,
    );
    expect(listQuery('listGroups', { orgId: 'o-1' }, { ...args, search: 'ops' }).url).toMatch(
      /\?page=2&pageSize=20&search=ops$/,
    );
  });
});
