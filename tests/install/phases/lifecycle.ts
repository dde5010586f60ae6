// The rest of a release's life: `helm upgrade` with a changed value rolls the pods and keeps the
// sessions; `helm test` passes; `helm uninstall` removes what the chart made and leaves what
// docs/install.md says stays (CRDs, the operator's own Secrets and Leases, the audit volumes).
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import { adminName, adminToken } from '../support/admin.js';
import {
  helm,
  hub,
  hubJson,
  isReady,
  namespace,
  plainHttp,
  podsOfRelease,
  release,
  releasedChart,
  releasedVersion,
  routedServiceUrl,
  serviceUrl,
} from '../support/release.js';
import type { Pod } from '../support/release.js';

const logLevelOf = (pod: Pod): string | undefined =>
  pod.spec.containers[0]?.env?.find((variable) => variable.name === 'NIMBUS_LOG_LEVEL')?.value;

describe('helm upgrade', () => {
  it('rolls both pods to a new log level and keeps the signed-in session', async () => {
    const url = serviceUrl();
    const token = await adminToken(url);
    const before = podsOfRelease().map((pod) => pod.metadata.uid);
    expect(before).toHaveLength(2);

    const upgraded = helm([
      'upgrade',
      release,
      releasedChart(),
      '--version',
      releasedVersion(),
      ...plainHttp,
      '--reuse-values',
      '--set',
      'logLevel=debug',
      '--wait',
      '--timeout',
      '5m',
    ]);
    expect(upgraded.status).toBe(0);
    const rolled = await eventually(
      podsOfRelease,
      (pods) =>
        pods.filter(isReady).length === 2 &&
        pods.every((pod) => !before.includes(pod.metadata.uid) && logLevelOf(pod) === 'debug'),
      300_000,
    );
    expect(rolled.map(logLevelOf)).toEqual(['debug', 'debug']);
    expect(rolled.map((pod) => pod.metadata.uid).filter((uid) => before.includes(uid))).toEqual([]);

    // The same session, through the Service once it routes to the new pods only.
    const whoAmI = await api('GET', 'iam', `/users/${adminName}`, {
      baseUrl: await routedServiceUrl(),
      token,
    });
    expect(whoAmI.body.code).toBe(0);
  });
});

describe('helm test', () => {
  it('passes: the test pod reaches the Service', () => {
    // No --logs: the chart deletes a test pod that succeeded before helm could fetch its log.
    const result = helm(['test', release, '--timeout', '3m']);
    expect(result.stdout).toMatch(/Phase:\s+Succeeded/);
    expect(result.status).toBe(0);
  });
});

describe('helm uninstall', () => {
  type Listed = { items: { kind: string; metadata: { name: string } }[] };
  const instance = `app.kubernetes.io/instance=${release}`;
  const kinds =
    'statefulsets,services,serviceaccounts,configmaps,poddisruptionbudgets,networkpolicies,roles,rolebindings,ingresses';

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
