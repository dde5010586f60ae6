/**
 * AWS regional endpoints. The region comes from user input and ends up in a host name, so it is
 * checked against the shape of real region names before any URL is built from it.
 */
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

export function isAwsRegion(region: string): boolean {
  return REGION.test(region);
}

function dnsSuffix(region: string): string {
  return region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
}

export function defaultEksEndpoint(region: string): string {
  return `https://eks.${region}.${dnsSuffix(region)}`;
}

export function defaultStsEndpoint(region: string): string {
  return `https://sts.${region}.${dnsSuffix(region)}`;
}

/** A configured endpoint, optionally a template such as `https://eks-fips.{region}.amazonaws.com`. */
export function configuredEndpoint(
  template: string | undefined,
  region: string,
  fallback: string,
): string {
  return template === undefined ? fallback : template.replaceAll('{region}', region);
}
