/**
 * How to reach one member's API server: what a provider adapter returns (clusters/providers/)
 * and what the member transport dials. It lives with the transport, below the clusters code.
 */
export interface ClusterConnection {
  /** https URL of the API server (already SSRF-checked by the caller) */
  server: string;
  /** base64 PEM */
  certificateAuthorityData?: string;
  tlsServerName?: string;
  auth: { token: string } | { clientCertificateData: string; clientKeyData: string };
  /** short-lived tokens (EKS, GKE) are refreshed before this */
  expiresAt?: Date;
}
