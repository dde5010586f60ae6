import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultConsoleDir, defaultDataDir, operatorPackageJson } from './paths.js';
import type { LogLevel } from './logger.js';
import { logLevels } from './logger.js';
import { defaultRelistIntervalMs } from './hub/kind-store.js';

/**
 * Which proxies in front of the operator are believed about the client (NIMBUS_TRUST_PROXY):
 * none (false), the nearest N hops, or hops from these addresses and CIDRs (or proxy-addr's
 * names loopback, linklocal, uniquelocal). Express's `trust proxy` setting takes it as is.
 */
export type TrustProxy = false | number | readonly string[];

/** Where the session key comes from: a file (local runs, a mounted Secret) or a Secret in the hub. */
export type SessionKeySource =
  { kind: 'file'; path: string } | { kind: 'secret'; name: string; key: string };

/**
 * How often the leader samples cost: a slot must divide a minute or an hour, so that a cron
 * expression can name it (cost/schedule.ts).
 */
const costSampleSeconds = z.coerce
  .number()
  .int()
  .min(5)
  .max(3600)
  .refine((s) => (s < 60 ? 60 % s === 0 : s % 60 === 0 && 60 % (s / 60) === 0), {
    message: 'must divide 60 seconds or 60 minutes (e.g. 10, 30, 300, 600, 3600)',
  })
  .default(600);

const hostnamePattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const dnsLabelPattern = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** A duration such as 12h, 30m, 90s or plain seconds. */
const durationSeconds = z
  .string()
  .regex(/^\d+[smhd]?$/, 'must be a duration such as 12h, 30m or 3600')
  .transform((value) => {
    const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[value.slice(-1)];
    return unit === undefined ? Number(value) : Number(value.slice(0, -1)) * unit;
  })
  .pipe(
    z
      .number()
      .int()
      .min(60, 'must be at least one minute')
      .max(30 * 86_400),
  );

/** Comma-separated http(s) base URLs, reduced to their origins. */
const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const urlList = z
  .string()
  .refine(
    (value) => splitList(value).every((item) => /^https?:$/.test(URL.parse(item)?.protocol ?? '')),
    'must be comma-separated http(s) URLs',
  )
  .transform((value) => splitList(value).map((item) => new URL(item).origin));

/** Comma-separated host or host:port entries (IPv6 in brackets). */
const hostList = z
  .string()
  .refine(
    (value) =>
      splitList(value).every((item) =>
        /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(item),
      ),
    'must be comma-separated host or host:port entries',
  )
  .transform(splitList);

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (item: string): boolean => {
  const [address = '', prefix, extra] = item.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (prefix === undefined) return family !== 0 || proxyNames.has(item);
  const bits = family === 4 ? 32 : 128;
  return family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
};

/** false/true, a number of proxy hops (true is 1), or comma-separated proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value, context): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const items = splitList(text);
  if (items.length > 0 && items.every(isProxyAddress)) return items;
  context.addIssue({
    code: 'custom',
    message:
      'must be false, true, a number of proxy hops, or comma-separated proxy addresses/CIDRs',
  });
  return z.NEVER;
});

/** A duration for timers: 2s, 5m, 1h or plain seconds; from a second to a day. */
const intervalMs = z
  .string()
  .regex(/^\d+[smh]?$/, 'must be a duration such as 30s, 5m or 1h')
  .transform((value) => {
    const unit = { s: 1, m: 60, h: 3600 }[value.slice(-1)];
    return (unit === undefined ? Number(value) : Number(value.slice(0, -1)) * unit) * 1000;
  })
  .pipe(z.number().int().min(1000, 'must be at least 1s').max(86_400_000, 'must be at most 24h'));

/** Bytes, or a Kubernetes binary quantity: 512Mi, 8Gi. */
const byteSize = z
  .string()
  .regex(/^\d+(Ki|Mi|Gi|Ti)?$/, 'must be bytes or a size such as 512Mi or 8Gi')
  .transform((value) => {
    const unit = /(Ki|Mi|Gi|Ti)$/.exec(value)?.[1];
    const power = unit ? ['Ki', 'Mi', 'Gi', 'Ti'].indexOf(unit) + 1 : 0;
    return Number(unit ? value.slice(0, -2) : value) * 1024 ** power;
  })
  .pipe(
    z
      .number()
      .int()
      .min(64 * 1024, 'must be at least 64Ki'),
  );

const secretName = z
  .string()
  .regex(/^[a-z0-9]([-.a-z0-9]{0,251}[a-z0-9])?$/, 'must be a Secret name');

/** Keys the provider adapters read from their context, and the variables that set them. */
const vendorEndpointVariables = {
  eks: 'NIMBUS_EKS_ENDPOINT',
  sts: 'NIMBUS_STS_ENDPOINT',
  gke: 'NIMBUS_GKE_ENDPOINT',
  gcpToken: 'NIMBUS_GCP_TOKEN_ENDPOINT',
  alibaba: 'NIMBUS_ALIBABA_ENDPOINT',
  tencent: 'NIMBUS_TENCENT_ENDPOINT',
  huawei: 'NIMBUS_HUAWEI_ENDPOINT',
  ecr: 'NIMBUS_ECR_ENDPOINT',
  dockerHub: 'NIMBUS_DOCKERHUB_ENDPOINT',
} as const;

/** A base URL, possibly with a {region} placeholder in the host. */
const vendorEndpoint = z
  .string()
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) base URL ({region} allowed)');

const envSchema = z.object({
  NIMBUS_HOST: z
    .string()
    .regex(hostnamePattern, 'must be a lowercase DNS name such as nimbus.io')
    .default('nimbus.io'),
  NIMBUS_LISTEN_ADDR: z
    .string()
    .refine((value) => isIP(value) !== 0 || value === 'localhost', 'must be an IP address')
    .default('127.0.0.1'),
  NIMBUS_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  NIMBUS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9090),
  KUBECONFIG: z.string().optional(),
  NIMBUS_CONSOLE_DIR: z.string().default(defaultConsoleDir),
  NIMBUS_LOG_LEVEL: z.enum(logLevels).default('info'),
  NIMBUS_MFA_ENABLED: z.stringbool().default(false),
  NIMBUS_MANAGE_CRDS: z.stringbool().default(true),
  NIMBUS_REVISION: z.string().optional(),
  NIMBUS_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // client-go's leader election defaults; longer where the hub or the process may stall longer.
  NIMBUS_LEADER_LEASE_SECONDS: z.coerce.number().int().min(5).max(300).default(15),
  NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: z.coerce.number().int().min(2).max(299).default(10),
  NIMBUS_VERSION: z.string().optional(),
  NIMBUS_NAMESPACE: z
    .string()
    .regex(dnsLabelPattern, 'must be a namespace name')
    .default('nimbus-system'),
  NIMBUS_SESSION_KEY_FILE: z.string().optional(),
  NIMBUS_SESSION_KEY_SECRET: secretName.optional(),
  NIMBUS_SESSION_KEY_SECRET_KEY: z
    .string()
    .regex(/^[-._a-zA-Z0-9]{1,253}$/, 'must be a Secret data key')
    .default('signing-key'),
  NIMBUS_INITIAL_ADMIN_SECRET: secretName.default('nimbus-initial-admin'),
  NIMBUS_SESSION_TTL: durationSeconds.default(12 * 3600),
  // Timers beyond 2^31 ms fire at once; a day is more than any shell should stay open unchecked.
  NIMBUS_STREAM_MAX_LIFETIME: durationSeconds
    .refine((seconds) => seconds <= 86_400, 'must be at most 24h')
    .default(4 * 3600),
  NIMBUS_TRUST_PROXY: trustProxy.default(false),
  NIMBUS_REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(20),
  NIMBUS_POD_NAME: z.string().optional(),
  NIMBUS_DATA_DIR: z.string().default(defaultDataDir),
  NIMBUS_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  NIMBUS_AUDIT_MAX_BYTES: byteSize.default(8 * 1024 ** 3),
  NIMBUS_AUDIT_PRUNE_INTERVAL: intervalMs.default(3_600_000),
  NIMBUS_HUB_RELIST_INTERVAL: intervalMs.default(defaultRelistIntervalMs),
  NIMBUS_AUDIT_POLICY_FILE: z.string().optional(),
  NIMBUS_AUDIT_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional(),
  NIMBUS_AUDIT_PEERS: urlList.optional(),
  NIMBUS_AUDIT_PEER_SERVICE: z.string().regex(dnsLabelPattern, 'must be a Service name').optional(),
  NIMBUS_STORE: z.enum(['sqlite', 'postgres']).default('sqlite'),
  NIMBUS_POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgresql:// connection string')
    .optional(),
  NIMBUS_POSTGRES_CA_FILE: z.string().optional(),
  NIMBUS_POSTGRES_MAX_CONNECTIONS: z.coerce.number().int().min(2).max(1000).default(10),
  NIMBUS_OUTBOUND_ALLOW_HOSTS: hostList.default([]),
  NIMBUS_HELM_PATH: z.string().default('helm'),
  NIMBUS_MEMBER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  NIMBUS_CLUSTER_PROBE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  NIMBUS_ALARM_INTERVAL_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  NIMBUS_COST_SAMPLE_SECONDS: costSampleSeconds,
  ...Object.fromEntries(
    Object.values(vendorEndpointVariables).map((name) => [name, vendorEndpoint.optional()]),
  ),
});

/** Vendor API base URLs (tests point them at local fakes); unset means the vendor's own. */
function vendorEndpointsOf(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vendorEndpointVariables)
      .map(([key, name]) => [key, values[name]] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string'),
  );
}

/** A key file wins (a mounted Secret, local runs); else the Secret the operator manages. */
function sessionKeySourceOf(values: {
  NIMBUS_SESSION_KEY_FILE?: string | undefined;
  NIMBUS_SESSION_KEY_SECRET?: string | undefined;
  NIMBUS_SESSION_KEY_SECRET_KEY: string;
}): SessionKeySource | undefined {
  if (values.NIMBUS_SESSION_KEY_FILE) return { kind: 'file', path: values.NIMBUS_SESSION_KEY_FILE };
  if (values.NIMBUS_SESSION_KEY_SECRET) {
    return {
      kind: 'secret',
      name: values.NIMBUS_SESSION_KEY_SECRET,
      key: values.NIMBUS_SESSION_KEY_SECRET_KEY,
    };
  }
  return undefined;
}

export interface Config {
  host: string;
  listenAddr: string;
  port: number;
  /** /metrics is served here only, never beside the API (0: any free port, logged). */
  metricsPort: number;
  kubeconfig: string | undefined;
  consoleDir: string;
  logLevel: LogLevel;
  mfaEnabled: boolean;
  /** Server-side-apply the CRDs this build carries at start, when the installed ones are older. */
  manageCrds: boolean;
  /** The source revision the image was built from (its OCI revision label), for nimbus_build_info. */
  revision: string | undefined;
  shutdownTimeoutMs: number;
  /** The Lease's duration, and how long a leader may go without renewing before it stops. */
  leaderElection: { leaseDurationMs: number; renewDeadlineMs: number };
  version: string;
  /** Namespace of the operator's Secrets and Leases in the hub. */
  namespace: string;
  /** NIMBUS_SESSION_KEY_FILE when set, else Secret NIMBUS_SESSION_KEY_SECRET (created if absent). */
  sessionKey: SessionKeySource;
  /** Name of the Secret the session key comes from (the chart's), refused as a User's Secret. */
  sessionKeySecret: string | undefined;
  /** Secret in the operator namespace that holds the bootstrap admin's generated password. */
  initialAdminSecret: string;
  sessionTtlSeconds: number;
  /** The longest a WebSocket stream (exec) stays open, whatever the caller's access. */
  streamMaxLifetimeSeconds: number;
  /** Registrations one client address makes before each further one must wait. */
  registrationsPerAddress: number;
  /** Proxies whose X-Forwarded-For/-Proto/-Host are believed (none by default). */
  trustProxy: TrustProxy;
  podName: string | undefined;
  /** This replica's own files (the audit store); a volume per pod in the cluster. */
  dataDir: string;
  auditRetentionDays: number;
  /** Records beyond this many bytes of the store go, oldest first. */
  auditMaxBytes: number;
  auditPruneIntervalMs: number;
  /** Every hub cache is listed afresh this often, repairing any drift from the hub. */
  hubRelistIntervalMs: number;
  /** The audit policy (YAML or JSON; the chart's ConfigMap); unset: the default policy. */
  auditPolicyFile: string | undefined;
  /** Where each replica also ships its records; checked by the SSRF policy on every delivery. */
  auditWebhookUrl: string | undefined;
  /** Other replicas' base URLs; when unset, the peer Service's EndpointSlices in the cluster. */
  auditPeers: string[] | undefined;
  /** Headless Service selecting every operator pod, for finding audit peers. */
  auditPeerService: string | undefined;
  /** Where the audit trail and the index are kept: this replica's files, or the database replicas share. */
  store: StoreConfig;
  /** host[:port] entries the SSRF policy lets through (e.g. the test bed's loopback members). */
  outboundAllowHosts: string[];
  /** The helm binary the app store runs against its per-operation relay. */
  helmPath: string;
  /** Deadline of every member cluster call. */
  memberTimeoutMs: number;
  clusterProbeIntervalMs: number;
  /** How often the leader evaluates each alarm rule. */
  alarmIntervalMs: number;
  /** The cost sample slot: the leader's node-cron job samples allocation once per slot. */
  costSampleSeconds: number;
  /** Vendor API base URLs by adapter key (eks, sts, gke, gcpToken, alibaba, tencent, huawei, ecr, dockerHub). */
  vendorEndpoints: Record<string, string>;
}

/** Where the audit trail and the index are kept (docs/scaling.md): files, or the shared database. */
export type StoreConfig =
  | { kind: 'sqlite' }
  | { kind: 'postgres'; url: string; caFile: string | undefined; maxConnections: number };

/** TLS settings in the DSN would replace the CA file's (pg reads the DSN last). */
const dsnTlsParameters = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl'];

function storeOf(values: {
  NIMBUS_STORE: 'sqlite' | 'postgres';
  NIMBUS_POSTGRES_URL?: string | undefined;
  NIMBUS_POSTGRES_CA_FILE?: string | undefined;
  NIMBUS_POSTGRES_MAX_CONNECTIONS: number;
}): StoreConfig {
  if (values.NIMBUS_STORE === 'sqlite') return { kind: 'sqlite' };
  const url = values.NIMBUS_POSTGRES_URL;
  if (!url) {
    throw new ConfigError([
      'NIMBUS_POSTGRES_URL: required when NIMBUS_STORE is postgres (the chart takes it from a Secret)',
    ]);
  }
  if (values.NIMBUS_POSTGRES_CA_FILE) {
    let parameters: string[];
    try {
      parameters = [...new URL(url).searchParams.keys()];
    } catch {
      throw new ConfigError(['NIMBUS_POSTGRES_URL: must be a postgresql:// connection string']);
    }
    const clash = parameters.find((name) => dsnTlsParameters.includes(name));
    if (clash) {
      throw new ConfigError([
        `NIMBUS_POSTGRES_URL: leave ${clash} out when NIMBUS_POSTGRES_CA_FILE is set; the CA file turns on TLS with the server's name checked`,
      ]);
    }
  }
  return {
    kind: 'postgres',
    url,
    caFile: values.NIMBUS_POSTGRES_CA_FILE,
    maxConnections: values.NIMBUS_POSTGRES_MAX_CONNECTIONS,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment; an empty variable counts as unset, like most shells' `VAR=` intent. */
export function parseConfig(env: Env, readVersion: () => string = readPackageVersion): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  if (values.NIMBUS_LEADER_RENEW_DEADLINE_SECONDS >= values.NIMBUS_LEADER_LEASE_SECONDS) {
    throw new ConfigError([
      'NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: must be shorter than NIMBUS_LEADER_LEASE_SECONDS, so a leader stops before another replica may take the Lease',
    ]);
  }
  const sessionKey = sessionKeySourceOf(values);
  if (!sessionKey) {
    throw new ConfigError([
      'NIMBUS_SESSION_KEY_FILE or NIMBUS_SESSION_KEY_SECRET: one is required: a file holding the session signing key (at least 32 bytes), or the Secret the operator keeps it in',
    ]);
  }
  const store = storeOf(values);
  return {
    host: values.NIMBUS_HOST,
    listenAddr: values.NIMBUS_LISTEN_ADDR,
    port: values.NIMBUS_PORT,
    metricsPort: values.NIMBUS_METRICS_PORT,
    kubeconfig: values.KUBECONFIG,
    consoleDir: values.NIMBUS_CONSOLE_DIR,
    logLevel: values.NIMBUS_LOG_LEVEL,
    mfaEnabled: values.NIMBUS_MFA_ENABLED,
    manageCrds: values.NIMBUS_MANAGE_CRDS,
    revision: values.NIMBUS_REVISION,
    shutdownTimeoutMs: values.NIMBUS_SHUTDOWN_TIMEOUT_MS,
    leaderElection: {
      leaseDurationMs: values.NIMBUS_LEADER_LEASE_SECONDS * 1000,
      renewDeadlineMs: values.NIMBUS_LEADER_RENEW_DEADLINE_SECONDS * 1000,
    },
    version: values.NIMBUS_VERSION ?? readVersion(),
    namespace: values.NIMBUS_NAMESPACE,
    sessionKey,
    sessionKeySecret: values.NIMBUS_SESSION_KEY_SECRET,
    initialAdminSecret: values.NIMBUS_INITIAL_ADMIN_SECRET,
    sessionTtlSeconds: values.NIMBUS_SESSION_TTL,
    streamMaxLifetimeSeconds: values.NIMBUS_STREAM_MAX_LIFETIME,
    trustProxy: values.NIMBUS_TRUST_PROXY,
    registrationsPerAddress: values.NIMBUS_REGISTRATIONS_PER_ADDRESS,
    podName: values.NIMBUS_POD_NAME,
    dataDir: values.NIMBUS_DATA_DIR,
    auditRetentionDays: values.NIMBUS_AUDIT_RETENTION_DAYS,
    auditMaxBytes: values.NIMBUS_AUDIT_MAX_BYTES,
    auditPruneIntervalMs: values.NIMBUS_AUDIT_PRUNE_INTERVAL,
    hubRelistIntervalMs: values.NIMBUS_HUB_RELIST_INTERVAL,
    auditPolicyFile: values.NIMBUS_AUDIT_POLICY_FILE,
    auditWebhookUrl: values.NIMBUS_AUDIT_WEBHOOK_URL,
    auditPeers: values.NIMBUS_AUDIT_PEERS,
    auditPeerService: values.NIMBUS_AUDIT_PEER_SERVICE,
    store,
    outboundAllowHosts: values.NIMBUS_OUTBOUND_ALLOW_HOSTS,
    helmPath: values.NIMBUS_HELM_PATH,
    memberTimeoutMs: values.NIMBUS_MEMBER_TIMEOUT_MS,
    clusterProbeIntervalMs: values.NIMBUS_CLUSTER_PROBE_INTERVAL_MS,
    alarmIntervalMs: values.NIMBUS_ALARM_INTERVAL_MS,
    costSampleSeconds: values.NIMBUS_COST_SAMPLE_SECONDS,
    vendorEndpoints: vendorEndpointsOf(values),
  };
}

export function readPackageVersion(): string {
  const manifest = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(operatorPackageJson, 'utf8')));
  return manifest.version;
}
