import { describe, expect, it } from 'vitest';
import {
  acs3Authorization,
  acs3CanonicalRequest,
  acs3HeadersToSign,
  acs3Signature,
  acsPercentEncode,
  parseAcs3Authorization,
  type Acs3Request,
} from './acs3-signature.js';

// The worked example of Alibaba's "V3 request structure and signature" documentation
// (help.aliyun.com/document_detail/2593177): RunInstances with fixed date and nonce.
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const documented: Acs3Request = {
  method: 'POST',
  path: '/',
  query: new URLSearchParams({
    ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd',
    RegionId: 'cn-shanghai',
  }),
  headers: {
    host: 'ecs.cn-shanghai.aliyuncs.com',
    'x-acs-action': 'RunInstances',
    'x-acs-version': '2014-05-26',
    'x-acs-date': '2023-10-26T10:22:32Z',
    'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d',
    'x-acs-content-sha256': EMPTY_SHA256,
  },
  body: '',
};

describe('ACS3-HMAC-SHA256', () => {
  it('reproduces the documented example signature', () => {
    const names = acs3HeadersToSign(documented.headers);
    expect(names.join(';')).toBe(
      'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version',
    );
    expect(acs3Signature(documented, names, 'YourAccessKeySecret')).toBe(
      '06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    );
  });

  it('builds the canonical request in the documented layout', () => {
    const names = acs3HeadersToSign(documented.headers);
    expect(acs3CanonicalRequest(documented, names)).toBe(
      [
        'POST',
        '/',
        'ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai',
        'host:ecs.cn-shanghai.aliyuncs.com\nx-acs-action:RunInstances\n' +
          `x-acs-content-sha256:${EMPTY_SHA256}\nx-acs-date:2023-10-26T10:22:32Z\n` +
          'x-acs-signature-nonce:3156853299f313e23d1673dc12e1703d\nx-acs-version:2014-05-26\n',
        'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version',
        EMPTY_SHA256,
      ].join('\n'),
    );
  });

  it('changes when the path, a signed header or the body changes', () => {
    const names = acs3HeadersToSign(documented.headers);
    const base = acs3Signature(documented, names, 'secret');
    expect(acs3Signature({ ...documented, path: '/other' }, names, 'secret')).not.toBe(base);
    expect(acs3Signature({ ...documented, body: '{}' }, names, 'secret')).not.toBe(base);
    const headers = { ...documented.headers, 'x-acs-date': '2023-10-26T10:22:33Z' };
    expect(acs3Signature({ ...documented, headers }, names, 'secret')).not.toBe(base);
  });

  it('percent-encodes as RFC 3986 with Alibaba’s exceptions', () => {
    expect(acsPercentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
  });

  it('round-trips the Authorization header', () => {
    const header = acs3Authorization('AK', ['host', 'x-acs-date'], 'ab'.repeat(32));
    expect(header).toBe(
      `ACS3-HMAC-SHA256 Credential=AK,SignedHeaders=host;x-acs-date,Signature=${'ab'.repeat(32)}`,
    );
    expect(parseAcs3Authorization(header)).toEqual({
      accessKeyId: 'AK',
      signedHeaders: ['host', 'x-acs-date'],
      signature: 'ab'.repeat(32),
    });
    expect(parseAcs3Authorization('acs AK:c2ln')).toBeUndefined();
  });
});
