import type { BodyFor, ClusterLocation, LimitRangeSpec } from '@nimbus/api';

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
  /** `Key:Val` entries. */
  labels?: readonly string[];
  name?: string;
  pageSize: number;
}

/** One page of a list screen: its filters, order and keyset cursor. */
export interface ResourcePageArgs extends ResourceFilters {
  sort: 'name' | 'created';
  order: 'asc' | 'desc';
  cursor?: string;
}

/** A quota or limit range write: POST creates `name`, PUT (`replace`) replaces its spec. */
export type QuotaSpecInput = BodyFor<'createResourceQuota'>['spec'];
/**
 * A limit range's items other than Pod and Container go back as Kubernetes returned them (any
 * type): the operator checks them.
 */
export type LimitRangeSpecInput = LimitRangeSpec;

export interface PolicyWrite<
  S extends QuotaSpecInput | LimitRangeSpecInput,
> extends ClusterLocation {
  namespace: string;
  name: string;
  replace: boolean;
  spec: S;
}
