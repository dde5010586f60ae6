import type { CreateClusterBody, TestClusterBody } from '@nimbus/api';
import type { ProviderKind } from '@nimbus/api/shared';
import { parseJsonObject, PROVIDER_FIELDS } from '../../../clusters/providerFields';

/** The values of the configuration step's form. */
export interface ClusterFormValues {
  name: string;
  region: string;
  vendorClusterId?: string;
  vendorProjectId?: string;
  /** Field name → entered text; never shown back once saved. */
  credentials?: Record<string, string | undefined>;
}

/** What create, update and test send besides the name; credentials only when entered. */
type ClusterSettings = Omit<CreateClusterBody, 'name' | 'credentials'> &
  Partial<Pick<CreateClusterBody, 'credentials'>>;

const trimmed = (value: string | undefined): string | undefined => value?.trim() || undefined;

/**
 * The credentials object the kind's adapter expects, or undefined when nothing was entered (an
 * edit that keeps the stored credentials). The GCP key file is sent parsed.
 */
function credentialsOf(
  kind: ProviderKind,
  entered: ClusterFormValues['credentials'],
): Record<string, unknown> | undefined {
  const fields = PROVIDER_FIELDS[kind];
  const credentials: Record<string, unknown> = {};
  for (const field of fields.credentials) {
    const raw = entered?.[field.name];
    // Secrets and files are sent as typed; ids lose stray spaces from copying.
    const value = field.input === 'text' ? trimmed(raw) : raw || undefined;
    if (value === undefined) continue;
    if (field.name === fields.jsonFile) return parseJsonObject(value);
    credentials[field.name] = value;
  }
  return Object.keys(credentials).length > 0 ? credentials : undefined;
}

/** Region and the vendor ids the kind needs, with the organization acted on. */
export function settingsOf(
  kind: ProviderKind,
  values: ClusterFormValues,
  organizationId: string,
): ClusterSettings {
  const fields = PROVIDER_FIELDS[kind];
  const vendorClusterId = fields.vendorClusterId ? trimmed(values.vendorClusterId) : undefined;
  const vendorProjectId = fields.vendorProjectId ? trimmed(values.vendorProjectId) : undefined;
  const credentials = credentialsOf(kind, values.credentials);
  return {
    organizationId,
    region: values.region.trim(),
    ...(vendorClusterId ? { vendorClusterId } : {}),
    ...(vendorProjectId ? { vendorProjectId } : {}),
    ...(credentials ? { credentials } : {}),
  };
}

/** The body of POST /providers/{kind}/clusters. */
export function createBodyOf(
  kind: ProviderKind,
  values: ClusterFormValues,
  organizationId: string,
): CreateClusterBody {
  const settings = settingsOf(kind, values, organizationId);
  return { name: values.name, ...settings, credentials: settings.credentials ?? {} };
}

/**
 * The body of the connection test and of the monitor discovery: the unsaved configuration with
 * its name when credentials were entered, else only the organization (the stored configuration).
 */
export function testBodyOf(
  kind: ProviderKind,
  values: ClusterFormValues,
  organizationId: string,
): TestClusterBody {
  const settings = settingsOf(kind, values, organizationId);
  return settings.credentials ? { ...settings, name: values.name } : { organizationId };
}
