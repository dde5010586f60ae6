import { sanitizeKubeconfig, type SanitizeOptions } from '../kubeconfig-sanitizer.js';
import type { ClusterConnection } from './types.js';
import { vendorError } from './vendor-call.js';

/**
 * Options every kubeconfig-issuing vendor adapter needs: the operator's SSRF policy, applied to the
 * API server URL the vendor hands back exactly as to an uploaded kubeconfig.
 */
export type VendorAdapterOptions = SanitizeOptions;

/**
 * A kubeconfig returned by a cloud API gets the same treatment as one a user uploads: a compromised
 * or spoofed vendor endpoint must not be able to make the operator run an exec plugin, read a
 * local file or dial a metadata address.
 */
export async function connectionFromKubeconfig(
  vendor: string,
  text: string,
  options: VendorAdapterOptions,
): Promise<ClusterConnection> {
  const result = await sanitizeKubeconfig(text, options);
  if (!result.ok) {
    throw vendorError(vendor, `the returned kubeconfig was refused: ${result.reason}`);
  }
  const { kubeconfig } = result;
  const connection: ClusterConnection = { server: kubeconfig.server, auth: kubeconfig.user };
  if (kubeconfig.certificateAuthorityData !== undefined) {
    connection.certificateAuthorityData = kubeconfig.certificateAuthorityData;
  }
  if (kubeconfig.tlsServerName !== undefined) connection.tlsServerName = kubeconfig.tlsServerName;
  return connection;
}
