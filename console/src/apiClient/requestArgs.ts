import type { ClusterLocation, ResourceQuotaSpec, LimitRangeSpec } from '@nimbus/api';

// What the console's screens hand to the API hooks: contract types placed at a cluster, in the
// console's own words (a resource's plural, a map field) where the screens need them.

/** An object of any indexed kind, addressed by its plural. */
export interface ResourceAddress extends ClusterLocation {
  plural: string;
  name: string;
  namespace?: string;
}

export type MapField = 'labels' | 'annotations';

export interface ResourceMapUpdate {
  address: ResourceAddress;
  field: MapField;
  values: Record<string, string>;
}

/** The filters of an index list of one kind. */
export interface ResourceFilters {
  plural: string;
  cluster?: string;
  namespace?: string;
  /** `Key:Val` entries (SPEC §5). */
  labels?: readonly string[];
  name?: string;
  pageSize: number;
}

/** A quota or limit range write: POST creates `name`, PUT (`replace`) replaces its spec. */
export interface PolicyWrite<S extends ResourceQuotaSpec | LimitRangeSpec> extends ClusterLocation {
  namespace: string;
  name: string;
  replace: boolean;
  spec: S;
}
