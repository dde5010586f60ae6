import { describe, expect, it } from 'vitest';
import { ownershipCondition } from '../clusters/ownership-condition.js';
import type { OrganizationObject } from '../hub/store.js';
import { orgObject } from '../testing/iam.js';
import {
  organizationLabel,
  organizationLabels,
  organizationOf,
  organizationUidLabel,
  ownershipOf,
} from './org-scope.js';

const acme = orgObject('acme');
const organizations = new Map<string, OrganizationObject>([['acme', acme]]);
const cluster = (labels: Record<string, string>) => ({ metadata: { name: 'prod', labels } });

describe('organizationOf', () => {
  it('is the organization whose name and uid the object carries', () => {
    expect(organizationOf(cluster(organizationLabels(acme)), organizations)).toBe('acme');
  });

  it('is nobody for an object given to an earlier organization of the same name', () => {
    const old = cluster({ [organizationLabel]: 'acme', [organizationUidLabel]: 'uid-old-acme' });
    expect(organizationOf(old, organizations)).toBeUndefined();
    expect(ownershipOf(old, organizations)).toMatchObject({
      state: 'orphaned',
      reason: 'OrganizationReplaced',
    });
  });

  it('takes an unstamped object (just applied with kubectl) as the named organization', () => {
    expect(organizationOf(cluster({ [organizationLabel]: 'acme' }), organizations)).toBe('acme');
  });

  it('gives nothing new to an organization being deleted', () => {
    const terminating = {
      ...acme,
      metadata: { ...acme.metadata, deletionTimestamp: '2026-01-02T00:00:00Z' },
    };
    const lookup = new Map([['acme', terminating]]);
    expect(organizationOf(cluster({ [organizationLabel]: 'acme' }), lookup)).toBeUndefined();
    expect(organizationOf(cluster(organizationLabels(acme)), lookup)).toBe('acme');
  });

  it('is nobody when the organization does not exist or none is named', () => {
    expect(
      organizationOf(cluster({ [organizationLabel]: 'ghost' }), organizations),
    ).toBeUndefined();
    expect(organizationOf(cluster({}), organizations)).toBeUndefined();
  });

  it("reads a Registry's spec.organization", () => {
    const registry = { metadata: { labels: {} }, spec: { organization: 'acme' } };
    expect(organizationOf(registry, organizations)).toBe('acme');
  });
});

describe("a Cluster's Organization condition", () => {
  it('names the reason it belongs to nobody', () => {
    const old = cluster({ [organizationLabel]: 'acme', [organizationUidLabel]: 'uid-old-acme' });
    expect(ownershipCondition(old, organizations)).toEqual({
      type: 'Organization',
      status: 'False',
      reason: 'OrganizationReplaced',
      message:
        'organization acme was deleted and created again; this object belonged to the earlier one (uid uid-old-acme)',
    });
    expect(ownershipCondition(cluster(organizationLabels(acme)), organizations)).toMatchObject({
      status: 'True',
      reason: 'Owned',
    });
  });
});
