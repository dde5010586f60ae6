import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { MAX_KUBECONFIG_BYTES, sanitizeKubeconfig } from './kubeconfig-sanitizer.js';
import type { Resolver } from '../outbound/policy.js';

const TOKEN = 'canary-token-5f1e2d';
const pem = (label: string, body: string): string =>
  Buffer.from(`-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`).toString('base64');
const CA = pem('CERTIFICATE', 'Y2EtY2VydA==');
const CERT = pem('CERTIFICATE', 'Y2xpZW50LWNlcnQ=');
const KEY = pem('PRIVATE KEY', 'canary-key-9a8b7c');

const resolve: Resolver = (host) =>
  host === 'api.example.com'
    ? Promise.resolve(['203.0.113.20'])
    : host === 'rebind.example.com'
      ? Promise.resolve(['127.0.0.1'])
      : Promise.reject(new Error('ENOTFOUND'));

type Fields = Record<string, unknown>;

function kubeconfig(cluster: Fields = {}, user: Fields = {}): Fields {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'prod',
        cluster: { server: 'https://10.0.0.1:6443', 'certificate-authority-data': CA, ...cluster },
      },
    ],
    users: [{ name: 'admin', user: { token: TOKEN, ...user } }],
    contexts: [{ name: 'prod', context: { cluster: 'prod', user: 'admin', namespace: 'x' } }],
    'current-context': 'prod',
  };
}

async function sanitize(document: Fields | string, allowHosts: string[] = []) {
  const text = typeof document === 'string' ? document : stringify(document);
  return sanitizeKubeconfig(text, { policy: { allowHosts }, resolve });
}

async function reasonFor(document: Fields | string, allowHosts: string[] = []): Promise<string> {
  const result = await sanitize(document, allowHosts);
  if (result.ok) throw new Error('expected the kubeconfig to be refused');
  // Every refusal is checked for leaked credentials, whatever the case is about.
  for (const secret of [TOKEN, CERT, KEY, 'canary-key-9a8b7c', 'canary-password']) {
    expect(result.reason).not.toContain(secret);
  }
  return result.reason;
}

describe('sanitizeKubeconfig cleans', () => {
  it('a token kubeconfig to the minimal structure', async () => {
    const result = await sanitize(kubeconfig({ 'tls-server-name': 'kubernetes.default' }));
    expect(result).toEqual({
      ok: true,
      addresses: ['10.0.0.1'],
      kubeconfig: {
        server: 'https://10.0.0.1:6443',
        certificateAuthorityData: CA,
        tlsServerName: 'kubernetes.default',
        user: { token: TOKEN },
      },
    });
  });

  it('a client-certificate kubeconfig given as JSON, with a resolved host name', async () => {
    const document = kubeconfig(
      { server: 'https://api.example.com/k8s/clusters/c-1/', 'insecure-skip-tls-verify': false },
      { 'client-certificate-data': CERT, 'client-key-data': KEY, token: undefined },
    );
    const result = await sanitize(JSON.stringify(document, null, '\t'));
    expect(result).toEqual({
      ok: true,
      addresses: ['203.0.113.20'],
      kubeconfig: {
        server: 'https://api.example.com/k8s/clusters/c-1',
        certificateAuthorityData: CA,
        user: { clientCertificateData: CERT, clientKeyData: KEY },
      },
    });
  });

  it('the current context among several, and the only context when none is current', async () => {
    const document = kubeconfig();
    document.clusters = [
      { name: 'dev', cluster: { server: 'https://192.168.1.5:6443' } },
      ...(document.clusters as Fields[]),
    ];
    document.contexts = [
      { name: 'dev', context: { cluster: 'dev', user: 'admin' } },
      ...(document.contexts as Fields[]),
    ];
    const current = await sanitize(document);
    expect(current.ok && current.kubeconfig.server).toBe('https://10.0.0.1:6443');
    const devCurrent = await sanitize({ ...document, 'current-context': 'dev' });
    expect(devCurrent.ok && devCurrent.kubeconfig.server).toBe('https://192.168.1.5:6443');

    expect(await reasonFor({ ...document, 'current-context': undefined })).toContain(
      'exactly one context',
    );
    const single = await sanitize({ ...kubeconfig(), 'current-context': undefined });
    expect(single.ok).toBe(true);
  });

  it('an unused context even when it would be refused', async () => {
    const document = kubeconfig();
    document.users = [
      ...(document.users as Fields[]),
      { name: 'evil', user: { exec: { command: 'sh' } } },
    ];
    expect((await sanitize(document)).ok).toBe(true);
  });

  it('a loopback server only when its host is allow-listed', async () => {
    const document = kubeconfig({ server: 'https://127.0.0.1:32766' });
    expect(await reasonFor(document)).toContain('loopback');
    expect((await sanitize(document, ['127.0.0.1:32766'])).ok).toBe(true);
  });
});

describe('sanitizeKubeconfig refuses', () => {
  it.each<[string, Fields, Fields, string]>([
    ['an exec plugin', {}, { exec: { command: 'aws', args: ['eks'] } }, '"exec" runs a local'],
    ['an auth-provider', {}, { 'auth-provider': { name: 'gcp' } }, '"auth-provider"'],
    ['tokenFile', {}, { tokenFile: '/var/run/secrets/token' }, '"tokenFile" reads a local file'],
    ['token-file', {}, { 'token-file': '/tmp/token' }, '"token-file" reads a local file'],
    [
      'a client certificate path',
      {},
      { 'client-certificate': '/etc/cert' },
      '"client-certificate"',
    ],
    ['a client key path', {}, { 'client-key': '/etc/key' }, '"client-key" reads a local file'],
    ['a CA path', { 'certificate-authority': '/etc/ca' }, {}, '"certificate-authority" reads'],
    ['proxy-url', { 'proxy-url': 'http://10.0.0.9:3128' }, {}, '"proxy-url"'],
    ['insecure TLS', { 'insecure-skip-tls-verify': true }, {}, 'disables TLS verification'],
    ['basic auth', {}, { username: 'admin', password: 'canary-password' }, 'basic auth'],
    ['impersonation', {}, { as: 'system:admin' }, 'impersonation'],
    ['an unknown user field', {}, { 'new-auth-thing': 'x' }, '"new-auth-thing" is not supported'],
    ['a metadata server URL', { server: 'https://169.254.169.254' }, {}, 'metadata'],
    ['a rebinding server name', { server: 'https://rebind.example.com' }, {}, '127.0.0.1'],
    ['a numeric loopback server', { server: 'https://2130706433:6443' }, {}, 'loopback'],
    ['an http server', { server: 'http://10.0.0.1:8080' }, {}, 'plain http'],
    ['a server with a query', { server: 'https://10.0.0.1/?x=1' }, {}, 'query'],
    [
      'a CA that is not base64 PEM',
      { 'certificate-authority-data': 'bm90IGEgcGVt' },
      {},
      'invalid',
    ],
    ['a token with a newline', {}, { token: `${TOKEN}\r\nX-Evil: 1` }, 'token'],
    ['a token and a certificate', {}, { 'client-certificate-data': CERT }, 'both a token'],
    [
      'a certificate without key',
      {},
      { token: undefined, 'client-certificate-data': CERT },
      'both',
    ],
    ['no credential at all', {}, { token: undefined }, 'no token or client certificate'],
  ])('%s', async (_name, cluster, user, expected) => {
    expect(await reasonFor(kubeconfig(cluster, user))).toContain(expected);
  });

  it('a credential in the server URL without echoing it', async () => {
    const reason = await reasonFor(kubeconfig({ server: `https://x:${TOKEN}@10.0.0.1` }));
    expect(reason).toContain('user name or password');
  });

  it('a missing current context, cluster or user', async () => {
    expect(await reasonFor({ ...kubeconfig(), 'current-context': 'nope' })).toBe(
      'context "nope" is not defined',
    );
    expect(await reasonFor({ ...kubeconfig(), users: [] })).toBe('user "admin" is not defined');
    const twice = kubeconfig();
    // Cloned: the same object twice would be written as a YAML alias, which is refused earlier.
    twice.clusters = [
      ...(twice.clusters as Fields[]),
      ...structuredClone(twice.clusters as Fields[]),
    ];
    expect(await reasonFor(twice)).toContain('more than once');
  });

  it('documents that are not kubeconfigs', async () => {
    expect(await reasonFor('')).toContain('invalid fields');
    expect(await reasonFor('- a\n- b\n')).toContain('invalid fields');
    expect(await reasonFor({ ...kubeconfig(), contexts: 'prod' })).toContain('contexts');
  });

  it('YAML syntax errors without quoting the offending line', async () => {
    const text = `users:\n- name: a\n  user: {token: ${TOKEN}: nested: x}\n  bad`;
    expect(await reasonFor(text)).toMatch(/^the kubeconfig is not valid YAML or JSON/);
  });

  it('a kubeconfig larger than the size limit', async () => {
    const padding = `# ${'x'.repeat(MAX_KUBECONFIG_BYTES)}\n`;
    expect(await reasonFor(padding + stringify(kubeconfig()))).toContain('larger than 256 KiB');
  });

  it('aliases, so an alias bomb never expands', async () => {
    const names = 'abcdefghi'.split('');
    const lines = names.map((name, i) =>
      i === 0
        ? 'a: &a [x, x, x, x, x, x, x, x, x]'
        : `${name}: &${name} [${`*${names[i - 1] ?? 'a'}, `.repeat(9)}]`,
    );
    expect(await reasonFor(lines.join('\n'))).toContain('not valid YAML');
    const single = stringify(kubeconfig()).replace('token: ', 'token: &t ') + 'extra: *t\n';
    expect(await reasonFor(single)).toContain('not valid YAML');
  });
});

describe('sanitizeKubeconfig never runs or reads what the upload names', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an exec plugin without running it and a token file without reading it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-kubeconfig-'));
    const marker = join(dir, 'exec-ran');
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'file-canary-token');
    const exec = {
      apiVersion: 'client.authentication.k8s.io/v1',
      command: 'touch',
      args: [marker],
    };
    expect(await reasonFor(kubeconfig({}, { token: undefined, exec }))).toContain('exec');
    expect(existsSync(marker)).toBe(false);
    const reason = await reasonFor(kubeconfig({}, { token: undefined, tokenFile }));
    expect(reason).not.toContain('file-canary-token');
  });
});
