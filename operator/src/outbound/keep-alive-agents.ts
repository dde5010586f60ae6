import http from 'node:http';
import https from 'node:https';
import { pinnedLookup } from './pinned-lookup.js';

// Keep-alive agents for callers that talk to the same address often (a monitor's direct
// address): one per origin and checked addresses, each dialling only those addresses. A change
// of the addresses (DNS, a new monitor address) gets a new agent, still pinned.
const agents = new Map<string, http.Agent>();
const maxAgents = 256;

export function keepAliveAgent(url: URL, addresses: readonly string[]): http.Agent {
  const key = `${url.origin}|${addresses.join(',')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 16, lookup: pinnedLookup(addresses) };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= maxAgents) {
      const [oldest] = agents.keys();
      if (oldest !== undefined) {
        agents.get(oldest)?.destroy();
        agents.delete(oldest);
      }
    }
    agents.set(key, agent);
  }
  return agent;
}
