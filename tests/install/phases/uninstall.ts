// The end of a release's life: `helm uninstall` removes what the chart made and leaves what
// docs/install.md says stays (CRDs, the operator's own Secrets and Leases, the audit volumes of the
// StatefulSet it ran as before store postgres).
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { adminName } from '../support/admin.js';
import { stopReleaseDatabase } from '../support/postgres.js';
import { helm, hub, hubJson, namespace, podsOfRelease, release } from '../support/release.js';

describe('helm uninstall', () => {
  // The database of the store postgres phase goes once the release that used it is gone.
  afterAll(stopReleaseDatabase);

  type Listed = { items: { kind: string; metadata: { name: string } }[] };
  const instance = `app.kubernetes.io/instance=${release}`;
  const kinds =
    'statefulsets,deployments,services,serviceaccounts,configmaps,poddisruptionbudgets,networkpolicies,roles,rolebindings,ingresses';

  it('removes the chart objects and pods, and leaves the data that is documented to stay', async () => {
    const result = helm(['uninstall', release, '--wait', '--timeout', '3m']);
    expect(result.status).toBe(0);

    const made = hubJson<Listed>(['get', kinds, '-n', namespace, '-l', instance]);
    expect(made.items.map((item) => `${item.kind}/${item.metadata.name}`)).toEqual([]);
    const clusterWide = hubJson<Listed>([
      'get',
      'clusterroles,clusterrolebindings',
      '-l',
      instance,
    ]);
    expect(clusterWide.items).toEqual([]);
    const pods = await eventually(podsOfRelease, (left) => left.length === 0, 120_000);
    expect(pods).toEqual([]);
    expect(hub(['get', 'secret', '-n', namespace, '-l', 'owner=helm', '-o', 'name']).stdout).toBe(
      '',
    );

    // Documented to stay: the CRDs (and every Nimbus object), the session key the operator made,
    // the users' credentials, and each replica's audit volume.
    expect(hub(['get', 'crd', 'users.nimbus.io', '-o', 'name']).status).toBe(0);
    expect(hub(['get', 'users.nimbus.io', adminName, '-o', 'name']).status).toBe(0);
    expect(
      hub(['get', 'secret', '-n', namespace, `${release}-session-key`, '-o', 'name']).status,
    ).toBe(0);
    const claims = hubJson<Listed>(['get', 'pvc', '-n', namespace, '-l', instance]);
    expect(claims.items.map((item) => item.metadata.name).sort()).toEqual([
      `data-${release}-0`,
      `data-${release}-1`,
    ]);
  });
});
