import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';
import type { Page } from './iamApi';

/** One recorded API call; header and body arrive already redacted by the server. */
export interface AuditRecordView {
  id: string;
  userName: string;
  resource: string;
  method: string;
  requestTime: string;
  uri: string;
  httpStatus: number;
  code: number;
  message: string;
  handleTimeMs: number;
  requestHeader: unknown;
  requestBody: unknown;
}

/** Query parameters of GET /audit.{host}/records; absent filters are not sent. */
export interface AuditQuery {
  user?: string;
  resource?: string;
  method?: string;
  status?: number;
  /** ISO 8601 instants. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const auditApi = baseApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditRecords: build.query<Page<AuditRecordView>, AuditQuery>({
      query: (params) => ({ url: `${servicePath('audit')}/records`, params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useListAuditRecordsQuery } = auditApi;
