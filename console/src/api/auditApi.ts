import type { AuditQueryParams, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

/** One recorded API call; header and body arrive already redacted by the server. */
export type AuditRecordView = ResponseFor<'listAuditRecords'>['items'][number];

/** Query parameters of GET /audit.{host}/records; absent filters are not sent. */
export type AuditQuery = AuditQueryParams & { page: number; pageSize: number };

export const auditApi = baseApi.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditRecords: build.query<ResponseFor<'listAuditRecords'>, AuditQuery>({
      query: (params) => ({ url: `${servicePath('audit')}/records`, params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useListAuditRecordsQuery } = auditApi;
