import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, readPackageVersion } from './config.js';
import { defaultConsoleDir, defaultDataDir } from './paths.js';

const fixedVersion = (): string => '1.2.3';
const required = { NIMBUS_SESSION_KEY_FILE: '/run/nimbus/session-key' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig({ ...required, ...env }, fixedVersion);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults to an environment with only the required variables', () => {
    expect(parseConfig(required, fixedVersion)).toEqual({
      host: 'nimbus.io',
      listenAddr: '127.0.0.1',
      port: 8080,
      metricsPort: 9090,
      kubeconfig: undefined,
      consoleDir: defaultConsoleDir,
      logLevel: 'info',
      mfaEnabled: false,
      manageCrds: true,
      revision: undefined,
      shutdownTimeoutMs: 10_000,
      leaderElection: { leaseDurationMs: 15_000, renewDeadlineMs: 10_000 },
      version: '1.2.3',
      namespace: 'nimbus-system',
      sessionKey: { kind: 'file', path: '/run/nimbus/session-key' },
      sessionKeySecret: undefined,
      initialAdminSecret: 'nimbus-initial-admin',
      sessionTtlSeconds: 43_200,
      streamMaxLifetimeSeconds: 14_400,
      registrationsPerAddress: 20,
      trustProxy: false,
      podName: undefined,
      dataDir: defaultDataDir,
      auditRetentionDays: 90,
      auditMaxBytes: 8 * 1024 ** 3,
      auditPruneIntervalMs: 3_600_000,
      hubRelistIntervalMs: 300_000,
      auditPolicyFile: undefined,
      auditWebhookUrl: undefined,
      auditPeers: undefined,
      auditPeerService: undefined,
      store: { kind: 'sqlite' },
      outboundAllowHosts: [],
      helmPath: 'helm',
      memberTimeoutMs: 5_000,
      clusterProbeIntervalMs: 15_000,
      alarmIntervalMs: 15_000,
      costSampleSeconds: 600,
      vendorEndpoints: {},
    });
  });

  it('reads the outbound allow-list as host[:port] entries and refuses URLs', () => {
    const config = parseConfig(
      { ...required, NIMBUS_OUTBOUND_ALLOW_HOSTS: '127.0.0.1:16440, [::1]:6443,api.local' },
      fixedVersion,
    );
    expect(config.outboundAllowHosts).toEqual(['127.0.0.1:16440', '[::1]:6443', 'api.local']);
    expect(problemsOf({ NIMBUS_OUTBOUND_ALLOW_HOSTS: 'https://127.0.0.1:16440' })).toEqual([
      'NIMBUS_OUTBOUND_ALLOW_HOSTS: must be comma-separated host or host:port entries',
    ]);
  });

  it('reads vendor API endpoints by adapter key and refuses non-URLs', () => {
    const config = parseConfig(
      {
        ...required,
        NIMBUS_EKS_ENDPOINT: 'http://127.0.0.1:9100',
        NIMBUS_ALIBABA_ENDPOINT: 'https://cs.{region}.aliyuncs.com',
      },
      fixedVersion,
    );
    expect(config.vendorEndpoints).toEqual({
      eks: 'http://127.0.0.1:9100',
      alibaba: 'https://cs.{region}.aliyuncs.com',
    });
    expect(problemsOf({ NIMBUS_TENCENT_ENDPOINT: 'tke.example.com' })).toEqual([
      'NIMBUS_TENCENT_ENDPOINT: must be an http(s) base URL ({region} allowed)',
    ]);
  });

  it('refuses to start without a session key file or Secret', () => {
    expect(problemsOf({ NIMBUS_SESSION_KEY_FILE: '' })).toEqual([
      'NIMBUS_SESSION_KEY_FILE or NIMBUS_SESSION_KEY_SECRET: one is required: a file holding the session signing key (at least 32 bytes), or the Secret the operator keeps it in',
    ]);
  });

  it('keeps the session key in a Secret when no file is given, and a file wins over it', () => {
    const fromSecret = parseConfig(
      { NIMBUS_SESSION_KEY_SECRET: 'nimbus-session-key' },
      fixedVersion,
    );
    expect(fromSecret.sessionKey).toEqual({
      kind: 'secret',
      name: 'nimbus-session-key',
      key: 'signing-key',
    });
    expect(fromSecret.sessionKeySecret).toBe('nimbus-session-key');
    const customKey = parseConfig(
      { NIMBUS_SESSION_KEY_SECRET: 'mine', NIMBUS_SESSION_KEY_SECRET_KEY: 'key.txt' },
      fixedVersion,
    );
    expect(customKey.sessionKey).toEqual({ kind: 'secret', name: 'mine', key: 'key.txt' });
    const both = parseConfig(
      { NIMBUS_SESSION_KEY_SECRET: 'mine', NIMBUS_SESSION_KEY_FILE: '/keys/session' },
      fixedVersion,
    );
    expect(both.sessionKey).toEqual({ kind: 'file', path: '/keys/session' });
    expect(problemsOf({ NIMBUS_SESSION_KEY_SECRET: 'Not_A_Name' })).toEqual([
      'NIMBUS_SESSION_KEY_SECRET: must be a Secret name',
    ]);
  });

  it.each([
    ['30m', 1800],
    ['90s', 90],
    ['3600', 3600],
    ['2d', 172_800],
  ])('reads NIMBUS_SESSION_TTL=%s as %d seconds', (value, seconds) => {
    const config = parseConfig({ ...required, NIMBUS_SESSION_TTL: value }, fixedVersion);
    expect(config.sessionTtlSeconds).toBe(seconds);
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        NIMBUS_HOST: 'cloud.example.com',
        NIMBUS_LISTEN_ADDR: '0.0.0.0',
        NIMBUS_PORT: '9443',
        NIMBUS_METRICS_PORT: '9444',
        KUBECONFIG: '/etc/hub/kubeconfig',
        NIMBUS_CONSOLE_DIR: '/srv/console',
        NIMBUS_LOG_LEVEL: 'debug',
        NIMBUS_MFA_ENABLED: 'true',
        NIMBUS_SHUTDOWN_TIMEOUT_MS: '2500',
        NIMBUS_LEADER_LEASE_SECONDS: '60',
        NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: '40',
        NIMBUS_VERSION: '2.0.0-rc.1',
        NIMBUS_NAMESPACE: 'nimbus',
        NIMBUS_SESSION_KEY_FILE: '/keys/session',
        NIMBUS_INITIAL_ADMIN_SECRET: 'nimbus-admin',
        NIMBUS_SESSION_TTL: '1h',
        NIMBUS_STREAM_MAX_LIFETIME: '30m',
        NIMBUS_REGISTRATIONS_PER_ADDRESS: '500',
        NIMBUS_TRUST_PROXY: 'true',
        NIMBUS_POD_NAME: 'nimbus-0',
        NIMBUS_DATA_DIR: '/var/lib/nimbus',
        NIMBUS_AUDIT_RETENTION_DAYS: '30',
        NIMBUS_AUDIT_MAX_BYTES: '512Mi',
        NIMBUS_AUDIT_PRUNE_INTERVAL: '5m',
        NIMBUS_HUB_RELIST_INTERVAL: '2m',
        NIMBUS_AUDIT_POLICY_FILE: '/etc/nimbus/audit/policy.yaml',
        NIMBUS_AUDIT_WEBHOOK_URL: 'https://siem.example.com/hook',
        NIMBUS_AUDIT_PEERS: 'http://10.0.0.2:8080/, https://peer.example.com',
        NIMBUS_AUDIT_PEER_SERVICE: 'nimbus-peers',
      },
      fixedVersion,
    );
    expect(config).toMatchObject({
      host: 'cloud.example.com',
      listenAddr: '0.0.0.0',
      port: 9443,
      metricsPort: 9444,
      kubeconfig: '/etc/hub/kubeconfig',
      consoleDir: '/srv/console',
      logLevel: 'debug',
      mfaEnabled: true,
      shutdownTimeoutMs: 2500,
      leaderElection: { leaseDurationMs: 60_000, renewDeadlineMs: 40_000 },
      version: '2.0.0-rc.1',
      namespace: 'nimbus',
      sessionKey: { kind: 'file', path: '/keys/session' },
      initialAdminSecret: 'nimbus-admin',
      sessionTtlSeconds: 3600,
      streamMaxLifetimeSeconds: 1800,
      registrationsPerAddress: 500,
      trustProxy: 1,
      podName: 'nimbus-0',
      dataDir: '/var/lib/nimbus',
      auditRetentionDays: 30,
      auditMaxBytes: 512 * 1024 ** 2,
      auditPruneIntervalMs: 300_000,
      hubRelistIntervalMs: 120_000,
      auditPolicyFile: '/etc/nimbus/audit/policy.yaml',
      auditWebhookUrl: 'https://siem.example.com/hook',
      auditPeers: ['http://10.0.0.2:8080', 'https://peer.example.com'],
      auditPeerService: 'nimbus-peers',
    });
  });

  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, loopback, fd00::1', ['10.0.0.0/8', 'loopback', 'fd00::1']],
  ])('reads NIMBUS_TRUST_PROXY=%s as which proxy hops to believe', (value, expected) => {
    expect(
      parseConfig({ ...required, NIMBUS_TRUST_PROXY: value }, fixedVersion).trustProxy,
    ).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.local', '999'])(
    'refuses NIMBUS_TRUST_PROXY=%s',
    (value) => {
      expect(problemsOf({ NIMBUS_TRUST_PROXY: value })).toEqual([
        'NIMBUS_TRUST_PROXY: must be false, true, a number of proxy hops, or comma-separated proxy addresses/CIDRs',
      ]);
    },
  );

  it('refuses audit sizes, intervals and webhook URLs it cannot use', () => {
    expect(problemsOf({ NIMBUS_AUDIT_MAX_BYTES: '10GB' })).toEqual([
      'NIMBUS_AUDIT_MAX_BYTES: must be bytes or a size such as 512Mi or 8Gi',
    ]);
    expect(problemsOf({ NIMBUS_AUDIT_MAX_BYTES: '1Ki' })).toEqual([
      'NIMBUS_AUDIT_MAX_BYTES: must be at least 64Ki',
    ]);
    expect(problemsOf({ NIMBUS_AUDIT_PRUNE_INTERVAL: '2d' })).toHaveLength(1);
    expect(problemsOf({ NIMBUS_AUDIT_PRUNE_INTERVAL: '0s' })).toEqual([
      'NIMBUS_AUDIT_PRUNE_INTERVAL: must be at least 1s',
    ]);
    expect(problemsOf({ NIMBUS_AUDIT_WEBHOOK_URL: 'file:///etc/passwd' })).toEqual([
      'NIMBUS_AUDIT_WEBHOOK_URL: must be an http(s) URL',
    ]);
  });

  it('keeps the audit trail in PostgreSQL only with a connection string, its TLS from one place', () => {
    const url = 'postgresql://nimbus:secret@db.example:5432/nimbus';
    expect(
      parseConfig({ ...required, NIMBUS_STORE: 'postgres', NIMBUS_POSTGRES_URL: url }, fixedVersion)
        .store,
    ).toEqual({ kind: 'postgres', url, caFile: undefined, maxConnections: 10 });
    expect(
      parseConfig(
        {
          ...required,
          NIMBUS_STORE: 'postgres',
          NIMBUS_POSTGRES_URL: url,
          NIMBUS_POSTGRES_CA_FILE: '/run/pg/ca.crt',
          NIMBUS_POSTGRES_MAX_CONNECTIONS: '4',
        },
        fixedVersion,
      ).store,
    ).toEqual({ kind: 'postgres', url, caFile: '/run/pg/ca.crt', maxConnections: 4 });
    expect(problemsOf({ NIMBUS_STORE: 'postgres' })).toEqual([
      'NIMBUS_POSTGRES_URL: required when NIMBUS_STORE is postgres (the chart takes it from a Secret)',
    ]);
    expect(problemsOf({ NIMBUS_STORE: 'mysql' })).toHaveLength(1);
    expect(problemsOf({ NIMBUS_STORE: 'postgres', NIMBUS_POSTGRES_URL: 'mysql://db' })).toEqual([
      'NIMBUS_POSTGRES_URL: must be a postgresql:// connection string',
    ]);
    expect(
      problemsOf({
        NIMBUS_STORE: 'postgres',
        NIMBUS_POSTGRES_URL: `${url}?sslmode=disable`,
        NIMBUS_POSTGRES_CA_FILE: '/run/pg/ca.crt',
      }),
    ).toEqual([
      "NIMBUS_POSTGRES_URL: leave sslmode out when NIMBUS_POSTGRES_CA_FILE is set; the CA file turns on TLS with the server's name checked",
    ]);
    // The connection string holds a password: a refusal never repeats it.
    const refused = problemsOf({
      NIMBUS_STORE: 'postgres',
      NIMBUS_POSTGRES_URL: 'postgresql:// secret',
    });
    expect(refused.join(' ')).not.toContain('secret');
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig({ ...required, KUBECONFIG: '', NIMBUS_PORT: ' ' }, fixedVersion);
    expect(config.kubeconfig).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it.each([
    ['NIMBUS_MFA_ENABLED', '0', false],
    ['NIMBUS_MFA_ENABLED', 'yes', true],
  ])('parses %s=%s as a boolean', (name, value, expected) => {
    expect(parseConfig({ ...required, [name]: value }, fixedVersion).mfaEnabled).toBe(expected);
  });

  it('bounds NIMBUS_STREAM_MAX_LIFETIME to a day', () => {
    expect(problemsOf({ NIMBUS_STREAM_MAX_LIFETIME: '25h' })).toEqual([
      'NIMBUS_STREAM_MAX_LIFETIME: must be at most 24h',
    ]);
    const config = parseConfig({ ...required, NIMBUS_STREAM_MAX_LIFETIME: '24h' }, fixedVersion);
    expect(config.streamMaxLifetimeSeconds).toBe(86_400);
  });

  it('lists every invalid variable by name', () => {
    const problems = problemsOf({
      NIMBUS_PORT: '70000',
      NIMBUS_HOST: 'Not A Host',
      NIMBUS_LOG_LEVEL: 'loud',
      NIMBUS_MFA_ENABLED: 'maybe',
      NIMBUS_LISTEN_ADDR: 'example.com',
      NIMBUS_SHUTDOWN_TIMEOUT_MS: 'soon',
      NIMBUS_NAMESPACE: 'Nimbus_System',
      NIMBUS_SESSION_TTL: 'forever',
      NIMBUS_AUDIT_RETENTION_DAYS: '0',
      NIMBUS_AUDIT_PEERS: 'ftp://peer',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual([
      'NIMBUS_AUDIT_PEERS',
      'NIMBUS_AUDIT_RETENTION_DAYS',
      'NIMBUS_HOST',
      'NIMBUS_LISTEN_ADDR',
      'NIMBUS_LOG_LEVEL',
      'NIMBUS_MFA_ENABLED',
      'NIMBUS_NAMESPACE',
      'NIMBUS_PORT',
      'NIMBUS_SESSION_TTL',
      'NIMBUS_SHUTDOWN_TIMEOUT_MS',
    ]);
  });

  it('refuses a renew deadline that is not shorter than the Lease', () => {
    expect(
      problemsOf({
        NIMBUS_LEADER_LEASE_SECONDS: '20',
        NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: '20',
      }),
    ).toEqual([
      'NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: must be shorter than NIMBUS_LEADER_LEASE_SECONDS, so a leader stops before another replica may take the Lease',
    ]);
  });

  it('puts each problem on its own line in the error message', () => {
    const error = (() => {
      try {
        parseConfig({ ...required, NIMBUS_PORT: 'http' }, fixedVersion);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toMatch(/^invalid configuration:\n {2}- NIMBUS_PORT: /);
  });
});

describe('readPackageVersion', () => {
  it('reads the operator package version', () => {
    expect(readPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
