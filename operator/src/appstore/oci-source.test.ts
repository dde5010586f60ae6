import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ociClient, ociLocation } from './oci-source.js';
import { sourceFetch } from './source-fetch.js';

/** A catalogue in pages (Link rel="next"), sorted, as the distribution API serves it. */
const pages: Record<string, { repositories: string[]; next?: string }> = {
  '/v2/_catalog?n=1000&last=charts': {
    repositories: ['charts-other/x', 'charts/a'],
    next: '/v2/_catalog?n=1000&last=charts%2Fa',
  },
  '/v2/_catalog?n=1000&last=charts%2Fa': {
    repositories: ['charts/b', 'images/app'],
    next: '/v2/_catalog?n=1000&last=images%2Fapp',
  },
};
const asked: string[] = [];
const server = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  const page = pages[req.url ?? ''];
  if (!page) return void res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(page.next ? { link: `<${page.next}>; rel="next"` } : {}),
  });
  res.end(JSON.stringify({ repositories: page.repositories }));
});
let host = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

it("reads the catalogue's pages from the prefix on and stops once past it", async () => {
  const location = ociLocation(`oci://${host}/charts`, true);
  const fetch = sourceFetch(location.base, {}, { policy: { allowHosts: [host] } });
  expect(await ociClient(location, fetch).charts()).toEqual(['a', 'b']);
  expect(asked).toEqual(['/v2/_catalog?n=1000&last=charts', '/v2/_catalog?n=1000&last=charts%2Fa']);
});
