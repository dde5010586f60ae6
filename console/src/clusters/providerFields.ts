import type { ProviderKind } from '@nimbus/api/shared';

/** How a credential field is entered: a secret, a visible id, or a pasted or uploaded file. */
export type CredentialInput = 'secret' | 'text' | 'file';

/** Every credential field of the six kinds (the console's labels are keyed by these). */
export type CredentialName =
  | 'kubeconfig'
  | 'serviceAccountKey'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'sessionToken'
  | 'accessKeySecret'
  | 'secretId'
  | 'secretKey'
  | 'accessKey'
  | 'projectId';

export interface CredentialField {
  name: CredentialName;
  input: CredentialInput;
  optional?: boolean;
}

export interface ProviderFields {
  /** The vendor's own cluster id or name (EKS, GKE, ACK, TKE, CCE). */
  vendorClusterId: boolean;
  /** The vendor project (GKE). */
  vendorProjectId: boolean;
  credentials: CredentialField[];
  /** A file field whose text is sent parsed as JSON (the GCP service-account key). */
  jsonFile?: CredentialName;
}

/**
 * What the operator's adapter of each kind reads (operator/src/clusters/providers): the spec ids
 * it needs and its credential schema.
 */
export const PROVIDER_FIELDS: Record<ProviderKind, ProviderFields> = {
  ProviderAWS: {
    vendorClusterId: true,
    vendorProjectId: false,
    credentials: [
      { name: 'accessKeyId', input: 'text' },
      { name: 'secretAccessKey', input: 'secret' },
      { name: 'sessionToken', input: 'secret', optional: true },
    ],
  },
  ProviderALiCloud: {
    vendorClusterId: true,
    vendorProjectId: false,
    credentials: [
      { name: 'accessKeyId', input: 'text' },
      { name: 'accessKeySecret', input: 'secret' },
    ],
  },
  ProviderGCP: {
    vendorClusterId: true,
    vendorProjectId: true,
    credentials: [{ name: 'serviceAccountKey', input: 'file' }],
    jsonFile: 'serviceAccountKey',
  },
  ProviderKubeconfig: {
    vendorClusterId: false,
    vendorProjectId: false,
    credentials: [{ name: 'kubeconfig', input: 'file' }],
  },
  ProviderTencent: {
    vendorClusterId: true,
    vendorProjectId: false,
    credentials: [
      { name: 'secretId', input: 'text' },
      { name: 'secretKey', input: 'secret' },
    ],
  },
  ProviderHuawei: {
    vendorClusterId: true,
    vendorProjectId: false,
    credentials: [
      { name: 'accessKey', input: 'text' },
      { name: 'secretKey', input: 'secret' },
      { name: 'projectId', input: 'text' },
    ],
  },
};

/** A pasted JSON key file as an object, or undefined when it is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
