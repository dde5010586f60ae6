import { describe, expect, it } from 'vitest';
import { tokenTimes } from '../../core/token-times.js';
import { loopbackCertificate } from '../../testing/loopback-tls.js';
import { agentCredentialsOf, agentKubeconfig, parseCaBundle, renewalTime } from './credentials.js';

const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'signature']
    .map((part, index) => (index < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.');

describe('agent credentials', () => {
  it('renews once two thirds of the token’s life have passed', () => {
    const token = jwt({ iat: 1_000, exp: 1_000 + 86_400 });
    expect(tokenTimes(token)).toEqual({ issuedAt: 1_000_000, expiresAt: 87_400_000 });
    expect(renewalTime(token)).toBe(1_000_000 + 57_600_000);
    expect(renewalTime('not-a-jwt')).toBe(0);
  });

  it('writes and reads back the kubeconfig of the agent token', () => {
    const bundle = parseCaBundle(`junk\n${loopbackCertificate}`);
    expect(bundle).toContain('BEGIN CERTIFICATE');
    const credentials = { server: 'https://10.0.0.1:6443', ca: bundle ?? '', token: jwt({}) };
    expect(agentCredentialsOf(agentKubeconfig(credentials))).toEqual(credentials);
    expect(agentCredentialsOf('kind: Config')).toBeUndefined();
  });

  it('takes only PEM certificates as the CA', () => {
    expect(parseCaBundle('not a certificate')).toBeUndefined();
    expect(
      parseCaBundle('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
    ).toBeUndefined();
  });
});
