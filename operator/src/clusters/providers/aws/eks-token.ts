import { presignUrl, type SigningCredentials } from './sigv4.js';

/**
 * The bearer token EKS accepts (the aws-iam-authenticator format): a presigned STS
 * GetCallerIdentity URL that also signs `x-k8s-aws-id: <cluster>`, so a token minted for one
 * cluster cannot be replayed against another.
 */
export const EKS_TOKEN_PREFIX = 'k8s-aws-v1.';
export const CLUSTER_ID_HEADER = 'x-k8s-aws-id';
/** STS presigned URLs for EKS are valid for 60 s of signing, the token itself for 15 minutes. */
export const PRESIGN_EXPIRES_SECONDS = 60;
export const TOKEN_LIFETIME_MS = 14 * 60 * 1000;

export interface EksTokenInput {
  clusterName: string;
  region: string;
  stsEndpoint: string;
  credentials: SigningCredentials;
  now: Date;
}

export async function eksToken(input: EksTokenInput): Promise<{ token: string; expiresAt: Date }> {
  const url = new URL('/', input.stsEndpoint);
  url.search = '?Action=GetCallerIdentity&Version=2011-06-15';
  const presigned = await presignUrl({
    method: 'GET',
    url,
    headers: { [CLUSTER_ID_HEADER]: input.clusterName },
    expiresSeconds: PRESIGN_EXPIRES_SECONDS,
    credentials: input.credentials,
    scope: { region: input.region, service: 'sts' },
    now: input.now,
  });
  return {
    token: EKS_TOKEN_PREFIX + Buffer.from(presigned.toString()).toString('base64url'),
    expiresAt: new Date(input.now.getTime() + TOKEN_LIFETIME_MS),
  };
}
