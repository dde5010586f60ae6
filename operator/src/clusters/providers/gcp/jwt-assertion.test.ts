import { createPrivateKey, createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { CLOUD_PLATFORM_SCOPE, jwtAssertion } from './jwt-assertion.js';

// The RSA key of RFC 7515 appendix A.2 (its published RS256 worked example).
const rfcKey = createPrivateKey({
  format: 'jwk',
  key: {
    kty: 'RSA',
    n:
      'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4' +
      'QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBY' +
      'UsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmo' +
      'udF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
    e: 'AQAB',
    d:
      'Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoA' +
      'Je46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gfpRLI' +
      '9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pI' +
      'uhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ',
    p:
      '4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJd' +
      'TJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc',
    q:
      'uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_' +
      'YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc',
    dp:
      'BwKfV3Akq5_MFZDFZCnW-wzl-CCo83WoZvnLQwCTeDv8uzluRSnm71I3QCLdhrqE2e9YkxvuxdBfpT_PI7Yz-FOKnu1R6H' +
      'sJeDCjn12Sk3vmAktV2zb34MCdy7cpdTh_YVr7tss2u6vneTwrA86rZtu5Mbr1C1XsmvkxHQAdYo0',
    dq:
      'h_96-mK1R_7glhsum81dZxjTnYynPbZpHziZjeeHcXYsXaaMwkOlODsWa7I9xXDoRwbKgB719rrmI2oKr6N3Do9U0ajaHF' +
      '-NKJnwgjMd2w9cjz3_-kyNlxAr2v4IKhGNpmM5iIgOS1VZnOZ68m6_pbLBSp3nssTdlqvd0tIiTHU',
    qi:
      'IYd7DHOhrWvxkwPQsRM2tOgrjbcrfvtQJipd-DlcxyVuuM9sQLdgjVk2oy26F0EmpScGLq2MowX7fhd_QJQ3ydy5cY7YIB' +
      'i87w93IKLEdfnbJtoOPLUW0ITrJReOgo1cq9SbsxYawBgfp_gh6A5603k2-ZQwVK0JKSHuLFkuQ3U',
  },
});
const rfcKeyPem = rfcKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const RFC_7515_A2 =
  'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNv' +
  'bS9pc19yb290Ijp0cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh' +
  '-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLI' +
  'ARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvW' +
  'h6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';

// What the operator's former hand-written RS256 signer produced for `input`, pinned to prove the
// switch to jsonwebtoken changed not one byte of what Google receives.
const FORMER_ASSERTION =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImtleS0xIn0.eyJpc3MiOiJuaW1idXNAZGVtby1wcm9qZWN0Lm' +
  'lhbS5nc2VydmljZWFjY291bnQuY29tIiwic2NvcGUiOiJodHRwczovL3d3dy5nb29nbGVhcGlzLmNvbS9hdXRoL2Nsb3VkLX' +
  'BsYXRmb3JtIiwiYXVkIjoiaHR0cHM6Ly9vYXV0aDIuZ29vZ2xlYXBpcy5jb20vdG9rZW4iLCJpYXQiOjE0NDA5MzgxNjAsIm' +
  'V4cCI6MTQ0MDk0MTc2MH0.kOgKgBRm-NnQbvq9NmjyEbadm55PIGyEYtQzMHg3HAUH_RdGxlPj10lDSyu6mQaNCw5iO-2kjP' +
  'IK9HtQZq4uM1BFYuDWlUZPW5bhBM8BgPFkqPtNSTeb5p1Kt9xYrAuFL5Mth6d562aHHcU9T_Y9-4acqhmOqn_ooLwyBv_tXh' +
  'yGDRtO7n5MrgcMusT_TDtA_S1STBxyEm5SvP9_eBq5hwuCyYP3iCez1CIi_qoG9MjmWjZ0eWJwP-lv7sUHfm5KM2gsul3Qvy' +
  'MWDIMMcZ8dRCxhu5buM9t6_lRT4vONuXwhk9sYkigWLyk7SxIPFjJi2fFmrX7aB66KTcwRB_aR3g';

const input = {
  clientEmail: 'nimbus@demo-project.iam.gserviceaccount.com',
  privateKey: rfcKeyPem,
  privateKeyId: 'key-1',
  audience: 'https://oauth2.googleapis.com/token',
  now: new Date('2015-08-30T12:36:00Z'),
};

describe('the service account assertion', () => {
  it('is signed by a library that reproduces RFC 7515 A.2 byte for byte', () => {
    const payload = '{"iss":"joe",\r\n "exp":1300819380,\r\n "http://example.com/is_root":true}';
    expect(jwt.sign(payload, rfcKey, { algorithm: 'RS256' })).toBe(RFC_7515_A2);
  });

  it('is the same assertion the former signer produced, byte for byte', () => {
    expect(jwtAssertion(input)).toBe(FORMER_ASSERTION);
  });

  it('carries the claims Google checks, for one hour, and names no kid when there is none', () => {
    const { privateKeyId: _kid, ...withoutKid } = input;
    const decoded = jwt.decode(jwtAssertion(withoutKid), { complete: true });
    expect(decoded?.header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decoded?.payload).toEqual({
      iss: input.clientEmail,
      scope: CLOUD_PLATFORM_SCOPE,
      aud: input.audience,
      iat: 1440938160,
      exp: 1440941760,
    });
    const publicKey = createPublicKey(rfcKey);
    expect(() =>
      jwt.verify(jwtAssertion(withoutKid), publicKey, {
        algorithms: ['RS256'],
        clockTimestamp: 1440938160,
      }),
    ).not.toThrow();
  });
});
