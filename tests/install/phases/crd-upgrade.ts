// helm upgrade from the previous chart version to the released one, across a CRD schema change,
// with nothing applied by hand: the new operator server-side-applies its own CRDs at start
// (crds.manage, docs/decisions/crds-applied-by-the-operator.md), and every object stays.
import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { addedField, changedCrd, previous } from '../support/previous-chart.js';
import {
  hub,
  hubJson,
  isReady,
  podsOfRelease,
  releasedVersion,
  upgradeToReleased,
} from '../support/release.js';

const suffix = Date.now().toString(36);
const category = `upgrade-${suffix}`;
const description = 'kept across the upgrade';

interface Crd {
  metadata: { annotations?: Record<string, string> };
  spec: {
    versions: {
      schema: {
        openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } };
      };
    }[];
  };
}
interface Category {
  metadata: { uid: string };
  spec: { organization: string; description?: string };
}

const specFields = (): string[] =>
  Object.keys(
    hubJson<Crd>(['get', 'crd', changedCrd]).spec.versions[0]?.schema.openAPIV3Schema.properties
      .spec.properties ?? {},
  );

const applyCategory = () =>
  hub(
    // Without strict field validation the server prunes a field its schema lacks, as for an older
    // client's write (server-side apply refuses an undeclared field outright).
    ['apply', '--validate=ignore', '-f', '-'],
    JSON.stringify({
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'DashboardCategory',
      metadata: { name: category },
      spec: { organization: `org-${suffix}`, [addedField]: description },
    }),
  );

const readCategory = () => hubJson<Category>(['get', changedCrd, category]);

describe('helm upgrade across a CRD schema change', () => {
  let uid = '';

  it(`starts from the previous version's schema, which prunes ${addedField}`, () => {
    expect(previous.version).not.toBe('');
    expect(specFields()).not.toContain(addedField);
    const applied = applyCategory();
    expect(applied.stderr).toBe('');
    expect(applied.status).toBe(0);
    const stored = readCategory();
    expect(stored.spec[addedField]).toBeUndefined();
    uid = stored.metadata.uid;
  });

  it('upgrades to the released version from oci://; the operator applies the new CRDs, objects kept', async () => {
    const before = podsOfRelease().map((pod) => pod.metadata.uid);
    // The new chart's defaults (crds.manage among them) under the values given at install.
    const upgraded = upgradeToReleased(['--reset-then-reuse-values']);
    expect(upgraded.stderr).not.toMatch(/Error/);
    expect(upgraded.status).toBe(0);
    await eventually(
      podsOfRelease,
      (pods) =>
        pods.filter(isReady).length === 2 &&
        pods.every((pod) => !before.includes(pod.metadata.uid)),
      300_000,
    );

    const crd = await eventually(
      () => hubJson<Crd>(['get', 'crd', changedCrd]),
      (current) => current.metadata.annotations?.['nimbus.io/operator-version'] !== undefined,
      120_000,
    );
    expect(crd.metadata.annotations?.['nimbus.io/operator-version']).toBe(releasedVersion());
    expect(specFields()).toContain(addedField);
    // Every Nimbus CRD came along, not only the changed one.
    const stamped = hubJson<{ items: Crd[] }>([
      'get',
      'crd',
      '-l',
      'app.kubernetes.io/part-of=nimbus',
    ]).items.filter((item) => item.metadata.annotations?.['nimbus.io/operator-version']);
    expect(stamped.length).toBeGreaterThanOrEqual(14);

    // The object written under the old schema is the same object, and takes the new field now.
    expect(readCategory().metadata.uid).toBe(uid);
    expect(applyCategory().status).toBe(0);
    expect(readCategory().spec[addedField]).toBe(description);
    hub(['delete', changedCrd, category, '--ignore-not-found']);
  });
});
