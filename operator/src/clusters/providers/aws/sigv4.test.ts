import { describe, expect, it } from 'vitest';
import { formatQuery, parseQuery, presignUrl, signRequest, signerFor } from './sigv4.js';

// AWS's published SigV4 test suite (aws-sig-v4-test-suite) and the IAM ListUsers examples of
// "Create a signed AWS API request": shared credentials and clock.
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const scope = { region: 'us-east-1', service: 'service' };
const now = new Date('2015-08-30T12:36:00Z');
const suiteCredential = 'Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';
const UNRESERVED = '-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

interface SuiteCase {
  name: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  sessionToken?: string;
  signedHeaders: string;
  signature: string;
}

const suite: SuiteCase[] = [
  {
    name: 'get-vanilla',
    method: 'GET',
    url: '/',
    signedHeaders: 'host;x-amz-date',
    signature: '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
  },
  {
    name: 'post-vanilla',
    method: 'POST',
    url: '/',
    signedHeaders: 'host;x-amz-date',
    signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
  },
  {
    name: 'get-vanilla-query-order-key-case',
    method: 'GET',
    url: '/?Param2=value2&Param1=value1',
    signedHeaders: 'host;x-amz-date',
    signature: 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
  },
  {
    name: 'get-vanilla-query-order-value',
    method: 'GET',
    url: '/?Param1=value2&Param1=value1',
    signedHeaders: 'host;x-amz-date',
    signature: '5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694',
  },
  {
    name: 'get-vanilla-query-order-encoded',
    method: 'GET',
    url: '/?Param-3=Value3&Param=Value2&%E1%88%B4=Value1',
    signedHeaders: 'host;x-amz-date',
    signature: '371d3713e185cc334048618a97f809c9ffe339c62934c032af5a0e595648fcac',
  },
  {
    name: 'get-vanilla-query-unreserved',
    method: 'GET',
    url: `/?${UNRESERVED}=${UNRESERVED}`,
    signedHeaders: 'host;x-amz-date',
    signature: '9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197',
  },
  {
    name: 'get-header-value-trim',
    method: 'GET',
    url: '/',
    headers: { 'My-Header1': ' value1', 'My-Header2': ' "a   b   c"' },
    signedHeaders: 'host;my-header1;my-header2;x-amz-date',
    signature: 'acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736',
  },
  {
    name: 'post-x-www-form-urlencoded',
    method: 'POST',
    url: '/',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'Param1=value1',
    signedHeaders: 'content-type;host;x-amz-date',
    signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
  },
  {
    name: 'get-vanilla-with-session-token',
    method: 'GET',
    url: '/',
    sessionToken: '6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267',
    signedHeaders: 'host;x-amz-date;x-amz-security-token',
    signature: '07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8',
  },
];

describe('SigV4 against the published test suite', () => {
  it.each(suite)('$name: the Authorization header matches verbatim', async (c) => {
    const headers = await signRequest({
      method: c.method,
      url: new URL(c.url, 'https://example.amazonaws.com'),
      ...(c.headers ? { headers: c.headers } : {}),
      ...(c.body ? { body: c.body } : {}),
      credentials: c.sessionToken ? { ...credentials, sessionToken: c.sessionToken } : credentials,
      scope,
      now,
    });
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 ${suiteCredential}, SignedHeaders=${c.signedHeaders}, Signature=${c.signature}`,
    );
    expect(headers['x-amz-security-token']).toBe(c.sessionToken);
  });

  it('get-vanilla: the published string to sign gives the published signature', async () => {
    const stringToSign =
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n' +
      'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63';
    expect(await signerFor(credentials, scope).sign(stringToSign, { signingDate: now })).toBe(
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });
});

describe('SigV4 against the documented IAM ListUsers examples', () => {
  const iam = {
    url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    credentials,
    scope: { region: 'us-east-1', service: 'iam' },
    now,
  };

  it('signs the request in the Authorization header', async () => {
    const headers = await signRequest({ method: 'GET', ...iam });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
    expect(headers).not.toHaveProperty('host');
  });

  it('presigns the same request in the query string', async () => {
    const url = await presignUrl({ method: 'GET', expiresSeconds: 60, ...iam });
    expect(url.toString()).toBe(
      'https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08' +
        '&X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fiam%2Faws4_request' +
        '&X-Amz-Date=20150830T123600Z&X-Amz-Expires=60' +
        '&X-Amz-Signature=37ac2f4fde00b0ac9bd9eadeb459b1bbee224158d66e7ae5fcadb70b2d181d02' +
        '&X-Amz-SignedHeaders=content-type%3Bhost',
    );
  });
});

describe('query handling around the signer', () => {
  it('parses raw queries without treating + as a space, and keeps repeated keys', () => {
    expect(parseQuery('?a=b+c&d=%2F&e&d=x')).toEqual({ a: 'b+c', d: ['/', 'x'], e: '' });
  });

  it('formats a query in canonical order and RFC 3986 encoding', () => {
    expect(formatQuery({ b: 'x y', a: ['2', '1'], 'a*': "'" })).toBe('a=1&a=2&a%2A=%27&b=x%20y');
  });
});
