import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { choosePeers } from './setup.js';

const config = (env: Record<string, string>) =>
  parseConfig({ NIMBUS_SESSION_KEY_FILE: '/dev/null', ...env }, () => '0.0.0');

describe('choosing audit peers', () => {
  it('uses NIMBUS_AUDIT_PEERS as given', async () => {
    const peers = choosePeers(
      config({ NIMBUS_AUDIT_PEERS: 'http://10.0.0.2:8080,http://10.0.0.3:8080' }),
      undefined,
    );
    expect(await peers()).toEqual(['http://10.0.0.2:8080', 'http://10.0.0.3:8080']);
  });

  it('has no peers without a list, or without a hub connection for the peer Service', async () => {
    expect(await choosePeers(config({}), new KubeConfig())()).toEqual([]);
    expect(
      await choosePeers(config({ NIMBUS_AUDIT_PEER_SERVICE: 'nimbus-peers' }), undefined)(),
    ).toEqual([]);
  });
});
