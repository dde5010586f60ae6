import { describe, expect, it } from 'vitest';
import type { ClusterPricing, ContainerInput, NodeInput } from './allocation.js';
import { allocate, gib, priceNode } from './allocation.js';

const onPremise: ClusterPricing = {
  provider: 'ProviderKubeconfig',
  region: 'dc-1',
  customPrice: { cpuCoreHour: 0.04, memoryGiBHour: 0.005 },
};
const node: NodeInput = { name: 'n1', cpuCores: 4, memoryBytes: 16 * gib };

const container = (over: Partial<ContainerInput>): ContainerInput => ({
  namespace: 'shop',
  pod: 'web-1',
  container: 'app',
  node: 'n1',
  workload: { kind: 'Deployment', name: 'web' },
  labels: { team: 'a' },
  cpuRequestCores: 0,
  memoryRequestBytes: 0,
  ...over,
});

describe('priceNode', () => {
  it('splits a catalogue price between CPU and memory in the default rates proportion', () => {
    // m5.xlarge in us-east-1: $0.192/h, 4 vCPU, 16 GiB. Default weights: 4 × 0.031611 = 0.126444
    // and 16 × 0.004237 = 0.067792, so CPU takes 0.126444 / 0.194236 = 0.650981 of the price:
    // 0.192 × 0.650981 = 0.124988 for 4 cores (0.031247 per core-hour) and 0.067012 for memory
    // (0.004188 per GiB-hour).
    const price = priceNode(
      { name: 'm', instanceType: 'm5.xlarge', cpuCores: 4, memoryBytes: 16 * gib },
      { provider: 'ProviderAWS', region: 'us-east-1' },
    );
    expect(price.source).toBe('catalogue');
    expect(price.hourly).toBe(0.192);
    expect(price.cpuCoreHour).toBeCloseTo(0.031247, 6);
    expect(price.memoryGiBHour).toBeCloseTo(0.004188, 6);
  });

  it('uses the node region label before the cluster region', () => {
    // eu-west-1 lists m5.xlarge at $0.214/h, us-east-1 at $0.192/h.
    const price = priceNode(
      {
        name: 'm',
        instanceType: 'm5.xlarge',
        region: 'eu-west-1',
        cpuCores: 4,
        memoryBytes: 16 * gib,
      },
      { provider: 'ProviderAWS', region: 'us-east-1' },
    );
    expect(price.hourly).toBe(0.214);
  });

  it('prices a kubeconfig cluster by its custom price first, else by the labels it carries', () => {
    const box = { name: 'm', instanceType: 'm5.xlarge', cpuCores: 4, memoryBytes: 16 * gib };
    const imported: ClusterPricing = { provider: 'ProviderKubeconfig', region: 'us-east-1' };
    expect(priceNode(box, imported)).toMatchObject({ source: 'catalogue', hourly: 0.192 });
    // with a custom price: 4 × 0.04 + 16 × 0.005 = 0.24
    expect(priceNode(box, { ...imported, customPrice: onPremise.customPrice })).toMatchObject({
      source: 'custom',
      hourly: 0.24,
    });
  });

  it('prices an unlisted node by the custom price, else by the default rates', () => {
    // 4 × 0.04 + 16 × 0.005 = 0.24
    expect(priceNode(node, onPremise)).toEqual({
      hourly: 0.24,
      cpuCoreHour: 0.04,
      memoryGiBHour: 0.005,
      source: 'custom',
    });
    // 4 × 0.031611 + 16 × 0.004237 = 0.126444 + 0.067792 = 0.194236
    const fallback = priceNode(
      { ...node, instanceType: 'x9.huge' },
      { provider: 'ProviderAWS', region: 'us-east-1' },
    );
    expect(fallback.source).toBe('default');
    expect(fallback.hourly).toBeCloseTo(0.194236, 6);
  });
});

describe('allocate', () => {
  it('charges max(request, usage) and leaves the rest of the node as idle', () => {
    const result = allocate(
      [node],
      [
        // 1 core (request above usage 0.5), 3 GiB (usage above request 2 GiB)
        container({
          cpuRequestCores: 1,
          cpuUsageCores: 0.5,
          memoryRequestBytes: 2 * gib,
          memoryUsageBytes: 3 * gib,
        }),
        // no requests: usage alone, 0.25 cores and 1 GiB
        container({
          namespace: 'ops',
          pod: 'agent-x',
          workload: { kind: 'DaemonSet', name: 'agent' },
          labels: {},
          cpuUsageCores: 0.25,
          memoryUsageBytes: gib,
        }),
      ],
      onPremise,
      2,
    );
    const [web, agent] = result.workloads;
    // web: CPU 1 × 0.04 × 2 = 0.08; memory 3 × 0.005 × 2 = 0.03
    expect(web?.cpuCost).toBeCloseTo(0.08, 10);
    expect(web?.memoryCost).toBeCloseTo(0.03, 10);
    expect(web?.cpuCoreHours).toBeCloseTo(2, 10);
    expect(web?.memoryGiBHours).toBeCloseTo(6, 10);
    // agent: CPU 0.25 × 0.04 × 2 = 0.02; memory 1 × 0.005 × 2 = 0.01
    expect(agent?.cpuCost).toBeCloseTo(0.02, 10);
    expect(agent?.memoryCost).toBeCloseTo(0.01, 10);
    // idle: CPU (4 − 1.25) × 0.04 × 2 = 0.22; memory (16 − 4) × 0.005 × 2 = 0.12
    expect(result.idle.cpuCost).toBeCloseTo(0.22, 10);
    expect(result.idle.memoryCost).toBeCloseTo(0.12, 10);
    // the node's whole cost, 0.24 × 2 = 0.48, is accounted for: 0.11 + 0.03 + 0.34
    expect(result.nodes).toEqual([
      expect.objectContaining({ name: 'n1', priceSource: 'custom', cost: 0.48 }),
    ]);
    expect(result.nodes[0]?.idleCost).toBeCloseTo(0.34, 10);
  });

  it('sums the containers of one workload and ignores pods on nodes it does not know', () => {
    const result = allocate(
      [node],
      [
        container({ pod: 'web-1', cpuRequestCores: 0.5 }),
        container({ pod: 'web-2', cpuRequestCores: 0.5 }),
        container({ pod: 'lost', node: 'gone', cpuRequestCores: 3 }),
      ],
      onPremise,
      1,
    );
    expect(result.workloads).toHaveLength(1);
    // 1 core × 0.04 × 1 h
    expect(result.workloads[0]?.cpuCost).toBeCloseTo(0.04, 10);
    // idle CPU (4 − 1) × 0.04 = 0.12, idle memory 16 × 0.005 = 0.08
    expect(result.idle.cpuCost).toBeCloseTo(0.12, 10);
    expect(result.idle.memoryCost).toBeCloseTo(0.08, 10);
  });

  it('never makes idle negative when usage exceeds capacity', () => {
    const result = allocate([node], [container({ cpuUsageCores: 6 })], onPremise, 1);
    expect(result.idle.cpuCost).toBe(0);
    // the workload pays for what it used: 6 × 0.04
    expect(result.workloads[0]?.cpuCost).toBeCloseTo(0.24, 10);
  });
});
