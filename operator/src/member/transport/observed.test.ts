import { X509Certificate } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClusterConnection } from '../connection.js';
import { memberCredentialExpiry } from '../../observability/metrics.js';
import { loopbackCaData, loopbackCertificate } from '../../testing/loopback-tls.js';
import { forgetCredentialExpiry, observedCall } from './observed.js';
import type { MemberTransport } from './types.js';

const unused = () => Promise.reject(new Error('not called'));
const transport: MemberTransport = {
  request: unused,
  stream: unused,
  upgrade: unused,
  close: () => undefined,
  retire: () => undefined,
};

const jwt = (claims: object) =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');

const connection = (auth: ClusterConnection['auth'], expiresAt?: Date): ClusterConnection => ({
  server: 'https://member.example:6443',
  certificateAuthorityData: loopbackCaData,
  auth,
  ...(expiresAt ? { expiresAt } : {}),
});

/** The gauge's series, as /metrics shows them: renewal and seconds per cluster. */
async function expiries(): Promise<Record<string, Record<string, number>>> {
  const { values } = await memberCredentialExpiry.get();
  const out: Record<string, Record<string, number>> = {};
  for (const { labels, value } of values) {
    out[String(labels.cluster)] = {
      ...out[String(labels.cluster)],
      [String(labels.renewal)]: value,
    };
  }
  return out;
}

beforeEach(() => memberCredentialExpiry.reset());

describe('the credential expiry of a member connection', () => {
  it('reports a client certificate as one a person renews, at its notAfter', async () => {
    const notAfter = Date.parse(new X509Certificate(loopbackCertificate).validTo);
    observedCall(
      transport,
      connection({ clientCertificateData: loopbackCaData, clientKeyData: 'a2V5' }),
      'east',
    );
    expect(await expiries()).toEqual({ east: { manual: notAfter / 1000 } });
  });

  it("reports a kubeconfig's expiring token as one a person renews, at its exp", async () => {
    observedCall(transport, connection({ token: jwt({ iat: 1_000, exp: 90_000 }) }), 'west');
    expect(await expiries()).toEqual({ west: { manual: 90_000 } });
  });

  it('reports a credential the connection renews before it expires as automatic, and only so', async () => {
    observedCall(transport, connection({ token: jwt({ iat: 1_000, exp: 90_000 }) }), 'north');
    const renewedAt = new Date(3_600_000);
    observedCall(
      transport,
      connection({ token: jwt({ iat: 1_000, exp: 3_600 }) }, renewedAt),
      'north',
    );
    expect(await expiries()).toEqual({ north: { automatic: 3_600 } });
  });

  it('reports nothing for a token that does not say when it expires, or an unnamed cluster', async () => {
    observedCall(transport, connection({ token: 'opaque-token' }), 'south');
    observedCall(transport, connection({ token: jwt({ iat: 1, exp: 2 }) }));
    expect(await expiries()).toEqual({});
  });

  it('forgets the series of a cluster that is no longer registered', async () => {
    observedCall(transport, connection({ token: jwt({ iat: 1_000, exp: 90_000 }) }), 'gone');
    observedCall(transport, connection({ token: jwt({ iat: 1_000, exp: 80_000 }) }), 'kept');
    forgetCredentialExpiry('gone');
    expect(await expiries()).toEqual({ kept: { manual: 80_000 } });
  });
});
