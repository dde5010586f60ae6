// Image registries: the kinds Nimbus supports, the host
// each provider's registries use, and how an image reference splits into registry parts.

/** Registry kinds, as the Registry resource's spec.kind names them. */
export const registryKinds = [
  'DockerHub',
  'Harbor',
  'Distribution',
  'ECR',
  'ACR',
  'GAR',
  'TCR',
  'SWR',
] as const;
export type RegistryKind = (typeof registryKinds)[number];

/**
 * Kinds a registry of which may be reached over plain http, on purpose: the self-hosted ones
 * (Docker's "insecure registries"). Cloud registries always serve https.
 */
export const plainHttpRegistryKinds: readonly RegistryKind[] = ['Harbor', 'Distribution'];

/** The public catalogue (Docker Hub) is not a stored registry; the console knows it by this id. */
export const dockerHubRegistryId = '9999';
export const dockerHubHost = 'docker.io';

const label = String.raw`[a-z0-9]([-a-z0-9]*[a-z0-9])?`;
const anyHost = String.raw`${label}(\.${label})*(:[0-9]{1,5})?`;
// us-east-1, cn-hangzhou, ap-southeast-1, cn-north-4, us-central1.
const region = String.raw`[a-z]{2}(-[a-z0-9]+)+`;

/** A provider's registry hosts; `example` is what the add wizard shows as a hint. */
export interface RegistryHostRule {
  pattern: RegExp;
  example: string;
}

const exactly = (source: string): RegExp => new RegExp(`^(?:${source})$`);

export const registryHostRules: Record<RegistryKind, RegistryHostRule> = {
  DockerHub: { pattern: /^docker\.io$/, example: 'docker.io' },
  Harbor: { pattern: exactly(anyHost), example: 'harbor.example.com' },
  Distribution: { pattern: exactly(anyHost), example: 'registry.example.com:5000' },
  ECR: {
    pattern: exactly(String.raw`[0-9]{12}\.dkr\.ecr\.(?<region>${region})\.amazonaws\.com(\.cn)?`),
    example: '123456789012.dkr.ecr.us-east-1.amazonaws.com',
  },
  // Personal edition registry[-vpc].{region}.aliyuncs.com; enterprise {instance}-registry[-vpc].{region}.cr.aliyuncs.com.
  ACR: {
    pattern: exactly(
      String.raw`(registry(-vpc)?\.(?<region>${region})\.aliyuncs\.com)|(${label}-registry(-vpc)?\.(?<enterpriseRegion>${region})\.cr\.aliyuncs\.com)`,
    ),
    example: 'registry.cn-hangzhou.aliyuncs.com',
  },
  GAR: {
    pattern: exactly(
      String.raw`(?<region>[a-z0-9]+(-[a-z0-9]+)*)-docker\.pkg\.dev|([a-z]+\.)?gcr\.io`,
    ),
    example: 'us-central1-docker.pkg.dev',
  },
  // {registryName}.tencentcloudcr.com.
  TCR: {
    pattern: exactly(String.raw`${label}\.tencentcloudcr\.com`),
    example: 'my-registry.tencentcloudcr.com',
  },
  // swr.{projectName}.myhuaweicloud.com, the project being the region name.
  SWR: {
    pattern: exactly(String.raw`swr\.(?<region>${region})\.myhuaweicloud\.(com|eu)`),
    example: 'swr.cn-north-4.myhuaweicloud.com',
  },
};

/** Whether `host` is a registry host of `kind`. */
export function matchesRegistryHost(kind: RegistryKind, host: string): boolean {
  return registryHostRules[kind].pattern.test(host);
}

/** The region a cloud registry's host names (ECR, ACR, SWR), which its vendor API needs. */
export function registryRegion(kind: RegistryKind, host: string): string | undefined {
  const groups = registryHostRules[kind].pattern.exec(host)?.groups;
  return groups?.['region'] ?? groups?.['enterpriseRegion'];
}

export interface RepositoryParts {
  host: string;
  /** The repository's namespace: every path segment but the last ('' when there is none). */
  subPath: string;
  /** The last path segment. */
  image: string;
  tag: string;
}

const hostLike = /^(localhost|[^/]*[.:][^/]*)$/;
const pathPart = /^[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*$/;
const tagPattern = /^[\w][\w.-]{0,127}$/;

/**
 * Splits an image reference the way docker does: a first segment with a dot or a port (or
 * `localhost`) is the host, else the image is on Docker Hub (`nginx` is docker.io/library/nginx).
 * A missing tag is `latest`; a digest is kept as the tag (`sha256:…`). Undefined when the
 * reference is not an image.
 */
export function splitRepository(reference: string): RepositoryParts | undefined {
  const text = reference.trim();
  if (text === '' || text.length > 512) return undefined;
  let rest = text;
  let tag = 'latest';
  const at = rest.indexOf('@');
  if (at >= 0) {
    tag = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!/^[a-z0-9]+:[0-9a-f]{32,}$/.test(tag)) return undefined;
  } else {
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
      tag = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
      if (!tagPattern.test(tag)) return undefined;
    }
  }
  const segments = rest.split('/');
  let host = dockerHubHost;
  if (segments.length > 1 && hostLike.test(segments[0] ?? '')) {
    host = (segments.shift() ?? '').toLowerCase();
  }
  if (host === 'index.docker.io' || host === 'registry-1.docker.io') host = dockerHubHost;
  if (host === dockerHubHost && segments.length === 1) segments.unshift('library');
  if (segments.length === 0 || !segments.every((segment) => pathPart.test(segment))) {
    return undefined;
  }
  const image = segments.pop() ?? '';
  return { host, subPath: segments.join('/'), image, tag };
}

/** The repository name a registry lists: namespace and image joined. */
export function repositoryName(parts: Pick<RepositoryParts, 'subPath' | 'image'>): string {
  return parts.subPath ? `${parts.subPath}/${parts.image}` : parts.image;
}

/** host/repository:tag (a digest as @digest) — the reverse of splitRepository. */
export function joinRepository(parts: RepositoryParts): string {
  const separator = parts.tag.includes(':') ? '@' : ':';
  return `${parts.host}/${repositoryName(parts)}${separator}${parts.tag}`;
}
