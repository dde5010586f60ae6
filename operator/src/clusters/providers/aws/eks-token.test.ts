import { describe, expect, it } from 'vitest';
import { eksToken } from './eks-token.js';

// The tokens the operator's former hand-written SigV4 signer minted for these inputs, pinned to
// prove the switch to AWS's own signer changed not one byte of what EKS receives.
const input = {
  clusterName: 'prod',
  region: 'eu-west-1',
  stsEndpoint: 'https://sts.eu-west-1.amazonaws.com',
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  now: new Date('2015-08-30T12:36:00Z'),
};

const LONG_TERM =
  'k8s-aws-v1.aHR0cHM6Ly9zdHMuZXUtd2VzdC0xLmFtYXpvbmF3cy5jb20vP0FjdGlvbj1HZXRDYWxsZXJJZGVud' +
  'Gl0eSZWZXJzaW9uPTIwMTEtMDYtMTUmWC1BbXotQWxnb3JpdGhtPUFXUzQtSE1BQy1TSEEyNTYmWC1BbXotQ3JlZ' +
  'GVudGlhbD1BS0lBSU9TRk9ETk43RVhBTVBMRSUyRjIwMTUwODMwJTJGZXUtd2VzdC0xJTJGc3RzJTJGYXdzNF9yZ' +
  'XF1ZXN0JlgtQW16LURhdGU9MjAxNTA4MzBUMTIzNjAwWiZYLUFtei1FeHBpcmVzPTYwJlgtQW16LVNpZ25hdHVyZ' +
  'T1kMjFhMWIxNDMzODUwYjY1ODRmODAxMjBkOTRmYmQ2YTExZjAzNjVjYmQwODVmNTExNTNlZGY0ZTQzOWRmNWQ1J' +
  'lgtQW16LVNpZ25lZEhlYWRlcnM9aG9zdCUzQngtazhzLWF3cy1pZA';

const TEMPORARY =
  'k8s-aws-v1.aHR0cHM6Ly9zdHMuZXUtd2VzdC0xLmFtYXpvbmF3cy5jb20vP0FjdGlvbj1HZXRDYWxsZXJJZGVud' +
  'Gl0eSZWZXJzaW9uPTIwMTEtMDYtMTUmWC1BbXotQWxnb3JpdGhtPUFXUzQtSE1BQy1TSEEyNTYmWC1BbXotQ3JlZ' +
  'GVudGlhbD1BS0lBSU9TRk9ETk43RVhBTVBMRSUyRjIwMTUwODMwJTJGZXUtd2VzdC0xJTJGc3RzJTJGYXdzNF9yZ' +
  'XF1ZXN0JlgtQW16LURhdGU9MjAxNTA4MzBUMTIzNjAwWiZYLUFtei1FeHBpcmVzPTYwJlgtQW16LVNlY3VyaXR5L' +
  'VRva2VuPUlRb0piM0pwWjJsdVgyVmpFJTJCJTJGYWJjJTNEJTNEJlgtQW16LVNpZ25hdHVyZT05MDA4ZTE5MGVjY' +
  '2QwM2MwMjcyMDA0NTM2NmMwYjcxOThjODhkZjM5NzM0NzQ1N2M5Mjc1YmEwMTJjNDU2MWU4JlgtQW16LVNpZ25lZ' +
  'EhlYWRlcnM9aG9zdCUzQngtazhzLWF3cy1pZA';

describe('EKS token', () => {
  it('is the presigned GetCallerIdentity URL, byte for byte', async () => {
    const { token, expiresAt } = await eksToken(input);
    expect(token).toBe(LONG_TERM);
    expect(expiresAt).toEqual(new Date('2015-08-30T12:50:00Z'));
    const url = new URL(Buffer.from(token.slice('k8s-aws-v1.'.length), 'base64url').toString());
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-k8s-aws-id');
  });

  it('carries the session token of temporary credentials in the signed query', async () => {
    const credentials = { ...input.credentials, sessionToken: 'IQoJb3JpZ2luX2VjE+/abc==' };
    expect((await eksToken({ ...input, credentials })).token).toBe(TEMPORARY);
  });
});
