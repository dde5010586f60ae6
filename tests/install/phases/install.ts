// helm install of charts/nimbus with the image built by `make image`, two replicas on the hub's
// real node; the console and API reached through the Service from this machine.
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import {
  adminName,
  adminSession,
  changePassword,
  forgetAdministrators,
  initialAdmin,
} from '../support/admin.js';
import {
  chart,
  helm,
  hub,
  initialAdminSecret,
  installValues,
  isReady,
  namespace,
  podsOfRelease,
  realNode,
  release,
  serviceUrl,
} from '../support/release.js';

const suffix = Date.now().toString(36);

describe('helm install', () => {
  beforeAll(() => {
    // A fresh install: no release left by an interrupted run, nobody to sign in as yet.
    expect(helm(['uninstall', release, '--ignore-not-found', '--wait']).status).toBe(0);
    forgetAdministrators();
  });

  it('installs the chart with the local image and two replicas', () => {
    const result = helm([
      'install',
      release,
      chart,
      '--create-namespace',
      '--values',
      installValues(),
      '--set',
      'replicaCount=2',
      '--wait',
      '--timeout',
      '5m',
    ]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
  });

  it('runs both replicas on the real node: started, Ready, as the image user, never restarted', async () => {
    const pods = await eventually(
      podsOfRelease,
      (all) => all.filter(isReady).length === 2,
      120_000,
    );
    expect(
      pods
        .filter(isReady)
        .map((pod) => pod.metadata.name)
        .sort(),
    ).toEqual([`${release}-0`, `${release}-1`]);
    for (const pod of pods) {
      expect(pod.spec.nodeName).toBe(realNode);
      // Pinned by digest to what `make image` pushed to the test-bed registry.
      expect(pod.spec.containers[0]?.image).toMatch(
        /^127\.0\.0\.1:\d+\/nimbus@sha256:[0-9a-f]{64}$/,
      );
      // The kubelet's startup and readiness probes passed (started, Ready) without a restart.
      expect(pod.status.containerStatuses?.[0]).toMatchObject({
        ready: true,
        started: true,
        restartCount: 0,
      });
      const uid = hub([
        'exec',
        '-n',
        namespace,
        pod.metadata.name,
        '--',
        'node',
        '-p',
        'process.getuid()',
      ]);
      expect(uid.stdout.trim()).toBe('65532');
    }
  });

  it('signs in through the Service with the initial admin password, whose Secret goes once it is changed', async () => {
    const url = serviceUrl();
    const initial = await initialAdmin();
    expect(initial.username).toBe(adminName);
    const first = await login(adminName, initial.password, undefined, url);
    expect(first.body).toMatchObject({ code: 0, data: { mustChangePassword: true } });

    const password = `install${suffix}9`;
    const changed = await changePassword(url, first.body.data.token, initial.password, password);
    expect(changed.body.code).toBe(0);
    adminSession.password = password;
    const gone = await eventually(
      () =>
        hub([
          'get',
          'secret',
          '-n',
          namespace,
          initialAdminSecret,
          '--ignore-not-found',
          '-o',
          'name',
        ]).stdout,
      (out) => out.trim() === '',
      30_000,
    );
    expect(gone.trim()).toBe('');

    const again = await login(adminName, password, undefined, url);
    expect(again.body).toMatchObject({ code: 0, data: { mustChangePassword: false } });
    adminSession.token = again.body.data.token;
  });
});
