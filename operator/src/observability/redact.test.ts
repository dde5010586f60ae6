import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { auditHeaders } from '../audit/headers.js';
import {
  censor,
  maxBodyBytes,
  redactBody,
  redactUri,
  redactValue,
  truncateUtf8,
  truncationMark,
} from './redact.js';

const iam = { path: '/api/v1/iam.nimbus.io/users' };
const mfa = { path: '/api/v1/iam.nimbus.io/users/alice/mfa' };
// A syntactically real HS256 token (header {"alg":"HS256","typ":"JWT"}).
const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQtb2YtdG9rZW4';
const noBody = { contentType: undefined, contentLength: undefined };

describe('body redaction', () => {
  it('censors every credential field at any depth and keeps the rest', () => {
    const body = {
      userName: 'alice',
      password: 'p1',
      verifyPassword: 'p2',
      oldPassword: 'p3',
      token: 't1',
      secretKey: 's1',
      secret: 's2',
      accessKey: 'a1',
      mfaCode: '123456',
      invitationCode: 'inv-1',
      kubeconfig: 'apiVersion: v1',
      nested: { list: [{ Password: 'p4', clientSecret: 's3', apiToken: 't2', note: 'ok' }] },
    };
    expect(redactValue(body, iam)).toEqual({
      userName: 'alice',
      password: censor,
      verifyPassword: censor,
      oldPassword: censor,
      token: censor,
      secretKey: censor,
      secret: censor,
      accessKey: censor,
      mfaCode: censor,
      invitationCode: censor,
      kubeconfig: censor,
      nested: { list: [{ Password: censor, clientSecret: censor, apiToken: censor, note: 'ok' }] },
    });
  });

  it('censors the whole credentials object of a cluster registration', () => {
    const clusters = { path: '/api/v1/manage.nimbus.io/providers/ProviderGCP/clusters' };
    const body = {
      name: 'prod',
      region: 'europe-west1',
      credentials: { serviceAccountJson: '{"private_key":"x"}', projectNumber: '12' },
    };
    expect(redactValue(body, clusters)).toEqual({
      name: 'prod',
      region: 'europe-west1',
      credentials: censor,
    });
  });

  it('censors a plain `code` only on MFA and sign-in paths', () => {
    expect(redactValue({ action: 'bind', code: '654321' }, mfa)).toEqual({
      action: 'bind',
      code: censor,
    });
    expect(redactValue({ code: '654321' }, { path: '/api/v1/auth.nimbus.io/login' })).toEqual({
      code: censor,
    });
    expect(redactValue({ code: 'ProviderAWS' }, iam)).toEqual({ code: 'ProviderAWS' });
  });

  it('keeps the key names but not the values of Secret data', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db' },
      data: { username: 'YWRtaW4=', password: 'c2VjcmV0' },
      stringData: { url: 'postgres://u:p@db' },
    };
    expect(redactValue({ items: [secret] }, iam)).toEqual({
      items: [
        {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'db' },
          data: { username: censor, password: censor },
          stringData: { url: censor },
        },
      ],
    });
    const onSecretsPath = { path: '/api/v1/k8s.nimbus.io/namespaces/dev/secrets' };
    expect(redactValue({ data: { key: 'dmFsdWU=' } }, onSecretsPath)).toEqual({
      data: { key: censor },
    });
    // A write-only values change: the keys set and removed stay, the new values go.
    const values = {
      path: '/api/v1/k8s.nimbus.io/vendors/aws/regions/eu/clusters/prod/namespaces/dev/secrets/db/values',
    };
    expect(redactValue({ set: { apiUrl: 'https://u:p@api' }, remove: ['old'] }, values)).toEqual({
      set: { apiUrl: censor },
      remove: ['old'],
    });
  });

  it('keeps the names of container env entries but not their values', () => {
    const hotfix = {
      container: 'app',
      image: 'registry.example/app:2',
      env: [
        { name: 'DB_URL', value: 'postgres://app:hunter2@db/app' },
        { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'mode' } } },
      ],
    };
    expect(redactValue(hotfix, iam)).toEqual({
      ...hotfix,
      env: [{ name: 'DB_URL', value: censor }, hotfix.env[1]],
    });
  });

  it('keeps references that only name a secret', () => {
    const env = { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } }, secretName: 'x' };
    expect(redactValue(env, iam)).toEqual(env);
  });

  it('cuts JWT-looking text out of any string and drops embedded keys and Secret manifests', () => {
    expect(redactValue({ note: `use Bearer ${jwt} here` }, iam)).toEqual({
      note: `use Bearer ${censor} here`,
    });
    expect(redactValue(['-----BEGIN RSA PRIVATE KEY-----\nMIIE'], iam)).toEqual([censor]);
    expect(redactValue({ yaml: 'kind: Secret\ndata:\n  a: Yg==' }, iam)).toEqual({
      yaml: censor,
    });
  });

  it('stores a body as redacted JSON text, truncated to the limit', () => {
    expect(redactBody({ password: 'x', n: 1 }, iam, noBody)).toBe(`{"password":"${censor}","n":1}`);
    const huge = redactBody({ blob: 'y'.repeat(maxBodyBytes * 2) }, iam, noBody);
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(maxBodyBytes);
    expect(huge.endsWith(truncationMark)).toBe(true);
  });

  it('notes an unparsed body by type and size only', () => {
    expect(redactBody(undefined, iam, { contentType: 'text/plain', contentLength: '12' })).toBe(
      '[unparsed text/plain, 12 bytes]',
    );
    expect(redactBody(undefined, iam, noBody)).toBe('');
  });
});

describe('documents inside strings', () => {
  const appstore = { path: '/api/v1/appstore.nimbus.io/vendors/v/regions/r/clusters/c/releases' };
  const helmValues = [
    '# the admin password is hunter2',
    'replicaCount: 2',
    'auth:',
    '  rootPassword: hunter2',
    '  users:',
    '    - name: app',
    '      api_key: k-123',
    'metrics:',
    '  enabled: true',
    '',
  ].join('\n');

  it('redacts Helm values by key at any depth and drops their comments', () => {
    const body = redactValue({ release: 'db', values: helmValues }, appstore) as {
      values: string;
    };
    expect(body.values).not.toMatch(/hunter2|k-123/);
    expect(parse(body.values)).toEqual({
      replicaCount: 2,
      auth: { rootPassword: censor, users: [{ name: 'app', api_key: censor }] },
      metrics: { enabled: true },
    });
  });

  it('redacts JSON text as JSON, and every document of a YAML stream', () => {
    const annotation = JSON.stringify({ spec: { token: 't-1', replicas: 1 } });
    const stream = 'a: 1\n---\nclientSecret: s-1\n';
    const body = redactValue({ annotation, data: { 'app.yaml': stream } }, iam) as {
      annotation: string;
      data: Record<string, string>;
    };
    expect(JSON.parse(body.annotation)).toEqual({ spec: { token: censor, replicas: 1 } });
    expect(body.data['app.yaml']).toBe('a: 1\n---\nclientSecret: "[REDACTED]"\n');
  });

  it('finds a document nested in a document', () => {
    const inner = 'db:\n  password: p-9\n';
    const values = `config:\n  application.yaml: |\n${inner.replace(/^/gm, '    ')}`;
    const body = redactValue({ values }, appstore) as { values: string };
    expect(body.values).not.toContain('p-9');
    expect(parse(parse(body.values).config['application.yaml'])).toEqual({
      db: { password: censor },
    });
  });

  it('keeps text that is no document, or has nothing to redact, exactly as sent', () => {
    const plain = 'replicaCount: 2   # two\nimage: web:1\n';
    const unparsable = 'password: [unclosed\n  - x';
    expect(redactValue({ values: plain }, appstore)).toEqual({ values: plain });
    expect(redactValue({ note: unparsable }, appstore)).toEqual({ note: unparsable });
    expect(redactValue({ note: 'the password policy changed' }, iam)).toEqual({
      note: 'the password policy changed',
    });
  });

  it('treats api_key, api-key and apiKey as one key', () => {
    expect(redactValue({ api_key: 'a', 'api-key': 'b', apiKey: 'c' }, iam)).toEqual({
      api_key: censor,
      'api-key': censor,
      apiKey: censor,
    });
  });
});

describe('truncation', () => {
  it('never splits a multi-byte character', () => {
    const text = 'é'.repeat(100);
    const cut = truncateUtf8(text, 51);
    expect(cut).not.toContain('\uFFFD');
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(51);
    expect(truncateUtf8('short', 51)).toBe('short');
  });
});

describe('URI redaction', () => {
  it('censors credential and token-looking query values and keeps the others as sent', () => {
    const uri = redactUri(
      `/api/v1/iam.nimbus.io/users?page=2&token=abc&access_token=def&q=${jwt}&search=a%20b`,
      iam,
    );
    expect(uri).toBe(
      `/api/v1/iam.nimbus.io/users?page=2&token=${censor}&access_token=${censor}&q=${censor}&search=a%20b`,
    );
    expect(redactUri('/api/v1/iam.nimbus.io/users/alice/mfa?code=123456', mfa)).toBe(
      `/api/v1/iam.nimbus.io/users/alice/mfa?code=${censor}`,
    );
    expect(redactUri(`/api/v1/x.nimbus.io/${jwt}`, iam)).toBe(`/api/v1/x.nimbus.io/${censor}`);
  });
});

describe('header redaction', () => {
  it('records credential headers as present but censored and drops unknown ones', () => {
    const headers = auditHeaders(
      {
        authorization: `Bearer ${jwt}`,
        cookie: 'nimbus_token=abc',
        'x-nimbus-signature': 'deadbeef',
        'x-api-token': 'tok',
        'x-client-secret': 'sec',
        'x-nimbus-user-name': 'alice',
        'x-nimbus-organization': 'org-a',
        'user-agent': `agent ${jwt}`,
        referer: 'https://console.example.com/login?token=abc&lang=en',
        'content-type': 'application/json',
        'x-internal-debug': 'dropped',
      },
      iam,
    );
    expect(headers).toEqual({
      authorization: censor,
      cookie: censor,
      'x-nimbus-signature': censor,
      'x-api-token': censor,
      'x-client-secret': censor,
      'x-nimbus-user-name': 'alice',
      'x-nimbus-organization': 'org-a',
      'user-agent': `agent ${censor}`,
      referer: `https://console.example.com/login?token=${censor}&lang=en`,
      'content-type': 'application/json',
    });
  });
});
