// The test bed's private registry (hack/testbed/secure-registry.sh): TLS from the test-bed CA,
// basic auth, and the images its start pushed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { testEnv } from './env.js';

function stateDir(): string {
  return join(dirname(testEnv.hubKubeconfig), 'secure-registry');
}

export const secureRegistry = {
  /** 127.0.0.1:<port base + 6>, as the registry's configuration has it. */
  get host(): string {
    const config = readFileSync(join(stateDir(), 'config.yml'), 'utf8');
    const addr = /^\s*addr:\s*(\S+)\s*$/m.exec(config)?.[1];
    if (!addr) throw new Error('the secure registry has no address: is the test bed up?');
    return addr;
  },
  get caCertificate(): string {
    return readFileSync(join(stateDir(), 'tls', 'ca.crt'), 'utf8');
  },
  username: 'nimbus-puller',
  get password(): string {
    return readFileSync(join(stateDir(), 'password'), 'utf8').trim();
  },
  /** What secure-registry.sh start pushes: repository → tags. */
  images: {
    'library/hello': ['1.0', '1.1', 'latest'],
    'team/tools/busy': ['2024.1', '2024.2'],
  } as Record<string, string[]>,
};
