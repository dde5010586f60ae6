import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { mappingProblems, planMemberships } from './memberships.js';

async function directory() {
  const store = createMemoryStore();
  for (const name of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'x', email: `${name}@x.example` },
    });
  }
  await store.userGroups.create({ metadata: { name: 'devs' }, spec: { organization: 'acme' } });
  await store.userGroups.create({ metadata: { name: 'spies' }, spec: { organization: 'globex' } });
  return store;
}

const provider = (
  groupMappings: Array<{ group: string; organization: string; userGroup?: string }>,
) => ({
  spec: {
    displayName: 'Corp',
    issuer: 'https://idp.example',
    clientId: 'nimbus',
    scopes: ['openid'],
    claims: { userName: 'u', displayName: 'n', email: 'e', groups: 'g' },
    enabled: true,
    groupMappings,
  },
});

describe('planning memberships from the groups claim', () => {
  it('joins mapped organizations and groups, and decides only those', async () => {
    const store = await directory();
    const mappings = provider([
      { group: 'eng', organization: 'acme', userGroup: 'devs' },
      { group: 'ops', organization: 'acme' },
      { group: 'sales', organization: 'globex' },
    ]);
    const plan = planMemberships(mappings, ['ops'], store);
    expect(plan.organizations).toEqual(
      new Map([
        ['acme', true],
        ['globex', false],
      ]),
    );
    expect(plan.userGroups).toEqual(new Map([['devs', false]]));
    expect(planMemberships(mappings, ['eng'], store).userGroups).toEqual(new Map([['devs', true]]));
  });

  it('never touches a group of another organization than its mapping names', async () => {
    const store = await directory();
    const crossing = provider([{ group: 'eng', organization: 'acme', userGroup: 'spies' }]);
    const plan = planMemberships(crossing, ['eng'], store);
    expect(plan.userGroups.size).toBe(0);
    expect(plan.organizations.get('acme')).toBe(true);
    expect(mappingProblems(crossing, store)).toEqual([
      'group eng: user group spies belongs to organization globex, not acme',
    ]);
    expect(mappingProblems(provider([{ group: 'x', organization: 'nowhere' }]), store)).toEqual([
      'group x: organization nowhere does not exist',
    ]);
  });
});
