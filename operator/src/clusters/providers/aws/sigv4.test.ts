import { describe, expect, it } from 'vitest';
import { canonicalRequest, parseQuery, signRequest, stringToSign } from './sigv4.js';

// AWS's published SigV4 test suite (aws-sig-v4-test-suite): shared credentials and clock.
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const scope = { region: 'us-east-1', service: 'service' };
const now = new Date('2015-08-30T12:36:00Z');

function sign(method: string, url: string): Record<string, string> {
  return signRequest({ method, url: new URL(url), credentials, scope, now });
}

describe('SigV4 against the published test suite', () => {
  it('get-vanilla: canonical request, string to sign and Authorization match verbatim', () => {
    const canonical = canonicalRequest({
      method: 'GET',
      pathname: '/',
      query: [],
      headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(canonical).toBe(
      'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n' +
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(stringToSign('20150830T123600Z', scope, canonical)).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n' +
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );
    const headers = sign('GET', 'https://example.amazonaws.com/');
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('get-vanilla-query-order-key-case: query parameters are sorted', () => {
    const headers = sign('GET', 'https://example.amazonaws.com/?Param2=value2&Param1=value1');
    expect(headers.authorization).toMatch(
      /Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500$/,
    );
  });

  it('post-vanilla: the method is part of the signature', () => {
    const headers = sign('POST', 'https://example.amazonaws.com/');
    expect(headers.authorization).toMatch(
      /Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b$/,
    );
  });

  it('adds the session token as a signed header when present', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      credentials: { ...credentials, sessionToken: 'session-token' },
      scope,
      now,
    });
    expect(headers['x-amz-security-token']).toBe('session-token');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });

  it('parses raw queries without treating + as a space', () => {
    expect(parseQuery('?a=b+c&d=%2F&e')).toEqual([
      ['a', 'b+c'],
      ['d', '/'],
      ['e', ''],
    ]);
  });
});
