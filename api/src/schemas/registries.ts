import { z } from 'zod';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';
import { registryKinds } from '../shared/registries.js';
import { pathRef } from './common.js';

// Image registries. Credentials are write-only: they go to a
// Secret in the operator's namespace and no answer carries them.

const registryName = z.string().regex(resourceNamePattern, resourceNameMessage);
const registryHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*(:[0-9]{1,5})?$/,
    'must be a host name with an optional port, without scheme or path',
  );

/** What a registry kind needs to sign in; checked per kind by the operator (names, not values). */
export const registryCredentialsInput = z.object({
  username: z.string().trim().max(253).optional(),
  password: z.string().max(16_384).optional(),
  /** Cloud access key pair (ECR, SWR). */
  accessKeyId: z.string().trim().max(256).optional(),
  secretAccessKey: z.string().max(1024).optional(),
  /** PEM of a private CA the registry's certificate chains to (self-hosted registries). */
  caCertificate: z.string().max(65_536).optional(),
});
export type RegistryCredentialsInput = z.output<typeof registryCredentialsInput>;

export const registryInput = z.object({
  name: registryName,
  organizationId: z.string().min(1).max(253),
  kind: z.enum(registryKinds),
  host: registryHost,
  description: z.string().trim().max(1024).optional(),
  /**
   * Reach the registry over plain http (no TLS), like Docker's insecure registries: Harbor and
   * Distribution only, and only at private network addresses or hosts the operator allows.
   */
  plainHttp: z.boolean().default(false),
  credentials: registryCredentialsInput.optional(),
});
export type RegistryInput = z.output<typeof registryInput>;

/** Update: credentials only when they change. */
export const registryUpdate = registryInput;
/** Test: an unsaved configuration; without credentials, the stored registry's. */
export const registryTest = registryInput.extend({ name: registryName.optional() });
export const registryDelete = z.object({ organizationId: z.string().min(1), name: registryName });

/** A registry as the API shows it (never its credentials). */
export const registryViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  host: z.string(),
  kind: z.enum(registryKinds),
  organizationId: z.string(),
  organization: z.string(),
  description: z.string().optional(),
  plainHttp: z.boolean(),
  credentialsSet: z.boolean(),
  ready: z.boolean(),
  createdAt: z.string(),
});
export type RegistryView = z.output<typeof registryViewSchema>;

export const supportedRegistrySchema = z.object({
  kind: z.enum(registryKinds),
  hostExample: z.string(),
  /** Credential fields the kind uses, in the wizard's order. */
  credentialFields: z.array(
    z.enum(['username', 'password', 'accessKeyId', 'secretAccessKey', 'caCertificate']),
  ),
});
export const supportedRegistriesSchema = z.object({ items: z.array(supportedRegistrySchema) });

export const registryTestResultSchema = z.object({ repositoryCount: z.number().int().min(0) });

export const registryIdParams = z.object({ registryId: pathRef });
export const registryImageParams = registryIdParams.extend({
  image: z.string().min(1).max(255),
});
export const providerIdParams = z.object({ providerId: pathRef });

/** An image of a registry: its repository name and when it was created. */
export const repositoryItemSchema = z.object({
  repositoryName: z.string(),
  createdAt: z.string().optional(),
});
export const repositoriesSchema = z.object({ items: z.array(repositoryItemSchema) });

/** A tag item: the tags of one image (one digest) and when it was pushed. */
export const tagItemSchema = z.object({
  imageTags: z.array(z.string()),
  imagePushedAt: z.string().optional(),
  digest: z.string().optional(),
});
export const tagsSchema = z.object({ items: z.array(tagItemSchema) });

export const splitQuery = z.object({ image: z.string().trim().min(1).max(512) });
export const splitResultSchema = z.object({
  /** The matching registry's uuid, 9999 for Docker Hub, null when no registry matches. */
  registryId: z.string().nullable(),
  host: z.string(),
  subPath: z.string(),
  image: z.string(),
  tag: z.string(),
});

export const dockerHubSearchQuery = z.object({
  page: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).default(''),
});
/** An item of Docker Hub's public catalogue. */
export const dockerHubItemSchema = z.object({
  name: z.string(),
  slug: z.string(),
  short_description: z.string(),
  logo_url: z.object({ small: z.string().optional(), large: z.string().optional() }),
});
export const dockerHubPageSchema = z.object({
  items: z.array(dockerHubItemSchema),
  total: z.number().int().min(0),
});
