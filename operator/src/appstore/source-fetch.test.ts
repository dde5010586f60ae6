import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartSourceObject } from '../hub/store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { CredentialsRefused } from './outbound-get.js';
import {
  chartSourceSecretName,
  readSourceCredentials,
  writeSourceCredentials,
} from './source-credentials.js';
import { sourceFetch } from './source-fetch.js';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** /basic/* wants ann:secret; /bearer/* wants a token from /token (which wants ann:secret). */
const seen: { path: string; authorization?: string | undefined }[] = [];
const server = http.createServer((req, res) => {
  const path = req.url ?? '';
  seen.push({ path, authorization: req.headers.authorization });
  const auth = req.headers.authorization;
  if (path.startsWith('/basic/')) {
    if (auth !== basic('ann', 'secret')) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="charts"' }).end();
      return;
    }
    res.writeHead(200).end('basic ok');
    return;
  }
  if (path.startsWith('/token')) {
    if (auth !== basic('ann', 'secret')) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ token: `t:${new URL(path, 'http://x').searchParams.get('scope')}` }));
    return;
  }
  if (path.startsWith('/v2/')) {
    if (auth !== 'Bearer t:repository:charts/web:pull') {
      res
        .writeHead(401, {
          'www-authenticate': `Bearer realm="http://${req.headers.host}/token",service="reg"`,
        })
        .end();
      return;
    }
    res.writeHead(200).end('bearer ok');
    return;
  }
  res.writeHead(404).end();
});
let origin = '';
const outbound = () => ({ policy: { allowHosts: [new URL(origin).host] } });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('reading a chart source with its credentials', () => {
  it('sends the basic login and refuses a wrong one or none with a clear error', async () => {
    const good = sourceFetch(origin, { username: 'ann', password: 'secret' }, outbound());
    expect((await good.get(`${origin}/basic/index.yaml`)).body.toString()).toBe('basic ok');
    const wrong = sourceFetch(origin, { username: 'ann', password: 'nope' }, outbound());
    await expect(wrong.get(`${origin}/basic/index.yaml`)).rejects.toThrow(
      /refused the user name and password \(HTTP 401\)/,
    );
    const anonymous = sourceFetch(origin, {}, outbound());
    await expect(anonymous.get(`${origin}/basic/index.yaml`)).rejects.toBeInstanceOf(
      CredentialsRefused,
    );
    await expect(anonymous.get(`${origin}/basic/index.yaml`)).rejects.toThrow(
      /refused anonymous access/,
    );
  });

  it("answers a Bearer challenge through the registry's token service, per repository", async () => {
    const fetch = sourceFetch(origin, { username: 'ann', password: 'secret' }, outbound());
    const answer = await fetch.get(`${origin}/v2/charts/web/tags/list`);
    expect(answer.body.toString()).toBe('bearer ok');
    const wrong = sourceFetch(origin, { username: 'ann', password: 'nope' }, outbound());
    await expect(wrong.get(`${origin}/v2/charts/web/tags/list`)).rejects.toBeInstanceOf(
      CredentialsRefused,
    );
  });

  it('never sends the login to another origin', async () => {
    seen.length = 0;
    const fetch = sourceFetch(
      'http://elsewhere.example',
      { username: 'ann', password: 'secret' },
      outbound(),
    );
    await expect(fetch.get(`${origin}/basic/index.yaml`)).resolves.toMatchObject({ status: 401 });
    expect(seen).toEqual([{ path: '/basic/index.yaml', authorization: undefined }]);
  });
});

describe("a chart source's Secret", () => {
  const source = (uid: string): ChartSourceObject =>
    ({
      metadata: { name: 'charts', uid },
      spec: { type: 'OCI', url: 'oci://r/charts', plainHttp: false, organization: 'acme' },
    }) as ChartSourceObject;

  it('is bound to the source by uid, and removed when the credentials are cleared', async () => {
    const hub = createMemoryStore();
    await writeSourceCredentials(hub, source('uid-1'), { username: 'ann', password: 'secret' });
    expect((await readSourceCredentials(hub, source('uid-1'))).credentials).toEqual({
      username: 'ann',
      password: 'secret',
    });
    // A source re-created under the same name (perhaps by another organization) gets nothing.
    expect((await readSourceCredentials(hub, source('uid-2'))).credentials).toEqual({});
    await writeSourceCredentials(hub, source('uid-1'), {});
    expect(await hub.secrets.get(chartSourceSecretName('charts'))).toBeUndefined();
  });
});
