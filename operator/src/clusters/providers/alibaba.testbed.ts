// Test-bed tier (run by `make test` once the test bed is up): the ACK path ends in a real
// API server, member-a, whose kubeconfig the fake hands back as ACK would.
import { beforeAll, describe, expect, it } from 'vitest';
import { startAlibabaFake } from '../../testing/fakes/alibaba-fake.js';
import { hasMemberA, readMemberA, serverHostOf } from '../../testing/fakes/kubeconfig-fixture.js';
import { memberVersion } from '../../testing/member-version.js';
import { expectRefusal } from '../../testing/fakes/vendor-assertions.js';
import type { RunningFake } from '../../testing/fakes/vendor-fake-server.js';
import { createAlibabaAdapter, type AlibabaCredentials } from './alibaba.js';
import type { ClusterConnection, ProviderContext } from './types.js';

const CANARY = 'canary-alibaba-secret-testbed';
const credentials: AlibabaCredentials = { accessKeyId: 'LTAI5tFakeKeyId', accessKeySecret: CANARY };
const spec = { region: 'cn-hangzhou', vendorClusterId: 'c0ffee123' };

beforeAll(() => {
  if (!hasMemberA()) throw new Error('the test bed is not up: run `make testbed-up` first');
});

function start(kubeconfig: string): Promise<RunningFake> {
  return startAlibabaFake({
    ...credentials,
    clusterId: spec.vendorClusterId,
    kubeconfig,
    expiration: '2030-01-02T03:04:05Z',
  });
}

function context(fake: RunningFake): ProviderContext {
  return { endpoints: { alibaba: fake.url }, fetch, now: () => new Date() };
}

function getVersion(connection: ClusterConnection): Promise<{ gitVersion: string }> {
  if (!('clientCertificateData' in connection.auth)) throw new Error('expected a client cert');
  return memberVersion({
    server: connection.server,
    certificateAuthorityData: connection.certificateAuthorityData ?? '',
    ...connection.auth,
  });
}

describe('ProviderALiCloud ends in the test bed member-a', () => {
  it('connects with member-a’s kubeconfig as ACK returns it and calls GET /version', async () => {
    const kubeconfig = readMemberA();
    const fake = await start(kubeconfig);
    try {
      const adapter = createAlibabaAdapter({ policy: { allowHosts: [serverHostOf(kubeconfig)] } });
      const connection = await adapter.connect(spec, credentials, context(fake));
      expect(connection.auth).toHaveProperty('clientCertificateData');
      expect((await getVersion(connection)).gitVersion).toMatch(/^v1\./);
    } finally {
      await fake.close();
    }
  });

  it('refuses member-a’s loopback address without the allow-list entry', async () => {
    const fake = await start(readMemberA());
    try {
      await expectRefusal(
        createAlibabaAdapter({ policy: {} }).connect(spec, credentials, context(fake)),
        /loopback/,
        [CANARY],
      );
    } finally {
      await fake.close();
    }
  });
});
