import { describe, expect, it } from 'vitest';
import {
  parseSdkDate,
  parseSdkHmacAuthorization,
  sdkDate,
  sdkHmacAuthorization,
  sdkHmacCanonicalRequest,
  sdkHmacSignature,
  type SdkHmacRequest,
} from './sdk-hmac-signature.js';

// The worked example of Huawei Cloud's "API Request Signing Guide" (AK/SK signing and
// authentication algorithm): GET .../vpcs?limit=2&marker=... at 20191115T033655Z.
const documented: SdkHmacRequest = {
  method: 'GET',
  path: '/v1/77b6a44cba5143ab91d13ab9a8ff44fd/vpcs',
  query: new URLSearchParams({ marker: '13551d6b-755d-4757-b956-536f674975c0', limit: '2' }),
  headers: {
    'content-type': 'application/json',
    host: 'service.region.example.com',
    'x-sdk-date': '20191115T033655Z',
  },
  body: '',
};
const NAMES = ['content-type', 'host', 'x-sdk-date'];

describe('SDK-HMAC-SHA256', () => {
  it('reproduces the documented canonical request and signature', () => {
    expect(sdkHmacCanonicalRequest(documented, NAMES)).toBe(
      [
        'GET',
        '/v1/77b6a44cba5143ab91d13ab9a8ff44fd/vpcs/',
        'limit=2&marker=13551d6b-755d-4757-b956-536f674975c0',
        'content-type:application/json\nhost:service.region.example.com\nx-sdk-date:20191115T033655Z\n',
        'content-type;host;x-sdk-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    const signature = sdkHmacSignature(
      documented,
      NAMES,
      'MFyfvK41ba2giqM7Uio6PznpdUKGpownRZlmVmHc',
    );
    expect(signature).toBe('7be6668032f70418fcc22abc52071e57aff61b84a1d2381bb430d6870f4f6ebe');
    expect(sdkHmacAuthorization('QTWAOYTTINDUT2QVKYUC', NAMES, signature)).toBe(
      'SDK-HMAC-SHA256 Access=QTWAOYTTINDUT2QVKYUC, SignedHeaders=content-type;host;x-sdk-date, ' +
        'Signature=7be6668032f70418fcc22abc52071e57aff61b84a1d2381bb430d6870f4f6ebe',
    );
  });

  it('depends on the body and the date', () => {
    const base = sdkHmacSignature(documented, NAMES, 'sk');
    expect(sdkHmacSignature({ ...documented, body: '{}' }, NAMES, 'sk')).not.toBe(base);
    const headers = { ...documented.headers, 'x-sdk-date': '20191115T033656Z' };
    expect(sdkHmacSignature({ ...documented, headers }, NAMES, 'sk')).not.toBe(base);
  });

  it('formats and parses X-Sdk-Date', () => {
    const date = new Date('2019-11-15T03:36:55.123Z');
    expect(sdkDate(date)).toBe('20191115T033655Z');
    expect(parseSdkDate('20191115T033655Z')?.toISOString()).toBe('2019-11-15T03:36:55.000Z');
    expect(parseSdkDate('2019-11-15')).toBeUndefined();
  });

  it('parses what it writes', () => {
    const header = sdkHmacAuthorization('AK', ['host', 'x-sdk-date'], 'ef'.repeat(32));
    expect(parseSdkHmacAuthorization(header)).toEqual({
      accessKey: 'AK',
      signedHeaders: ['host', 'x-sdk-date'],
      signature: 'ef'.repeat(32),
    });
  });
});
