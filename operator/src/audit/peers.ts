/** Base URLs of the other replicas, asked afresh for every audit query (queries are rare). */
export type PeerSource = () => Promise<string[]>;

export const noPeers: PeerSource = () => Promise.resolve([]);

/** NIMBUS_AUDIT_PEERS: a fixed list of the other replicas' base URLs. */
export function staticPeers(urls: string[]): PeerSource {
  return () => Promise.resolve([...urls]);
}
