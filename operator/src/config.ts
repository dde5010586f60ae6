import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultConsoleDir, operatorPackageJson } from './paths.js';

const hostnamePattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
  KUBECONFIG: z.string().optional(),
  NIMBUS_CONSOLE_DIR: z.string().default(defaultConsoleDir),
  NIMBUS_LOG_LEVEL: z.enum(logLevels).default('info'),
  NIMBUS_MFA_ENABLED: z.stringbool().default(false),
  NIMBUS_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  NIMBUS_VERSION: z.string().optional(),
});

export type LogLevel = (typeof logLevels)[number];

export interface Config {
  host: string;
  listenAddr: string;
  port: number;
  kubeconfig: string | undefined;
  consoleDir: string;
  logLevel: LogLevel;
  mfaEnabled: boolean;
  shutdownTimeoutMs: number;
  version: string;
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
  return {
    host: values.NIMBUS_HOST,
    listenAddr: values.NIMBUS_LISTEN_ADDR,
    port: values.NIMBUS_PORT,
    kubeconfig: values.KUBECONFIG,
    consoleDir: values.NIMBUS_CONSOLE_DIR,
    logLevel: values.NIMBUS_LOG_LEVEL,
    mfaEnabled: values.NIMBUS_MFA_ENABLED,
    shutdownTimeoutMs: values.NIMBUS_SHUTDOWN_TIMEOUT_MS,
    version: values.NIMBUS_VERSION ?? readVersion(),
  };
}

export function readPackageVersion(): string {
  const manifest = z
    .object({ version: z.string() })
    .parse(JSON.parse(readFileSync(operatorPackageJson, 'utf8')));
  return manifest.version;
}
