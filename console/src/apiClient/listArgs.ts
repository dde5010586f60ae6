import type { EndpointId, PageQuery, ParamsFor, QueryFor } from '@nimbus/api';
import { endpointQuery, type EndpointRequest, type PathValues } from './endpointUrl';

/** A server-paged list of one organization, as the list screens ask for it. */
export interface ListArgs extends Pick<PageQuery, 'page' | 'pageSize'> {
  organizationId: string;
  search?: string;
}

type PageAndSearch = Pick<PageQuery, 'page' | 'pageSize'> & { search?: string };

/** The endpoints whose query takes a page and a search. */
export type PagedEndpointId = {
  [K in EndpointId]: PageAndSearch extends QueryFor<K> ? K : never;
}[EndpointId];

/** The request of a list: the page and a search only when there is one. */
export function listQuery<K extends PagedEndpointId>(
  id: K,
  params: PathValues<ParamsFor<K>>,
  { page, pageSize, search }: ListArgs,
): EndpointRequest {
  const query: PageAndSearch = { page, pageSize, search: search || undefined };
  return endpointQuery(id, params, query as QueryFor<K>);
}
