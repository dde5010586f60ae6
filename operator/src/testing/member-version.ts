// GET /version on a real member API server over TLS pinned to the given CA, authenticated with a
// client certificate: the last step of the test-bed tests that a provider's connection data works.
import { request } from 'node:https';

export interface MemberTls {
  server: string;
  /** base64 PEM, as in kubeconfig *-data fields */
  certificateAuthorityData: string;
  clientCertificateData: string;
  clientKeyData: string;
  tlsServerName?: string;
}

export function memberVersion(tls: MemberTls): Promise<{ gitVersion: string }> {
  const pem = (data: string) => Buffer.from(data, 'base64');
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/version', tls.server),
      {
        ca: pem(tls.certificateAuthorityData),
        cert: pem(tls.clientCertificateData),
        key: pem(tls.clientKeyData),
        ...(tls.tlsServerName ? { servername: tls.tlsServerName } : {}),
        timeout: 5000,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(body) as { gitVersion: string })
            : reject(new Error(`GET /version: HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('GET /version timed out')));
    req.end();
  });
}
