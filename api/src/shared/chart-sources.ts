/** Where Helm charts come from: an OCI registry (`helm push`) or a classic chart repository. */
export const chartSourceTypes = ['OCI', 'ChartRepository'] as const;
export type ChartSourceType = (typeof chartSourceTypes)[number];

/** oci://host[:port][/path] or http(s)://host[:port][/path]; checked by the SSRF policy on use. */
export const chartSourceUrlPattern =
  /^(oci|https?):\/\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?(:[0-9]{1,5})?(\/[A-Za-z0-9._~/-]*)?$/;
export const chartSourceUrlMessage = 'must be oci://host[:port]/path or http(s)://host[:port]/path';

/** An OCI source's URL starts oci://, a chart repository's http(s)://. */
export function chartSourceUrlFits(type: ChartSourceType, url: string): boolean {
  return type === 'OCI' ? url.startsWith('oci://') : /^https?:\/\//.test(url);
}
