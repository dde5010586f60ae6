// The shipped price catalogue: hourly on-demand list prices (Linux, shared tenancy, USD) of a
// small representative set of common instance types per vendor and region. It is not complete:
// a node whose type or region is missing is priced by the cluster's custom price, or else by the
// default per-resource rates below (and the answer says which source priced it).
import type { ProviderKind } from '@nimbus/api/shared';

export interface CatalogueEntry {
  instanceType: string;
  vcpu: number;
  memoryGiB: number;
  /** USD per node-hour, pay-as-you-go / on-demand list price. */
  hourly: number;
}

export interface VendorPrices {
  /** The vendor's public price pages the figures were taken from. */
  sources: readonly string[];
  /** region id → instance types priced there. */
  regions: Readonly<Record<string, readonly CatalogueEntry[]>>;
}

/**
 * The date the figures were transcribed. They are list prices from the vendors' public price
 * pages (international sites, USD); vendors change them, so an operator with negotiated or
 * changed prices sets a custom price on the Cluster instead.
 */
export const catalogueDate = '2026-11-24';
export const catalogueCurrency = 'USD';

/**
 * OpenCost's default rates, used for a node the catalogue does not know (and to split a node's
 * price between CPU and memory): USD per vCPU-hour and per GiB-hour. Source:
 * https://github.com/opencost/opencost/blob/develop/configs/default.json
 */
export const defaultRates = { cpuCoreHour: 0.031611, memoryGiBHour: 0.004237 } as const;

const entry = (instanceType: string, vcpu: number, memoryGiB: number, hourly: number) => ({
  instanceType,
  vcpu,
  memoryGiB,
  hourly,
});

const awsUs = [
  entry('t3.medium', 2, 4, 0.0416),
  entry('t3.large', 2, 8, 0.0832),
  entry('m5.large', 2, 8, 0.096),
  entry('m5.xlarge', 4, 16, 0.192),
  entry('m5.2xlarge', 8, 32, 0.384),
  entry('m6i.xlarge', 4, 16, 0.192),
  entry('c5.xlarge', 4, 8, 0.17),
  entry('c5.2xlarge', 8, 16, 0.34),
  entry('r5.xlarge', 4, 32, 0.252),
];

export const priceCatalogue: Readonly<Partial<Record<ProviderKind, VendorPrices>>> = {
  ProviderAWS: {
    sources: ['https://aws.amazon.com/ec2/pricing/on-demand/'],
    regions: {
      'us-east-1': awsUs,
      'us-west-2': awsUs,
      'eu-west-1': [
        entry('m5.large', 2, 8, 0.107),
        entry('m5.xlarge', 4, 16, 0.214),
        entry('m5.2xlarge', 8, 32, 0.428),
        entry('c5.xlarge', 4, 8, 0.192),
      ],
    },
  },
  ProviderALiCloud: {
    sources: [
      'https://www.alibabacloud.com/product/ecs/pricing',
      'https://www.alibabacloud.com/pricing-calculator#/commodity/vm_intl',
    ],
    regions: {
      'cn-hangzhou': [
        entry('ecs.g7.large', 2, 8, 0.1),
        entry('ecs.g7.xlarge', 4, 16, 0.2),
        entry('ecs.g7.2xlarge', 8, 32, 0.4),
        entry('ecs.c7.xlarge', 4, 8, 0.164),
        entry('ecs.r7.xlarge', 4, 32, 0.262),
      ],
      'cn-beijing': [entry('ecs.g7.large', 2, 8, 0.1), entry('ecs.g7.xlarge', 4, 16, 0.2)],
    },
  },
  ProviderGCP: {
    sources: ['https://cloud.google.com/compute/vm-instance-pricing'],
    regions: {
      'us-central1': [
        entry('e2-medium', 2, 4, 0.033503),
        entry('e2-standard-2', 2, 8, 0.067006),
        entry('e2-standard-4', 4, 16, 0.134012),
        entry('n2-standard-2', 2, 8, 0.097118),
        entry('n2-standard-4', 4, 16, 0.194236),
        entry('n1-standard-4', 4, 15, 0.189999),
      ],
    },
  },
  ProviderTencent: {
    sources: ['https://www.tencentcloud.com/pricing/cvm'],
    regions: {
      'ap-guangzhou': [
        entry('S5.MEDIUM4', 2, 4, 0.063),
        entry('S5.LARGE8', 4, 8, 0.126),
        entry('S5.LARGE16', 4, 16, 0.16),
        entry('SA2.LARGE8', 4, 8, 0.105),
      ],
    },
  },
  ProviderHuawei: {
    sources: ['https://www.huaweicloud.com/intl/en-us/pricing/calculator.html#/ecs'],
    regions: {
      'cn-north-4': [
        entry('s6.large.2', 2, 4, 0.063),
        entry('s6.xlarge.2', 4, 8, 0.126),
        entry('c7.xlarge.2', 4, 8, 0.16),
        entry('c7.xlarge.4', 4, 16, 0.2),
      ],
    },
  },
};

/** The catalogue's price of an instance type in a region, if it has one. */
export function cataloguePrice(
  provider: ProviderKind,
  region: string,
  instanceType: string,
): CatalogueEntry | undefined {
  return priceCatalogue[provider]?.regions[region]?.find((e) => e.instanceType === instanceType);
}

/**
 * For a cluster registered by kubeconfig: the vendor whose catalogue lists the instance type in
 * that region (an imported EKS or ACK cluster keeps its vendor's node labels).
 */
export function anyVendorPrice(region: string, instanceType: string): CatalogueEntry | undefined {
  for (const vendor of Object.values(priceCatalogue)) {
    const listed = vendor.regions[region]?.find((e) => e.instanceType === instanceType);
    if (listed) return listed;
  }
  return undefined;
}
