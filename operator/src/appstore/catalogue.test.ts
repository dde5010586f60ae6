import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../identity/identity.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { createCatalogue } from './catalogue.js';
import { helmChartLayerMediaType, helmConfigMediaType } from './oci-source.js';

const work = mkdtempSync(join(tmpdir(), 'catalogue-'));

function chartArchive(name: string, version: string): Buffer {
  const root = join(work, `${name}-${version}`, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'Chart.yaml'),
    `apiVersion: v2\nname: ${name}\nversion: ${version}\ndescription: ${name} chart\n`,
  );
  writeFileSync(join(root, 'README.md'), `# ${name} ${version}\n`);
  writeFileSync(join(root, 'values.yaml'), `image: ${name}:${version}\n`);
  const file = join(work, `${name}-${version}.tgz`);
  execFileSync('tar', ['-czf', file, '-C', join(work, `${name}-${version}`), name]);
  return readFileSync(file);
}

const digest = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

/** A loopback OCI registry holding what `helm push` writes, and a chart repository. */
function fakeRegistry() {
  const routes = new Map<string, { type: string; body: Buffer }>();
  const put = (path: string, type: string, body: Buffer | string) =>
    routes.set(path, { type, body: Buffer.from(body) });
  const push = (repo: string, version: string) => {
    const archive = chartArchive(repo.split('/').pop() ?? repo, version);
    const config = Buffer.from(
      JSON.stringify({
        name: repo.split('/').pop(),
        version,
        description: 'from config',
        icon: `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`,
      }),
    );
    put(`/v2/${repo}/blobs/${digest(archive)}`, 'application/octet-stream', archive);
    put(`/v2/${repo}/blobs/${digest(config)}`, 'application/octet-stream', config);
    put(
      `/v2/${repo}/manifests/${version}`,
      'application/vnd.oci.image.manifest.v1+json',
      JSON.stringify({
        schemaVersion: 2,
        config: { mediaType: helmConfigMediaType, digest: digest(config) },
        layers: [{ mediaType: helmChartLayerMediaType, digest: digest(archive) }],
      }),
    );
  };
  push('charts/web', '1.0.0');
  push('charts/web', '1.2.0');
  put(
    '/v2/_catalog?n=1000&last=charts',
    'application/json',
    JSON.stringify({ repositories: ['charts/web', 'images/app'] }),
  );
  put('/v2/charts/web/tags/list', 'application/json', JSON.stringify({ tags: ['1.0.0', '1.2.0'] }));
  put(
    '/repo/index.yaml',
    'application/yaml',
    'apiVersion: v1\nentries:\n  db:\n    - name: db\n      version: 2.0.0\n      description: a database\n      urls: [charts/db-2.0.0.tgz]\n',
  );
  put('/repo/charts/db-2.0.0.tgz', 'application/gzip', chartArchive('db', '2.0.0'));
  return http.createServer((req, res) => {
    const found = routes.get(req.url ?? '');
    res.writeHead(found ? 200 : 404, { 'content-type': found?.type ?? 'text/plain' });
    res.end(found?.body ?? 'not found');
  });
}

const server = fakeRegistry();
let host = '';
const store = createMemoryStore();
const member = (org: string): Identity => ({
  userName: 'ann',
  userId: 'u1',
  sysAdmin: false,
  organizations: [{ name: org, uid: `uid-${org}`, admin: false }],
  role: 'user',
  via: 'session',
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const source = (
    name: string,
    type: 'OCI' | 'ChartRepository',
    url: string,
    organization: string,
    plainHttp = true,
  ) =>
    store.chartSources.create({ metadata: { name }, spec: { type, url, plainHttp, organization } });
  await source('oci', 'OCI', `oci://${host}/charts`, 'acme');
  await source('repo', 'ChartRepository', `http://${host}/repo`, 'acme');
  await source('elsewhere', 'OCI', `oci://${host}/charts`, 'globex');
  await source('metadata', 'OCI', 'oci://169.254.169.254/charts', 'acme', false);
});
afterAll(() => {
  server.close();
  rmSync(work, { recursive: true, force: true });
});

const catalogue = (browsed: readonly string[] = ['acme', 'globex']) =>
  createCatalogue({
    store,
    browses: (_identity, org) => Promise.resolve(browsed.includes(org)),
    policy: { allowHosts: [host] },
  });

describe('the app store catalogue', () => {
  it("lists charts of the caller's organizations only, and says which source failed why", async () => {
    const list = await catalogue().list(member('acme'));
    expect(list.items.map((c) => [c.source, c.name, c.versions, c.description])).toEqual([
      ['repo', 'db', ['2.0.0'], 'a database'],
      ['oci', 'web', ['1.2.0', '1.0.0'], 'from config'],
    ]);
    expect(list.problems).toEqual([
      { source: 'metadata', message: expect.stringContaining('a cloud metadata address') },
    ]);
  });

  it("reads a version's README and values from the chart archive", async () => {
    const detail = await catalogue().detail(member('acme'), 'oci', 'web', '1.0.0');
    expect(detail).toMatchObject({
      readme: '# web 1.0.0\n',
      values: 'image: web:1.0.0\n',
      latestVersion: '1.2.0',
    });
    const fromRepo = await catalogue().detail(member('acme'), 'repo', 'db', '2.0.0');
    expect(fromRepo).toMatchObject({ readme: '# db 2.0.0\n', description: 'db chart' });
  });

  it("answers a version's icon as a data: URL, for the caller's sources only", async () => {
    expect(await catalogue().icon(member('acme'), 'oci', 'web', '1.0.0')).toBe(
      `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`,
    );
    await expect(catalogue().icon(member('acme'), 'repo', 'db', '2.0.0')).rejects.toThrow(
      /icon of chart db/,
    );
    await expect(catalogue().icon(member('globex'), 'oci', 'web', '1.0.0')).rejects.toThrow(
      /chart source oci/,
    );
  });

  it('refuses browsing without appstore:list, naming it, while installing still reads', async () => {
    const refused = { message: 'missing permission appstore:list in organization acme' };
    await expect(catalogue([]).list(member('acme'))).rejects.toMatchObject(refused);
    await expect(catalogue([]).detail(member('acme'), 'oci', 'web', '1.0.0')).rejects.toMatchObject(
      refused,
    );
    await expect(catalogue([]).icon(member('acme'), 'oci', 'web', '1.0.0')).rejects.toMatchObject(
      refused,
    );
    expect((await catalogue([]).archive(member('acme'), 'oci', 'web', '1.0.0')).length).toBe(
      (await catalogue().archive(member('acme'), 'oci', 'web', '1.0.0')).length,
    );
  });

  it("refuses another organization's source as unknown", async () => {
    await expect(catalogue().detail(member('acme'), 'elsewhere', 'web', '1.0.0')).rejects.toThrow(
      /chart source elsewhere/,
    );
  });
});
