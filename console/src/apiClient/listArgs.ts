import type { PageQuery } from '@nimbus/api';

/** A server-paged list of one organization, as the list screens ask for it. */
export interface ListArgs extends Pick<PageQuery, 'page' | 'pageSize'> {
  organizationId: string;
  search?: string;
}

/** The request of a list: the page and a search only when there is one. */
export const listQuery = (url: string, { page, pageSize, search }: ListArgs) => ({
  url,
  params: { page, pageSize, search: search || undefined },
});
