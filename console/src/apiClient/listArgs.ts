import type { EndpointId, PageQuery, ParamsFor, QueryFor, SortedPageQuery } from '@nimbus/api';
import { endpointQuery, type EndpointRequest, type PathValues } from './endpointUrl';

/** A server-paged list of one organization, as the list screens ask for it. */
export interface ListArgs
  extends Pick<PageQuery, 'page' | 'pageSize'>, Partial<Pick<SortedPageQuery, 'sort' | 'order'>> {
  organizationId: string;
  search?: string;
}

type PageAndSearch = Pick<PageQuery, 'page' | 'pageSize'> & {
  search?: string;
} & Partial<Pick<SortedPageQuery, 'sort' | 'order'>>;

/** The endpoints whose query takes a page, a search and an order (the admin lists). */
export type PagedEndpointId = {
  [K in EndpointId]: PageAndSearch extends QueryFor<K> ? K : never;
}[EndpointId];

/** The request of a list: the page, and a search and an order only when there are. */
export function listQuery<K extends PagedEndpointId>(
  id: K,
  params: PathValues<ParamsFor<K>>,
  { page, pageSize, search, sort, order }: ListArgs,
): EndpointRequest {
  const query: PageAndSearch = {
    page,
    pageSize,
    search: search || undefined,
    ...(sort ? { sort, order: order ?? 'asc' } : {}),
  };
  return endpointQuery(id, params, query as QueryFor<K>);
}
