// A release's upgrades and checks: `helm upgrade` with a changed value rolls the pods and keeps the
// sessions; `helm test` passes.
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import { adminName, adminToken } from '../support/admin.js';
import {
  helm,
  isReady,
  podsOfRelease,
  release,
  routedServiceUrl,
  serviceUrl,
  upgradeToReleased,
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

    const upgraded = upgradeToReleased(['--reuse-values', '--set', 'logLevel=debug']);
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
