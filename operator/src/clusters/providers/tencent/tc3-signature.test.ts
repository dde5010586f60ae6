import { describe, expect, it } from 'vitest';
import {
  parseTc3Authorization,
  tc3Authorization,
  tc3CredentialScope,
  tc3Signature,
  type Tc3Request,
} from './tc3-signature.js';

// The worked example of Tencent Cloud's "Signature v3" documentation (cloud.tencent.com/document/
// api/213/30654): CVM DescribeInstances at timestamp 1551113065 with the documented example key.
const documented: Tc3Request = {
  method: 'POST',
  query: '',
  headers: {
    'content-type': 'application/json; charset=utf-8',
    host: 'cvm.tencentcloudapi.com',
  },
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};
const TIMESTAMP = 1551113065;

describe('TC3-HMAC-SHA256', () => {
  it('reproduces the documented example signature', () => {
    const signature = tc3Signature(
      documented,
      ['content-type', 'host'],
      'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      'cvm',
      TIMESTAMP,
    );
    expect(signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(
      tc3Authorization(
        'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
        tc3CredentialScope(TIMESTAMP, 'cvm'),
        ['content-type', 'host'],
        signature,
      ),
    ).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('depends on the body, the timestamp and the service', () => {
    const names = ['content-type', 'host'];
    const base = tc3Signature(documented, names, 'key', 'tke', TIMESTAMP);
    expect(tc3Signature({ ...documented, body: '{}' }, names, 'key', 'tke', TIMESTAMP)).not.toBe(
      base,
    );
    expect(tc3Signature(documented, names, 'key', 'tke', TIMESTAMP + 1)).not.toBe(base);
    expect(tc3Signature(documented, names, 'key', 'cvm', TIMESTAMP)).not.toBe(base);
  });

  it('parses what it writes', () => {
    const header = tc3Authorization(
      'AKID',
      '2019-02-25/tke/tc3_request',
      ['host'],
      'cd'.repeat(32),
    );
    expect(parseTc3Authorization(header)).toEqual({
      secretId: 'AKID',
      date: '2019-02-25',
      service: 'tke',
      signedHeaders: ['host'],
      signature: 'cd'.repeat(32),
    });
    expect(parseTc3Authorization('TC3-HMAC-SHA256 Credential=x')).toBeUndefined();
  });
});
