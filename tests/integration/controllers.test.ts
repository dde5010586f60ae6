// Issue 8, "One controller runtime": one manager on one Lease runs every controller, and Events
// explain what they decided. Against the real hub: `kubectl describe` of a User whose binding names
// another organization's cluster shows the Warning; a Cluster the operator cannot reach says so;
// the operator holds exactly one Lease; and when the operator under test stops, a second operator
// process takes the Lease over and reconciles. The operator under test is started again at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '../support/iam.js';
import { conditionsOf, eventually, hub, hubApply, hubJson, namespace } from '../support/iam.js';
import type { OperatorInstance } from '../support/operator.js';
import { freePort, leaseIdentityOf, operatorSh, operatorUnderTest } from '../support/operator.js';

const s = `ctl${Date.now().toString(36)}`;
const acme = `acme-${s}`;
const globex = `globex-${s}`;
const prod = `prod-${s}`;
const mallory = `mallory-${s}`;
const successor = `trudy-${s}`;
const leaseName = 'nimbus-operator-leader';

interface Lease {
  metadata: { name: string; labels?: Record<string, string> };
  spec?: { holderIdentity?: string };
}

interface CoreEvent {
  type: string;
  reason: string;
  message: string;
  reportingComponent?: string;
  reportingInstance?: string;
  involvedObject: { kind: string; name: string; uid: string };
}

const organization = (name: string) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'Organization',
  metadata: { name },
  spec: { cnName: name, contact: 'Jane', email: `ops@${name}.example` },
});

/** A member of acme bound to globex's cluster: the binding is outside her organization. */
const userBoundToProd = (name: string) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'User',
  metadata: { name },
  spec: {
    email: `${name}@acme.example`,
    organizations: [{ name: acme }],
    clusterPermissions: [{ cluster: prod, role: 'read-only', effect: 'Allow' }],
  },
});

const leaseHolder = (): string =>
  hubJson<Lease>(['get', 'lease', '-n', namespace, leaseName]).spec?.holderIdentity ?? '';

const describeOf = (resource: string, name: string) => hub(['describe', resource, name]).stdout;

/** The Events about one object, as the core API (and so `kubectl describe`) lists them. */
const eventsAbout = (kind: string, name: string): CoreEvent[] =>
  hubJson<{ items: CoreEvent[] }>([
    'get',
    'events',
    '--all-namespaces',
    '--field-selector',
    `involvedObject.kind=${kind},involvedObject.name=${name}`,
  ]).items;

beforeAll(() => {
  hubApply([organization(acme), organization(globex)]);
  // globex's cluster, registered without credentials: the operator cannot reach it.
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Cluster',
      metadata: { name: prod, labels: { 'nimbus.io/organization': globex } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: `${prod}-credentials`, namespace },
      },
    },
  ]);
  hubApply([userBoundToProd(mallory)]);
});

afterAll(() => {
  for (const user of [mallory, successor]) {
    hub(['delete', 'users.nimbus.io', user, '--ignore-not-found', '--wait=false']);
  }
  hub(['delete', 'clusters.nimbus.io', prod, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', acme, globex, '--ignore-not-found', '--wait=false']);
});

describe('Events explain what the controllers decided', () => {
  it("`kubectl describe` of a User bound to another organization's cluster shows the Warning", async () => {
    // The User's status conditions carry the same reason, written before the Event: wait for
    // the Event's own line, not for the reason anywhere in the description.
    const described = await eventually(
      () => describeOf('users.nimbus.io', mallory),
      (text) => /^\s+Warning\s+BindingOutsideOrganization\s/m.test(text),
    );
    const events = described.slice(described.lastIndexOf('\nEvents:'));
    expect(events).toMatch(/Warning\s+BindingOutsideOrganization\s+.*nimbus\.io\/operator/);
    expect(events).toContain(`cluster ${prod} belongs to organization ${globex}`);
    expect(events).toContain('the binding is ignored');
    const [event] = eventsAbout('User', mallory);
    const uid = hubJson<{ metadata: { uid: string } }>(['get', 'users.nimbus.io', mallory]).metadata
      .uid;
    expect(event).toMatchObject({
      type: 'Warning',
      reason: 'BindingOutsideOrganization',
      reportingComponent: 'nimbus.io/operator',
      involvedObject: { kind: 'User', name: mallory, uid },
    });
  });

  it('`kubectl describe` of a Cluster the operator cannot reach says why', async () => {
    const described = await eventually(
      () => describeOf('clusters.nimbus.io', prod),
      (text) => /Warning\s+Unreachable/.test(text),
    );
    expect(described).toContain('its credentials Secret is missing');
  });

  it('folds the repeats of a lasting problem into one Event with a count', async () => {
    // The probe fails every interval; the recorder counts, it does not add Events.
    const counted = await eventually(
      () =>
        hubJson<{ items: Array<{ reason: string; series?: { count: number } }> }>([
          'get',
          'events.events.k8s.io',
          '--all-namespaces',
          '--field-selector',
          `regarding.name=${prod}`,
        ]).items.filter((e) => e.reason === 'Unreachable'),
      (events) => (events[0]?.series?.count ?? 0) >= 2,
    );
    expect(counted).toHaveLength(1);
    expect(counted[0]?.series?.count).toBeGreaterThanOrEqual(2);
  });
});

describe('one Lease', () => {
  it('is the only Lease the operator holds', async () => {
    const holder = await eventually(leaseHolder, (h) => h !== '');
    expect(holder).toBe(leaseIdentityOf(operatorUnderTest));
    const held = hubJson<{ items: Lease[] }>(['get', 'leases', '-n', namespace])
      .items.filter((lease) => lease.spec?.holderIdentity === holder)
      .map((lease) => lease.metadata.name);
    expect(held).toEqual([leaseName]);
  });

  it('passes to a second operator when the first stops, and the second reconciles', async () => {
    const second: OperatorInstance = { name: 'takeover', port: await freePort() };
    const first = leaseIdentityOf(operatorUnderTest);
    try {
      await operatorSh('start', second);
      // A second replica waits: the holder keeps renewing.
      expect(leaseHolder()).toBe(first);
      await operatorSh('stop', operatorUnderTest);
      const secondIdentity = leaseIdentityOf(second);
      expect(await eventually(leaseHolder, (h) => h === secondIdentity)).toBe(secondIdentity);

      // Only the new holder runs the controllers: a new User is validated, and says so.
      hubApply([userBoundToProd(successor)]);
      const conditions = await conditionsOf(
        'users.nimbus.io',
        successor,
        (c) => c.Valid?.status === 'False',
      );
      expect(conditions.Valid).toMatchObject<Partial<Condition>>({
        reason: 'BindingOutsideOrganization',
      });
      const events = await eventually(
        () => eventsAbout('User', successor),
        (list) => list.length > 0,
      );
      expect(events[0]).toMatchObject({ reportingInstance: secondIdentity });
    } finally {
      // The operator under test comes back as a follower, and leads again once the second goes.
      await operatorSh('start', operatorUnderTest);
      await operatorSh('stop', second);
    }
    const back = leaseIdentityOf(operatorUnderTest);
    expect(await eventually(leaseHolder, (h) => h === back)).toBe(back);
  }, 240_000);
});
