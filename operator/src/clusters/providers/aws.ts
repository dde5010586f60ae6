import { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';
import {
  configuredEndpoint,
  defaultEksEndpoint,
  defaultStsEndpoint,
  isAwsRegion,
} from './aws/endpoints.js';
import { eksToken } from './aws/eks-token.js';
import { signRequest } from './aws/sigv4.js';
import type { ClusterConnection, ProviderAdapter, ProviderContext } from './types.js';

/** Long-term (AKIA) or temporary (ASIA, needs the session token) IAM access keys. */
export const awsCredentials = z
  .object({
    accessKeyId: z.string().regex(/^A(KIA|SIA)[A-Z0-9]{12,124}$/, 'not an AWS access key id'),
    secretAccessKey: z.string().min(1).max(1024),
    sessionToken: z.string().min(1).max(8192).optional(),
  })
  .strict()
  .refine((c) => !c.accessKeyId.startsWith('ASIA') || c.sessionToken !== undefined, {
    message: 'temporary (ASIA) access keys need their session token',
    path: ['sessionToken'],
  });

export type AwsCredentials = z.infer<typeof awsCredentials>;

const EKS_CLUSTER_NAME = /^[0-9A-Za-z][A-Za-z0-9_-]{0,99}$/;
const MAX_MESSAGE = 400;
const ERROR_TYPE = /^[A-Za-z0-9._-]{1,100}$/;

const describeClusterResponse = z.object({
  cluster: z.object({
    endpoint: z.url({ protocol: /^https$/ }),
    certificateAuthority: z.object({ data: z.string().min(1) }),
  }),
});

/** Vendor text is redacted, then cut at its first line (AWS appends the canonical request there). */
function fail(message: string, secrets: readonly (string | undefined)[]): never {
  let safe = message;
  for (const secret of secrets) {
    if (secret) safe = safe.split(secret).join('[redacted]');
  }
  const firstLine = safe.split('\n')[0] ?? '';
  throw new ApiError(errors.clusterUnreachable, { message: firstLine.slice(0, MAX_MESSAGE) });
}

function vendorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; Message?: unknown };
    const message = parsed.message ?? parsed.Message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: fall through to the generic text
  }
  return 'no error details';
}

async function describeCluster(
  name: string,
  region: string,
  credentials: AwsCredentials,
  ctx: ProviderContext,
): Promise<z.infer<typeof describeClusterResponse>['cluster']> {
  const secrets = [credentials.secretAccessKey, credentials.sessionToken];
  const url = new URL(
    `/clusters/${encodeURIComponent(name)}`,
    configuredEndpoint(ctx.endpoints.eks, region, defaultEksEndpoint(region)),
  );
  const headers = await signRequest({
    method: 'GET',
    url,
    headers: { accept: 'application/json' },
    credentials,
    scope: { region, service: 'eks' },
    now: ctx.now(),
  });
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: 'GET',
      headers,
      redirect: 'error',
      signal: ctx.signal,
    });
  } catch (error) {
    return fail(`EKS DescribeCluster could not be reached: ${(error as Error).message}`, secrets);
  }
  const body = await response.text();
  if (!response.ok) {
    const code = response.headers.get('x-amzn-errortype')?.split(':')[0] ?? '';
    const type = ERROR_TYPE.test(code) ? code : `HTTP ${response.status}`;
    return fail(`EKS DescribeCluster failed (${type}): ${vendorMessage(body)}`, secrets);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return fail('EKS DescribeCluster returned a body that is not JSON', secrets);
  }
  const parsed = describeClusterResponse.safeParse(json);
  if (!parsed.success) {
    return fail('EKS DescribeCluster returned no endpoint or certificate authority', secrets);
  }
  return parsed.data.cluster;
}

/** EKS: DescribeCluster for endpoint and CA, then an aws-iam-authenticator style token. */
export const awsProvider: ProviderAdapter<AwsCredentials> = {
  kind: 'ProviderAWS',
  credentials: awsCredentials,
  async connect(spec, credentials, ctx): Promise<ClusterConnection> {
    const name = spec.vendorClusterId ?? '';
    if (!isAwsRegion(spec.region)) return fail(`"${spec.region}" is not an AWS region`, []);
    if (!EKS_CLUSTER_NAME.test(name)) return fail('the EKS cluster name is missing or invalid', []);
    const cluster = await describeCluster(name, spec.region, credentials, ctx);
    const { token, expiresAt } = await eksToken({
      clusterName: name,
      region: spec.region,
      stsEndpoint: configuredEndpoint(
        ctx.endpoints.sts,
        spec.region,
        defaultStsEndpoint(spec.region),
      ),
      credentials,
      now: ctx.now(),
    });
    return {
      server: cluster.endpoint,
      certificateAuthorityData: cluster.certificateAuthority.data,
      auth: { token },
      expiresAt,
    };
  },
};
