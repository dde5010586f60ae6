import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, readPackageVersion } from './config.js';
import { defaultConsoleDir } from './paths.js';

const fixedVersion = (): string => '1.2.3';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env, fixedVersion);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(parseConfig({}, fixedVersion)).toEqual({
      host: 'nimbus.io',
      listenAddr: '127.0.0.1',
      port: 8080,
      kubeconfig: undefined,
      consoleDir: defaultConsoleDir,
      logLevel: 'info',
      mfaEnabled: false,
      shutdownTimeoutMs: 10_000,
      version: '1.2.3',
    });
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        NIMBUS_HOST: 'cloud.example.com',
        NIMBUS_LISTEN_ADDR: '0.0.0.0',
        NIMBUS_PORT: '9443',
        KUBECONFIG: '/etc/hub/kubeconfig',
        NIMBUS_CONSOLE_DIR: '/srv/console',
        NIMBUS_LOG_LEVEL: 'debug',
        NIMBUS_MFA_ENABLED: 'true',
        NIMBUS_SHUTDOWN_TIMEOUT_MS: '2500',
        NIMBUS_VERSION: '2.0.0-rc.1',
      },
      fixedVersion,
    );
    expect(config).toMatchObject({
      host: 'cloud.example.com',
      listenAddr: '0.0.0.0',
      port: 9443,
      kubeconfig: '/etc/hub/kubeconfig',
      consoleDir: '/srv/console',
      logLevel: 'debug',
      mfaEnabled: true,
      shutdownTimeoutMs: 2500,
      version: '2.0.0-rc.1',
    });
  });

  it('treats empty variables as unset', () => {
    const config = parseConfig({ KUBECONFIG: '', NIMBUS_PORT: ' ' }, fixedVersion);
    expect(config.kubeconfig).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it.each([
    ['NIMBUS_MFA_ENABLED', '0', false],
    ['NIMBUS_MFA_ENABLED', 'yes', true],
  ])('parses %s=%s as a boolean', (name, value, expected) => {
    expect(parseConfig({ [name]: value }, fixedVersion).mfaEnabled).toBe(expected);
  });

  it('lists every invalid variable by name', () => {
    const problems = problemsOf({
      NIMBUS_PORT: '70000',
      NIMBUS_HOST: 'Not A Host',
      NIMBUS_LOG_LEVEL: 'loud',
      NIMBUS_MFA_ENABLED: 'maybe',
      NIMBUS_LISTEN_ADDR: 'example.com',
      NIMBUS_SHUTDOWN_TIMEOUT_MS: 'soon',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual([
      'NIMBUS_HOST',
      'NIMBUS_LISTEN_ADDR',
      'NIMBUS_LOG_LEVEL',
      'NIMBUS_MFA_ENABLED',
      'NIMBUS_PORT',
      'NIMBUS_SHUTDOWN_TIMEOUT_MS',
    ]);
  });

  it('puts each problem on its own line in the error message', () => {
    const error = (() => {
      try {
        parseConfig({ NIMBUS_PORT: 'http' }, fixedVersion);
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
