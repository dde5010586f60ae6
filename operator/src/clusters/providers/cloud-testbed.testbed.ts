// Ends the AWS and GCP paths in a real API server: each fake hands back test-bed member-a's server
// and CA, and the test proves that endpoint/CA pair works by calling GET /version over TLS pinned to
// that CA. Member-a cannot validate AWS or GCP tokens, so the call authenticates with member-a's
// own client certificate; token validity is covered by the fakes' verifiers in aws/gcp tests.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { memberVersion } from '../../testing/member-version.js';
import { startAwsFake } from '../../testing/fakes/aws-fake.js';
import { startGcpFake } from '../../testing/fakes/gcp-fake.js';
import { awsProvider } from './aws.js';
import { gcpProvider } from './gcp.js';
import type { ClusterConnection } from './types.js';

const KUBECONFIG = fileURLToPath(
  new URL('../../../../.cache/testbed/member-a.kubeconfig', import.meta.url),
);

beforeAll(() => {
  if (!existsSync(KUBECONFIG))
    throw new Error('the test bed is not up: run `make testbed-up` first');
});

interface MemberA {
  server: string;
  ca: string;
  cert: string;
  key: string;
}

function memberA(): MemberA {
  const config = parse(readFileSync(KUBECONFIG, 'utf8')) as {
    clusters: [{ cluster: { server: string; 'certificate-authority-data': string } }];
    users: [{ user: { 'client-certificate-data': string; 'client-key-data': string } }];
  };
  const { cluster } = config.clusters[0];
  const { user } = config.users[0];
  return {
    server: cluster.server,
    ca: cluster['certificate-authority-data'],
    cert: user['client-certificate-data'],
    key: user['client-key-data'],
  };
}

/** The connection's server and CA, authenticated as member-a's own admin. */
function getVersion(
  connection: ClusterConnection,
  member: MemberA,
): Promise<{ gitVersion: string }> {
  return memberVersion({
    server: connection.server,
    certificateAuthorityData: connection.certificateAuthorityData ?? '',
    clientCertificateData: member.cert,
    clientKeyData: member.key,
    ...(connection.tlsServerName ? { tlsServerName: connection.tlsServerName } : {}),
  });
}

describe('cloud providers end in the test bed member-a', () => {
  it('EKS: the DescribeCluster endpoint and CA reach member-a', async () => {
    const member = memberA();
    const creds = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'testbed-secret' };
    const fake = await startAwsFake({
      region: 'us-west-2',
      identities: [creds],
      clusters: { 'member-a': { endpoint: member.server, certificateAuthorityData: member.ca } },
    });
    try {
      const connection = await awsProvider.connect(
        { region: 'us-west-2', vendorClusterId: 'member-a' },
        creds,
        { endpoints: { eks: fake.url, sts: fake.url }, fetch, now: () => new Date() },
      );
      expect(
        await fake.verifyPresignedToken((connection.auth as { token: string }).token, 'member-a'),
      ).toMatchObject({
        ok: true,
      });
      expect((await getVersion(connection, member)).gitVersion).toMatch(/^v1\./);
    } finally {
      await fake.close();
    }
  });

  it('GKE: the clusters.get endpoint and CA reach member-a', async () => {
    const member = memberA();
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const email = 'testbed@demo-project.iam.gserviceaccount.com';
    const fake = await startGcpFake({
      serviceAccounts: [{ clientEmail: email, publicKey: keys.publicKey }],
      clusters: {
        'projects/demo-project/locations/us-central1/clusters/member-a': {
          endpoint: new URL(member.server).host,
          clusterCaCertificate: member.ca,
        },
      },
    });
    try {
      const connection = await gcpProvider.connect(
        { region: 'us-central1', vendorProjectId: 'demo-project', vendorClusterId: 'member-a' },
        {
          type: 'service_account',
          client_email: email,
          private_key: keys.privateKey,
          private_key_id: 'k',
        },
        { endpoints: { gcpToken: fake.tokenUrl, gke: fake.url }, fetch, now: () => new Date() },
      );
      expect(connection.server).toBe(member.server);
      expect((await getVersion(connection, member)).gitVersion).toMatch(/^v1\./);
    } finally {
      await fake.close();
    }
  });
});
