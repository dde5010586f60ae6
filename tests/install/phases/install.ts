// helm install from oci:// of the chart version before the released one (as a user who installed
// it earlier), two replicas on the hub's real node; the console and API reached through the
// Service from this machine. The CRD upgrade phase then upgrades it to the released version.
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
import { previous, publishPreviousChart } from '../support/previous-chart.js';
import {
  execIn,
  helm,
  hub,
  initialAdminSecret,
  installValues,
  isReady,
  namespace,
  plainHttp,
  podsOfRelease,
  realNode,
  release,
  releasedChart,
  releasedImage,
  routedServiceUrl,
} from '../support/release.js';

const suffix = Date.now().toString(36);

describe('helm install', () => {
  beforeAll(() => {
    // A fresh install: no release left by an interrupted run, nobody to sign in as yet.
    expect(helm(['uninstall', release, '--ignore-not-found', '--wait']).status).toBe(0);
    forgetAdministrators();
    Object.assign(previous, publishPreviousChart());
    // The hub as that version's first install left it: its CRDs, applied as docs/install.md says.
    const applied = hub([
      'apply',
      '--server-side',
      '--force-conflicts',
      '--field-manager=nimbus',
      '-f',
      previous.crds,
    ]);
    expect(applied.stderr).toBe('');
  });

  it('installs the previous chart version from oci:// with two replicas', () => {
    const result = helm([
      'install',
      release,
      releasedChart(),
      '--version',
      previous.version,
      ...plainHttp,
      // The hub holds the CRDs already (docs/install.md "Reinstalling"): Helm 4 would apply its
      // copy server-side and conflict with their field manager; the operator keeps them current.
      '--skip-crds',
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
      // The chart's own default: the image `make release` pushed, pinned by digest.
      expect(pod.spec.containers[0]?.image).toBe(releasedImage());
      expect(releasedImage()).toMatch(/^127\.0\.0\.1:\d+\/release\/nimbus@sha256:[0-9a-f]{64}$/);
      // The kubelet's startup and readiness probes passed (started, Ready) without a restart.
      expect(pod.status.containerStatuses?.[0]).toMatchObject({
        ready: true,
        started: true,
        restartCount: 0,
      });
      const uid = execIn(pod.metadata.name, ['node', '-p', 'process.getuid()']);
      expect(uid.stdout.trim()).toBe('65532');
    }
  });

  it('signs in through the Service with the initial admin password, whose Secret goes once it is changed', async () => {
    const url = await routedServiceUrl();
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
